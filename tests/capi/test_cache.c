/* The compile cache through the C ABI: a second compile of the same program comes from memory,
 * a cleared cache compiles again, and a damaged entry on disk is compiled again rather than
 * trusted. PTX only, so it needs NVRTC but no GPU; skipped without NVRTC, after the entries of
 * the caller's, which need neither. */
#define _DEFAULT_SOURCE /* mkdtemp, setenv, symlink */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static const char source[] =
    "# scale : void (float a, float* X)\n"
    "def scale(a, X):\n"
    "    X[idx] = a * X[idx]\n";

static cudapy_cache_stats stats(void) {
    cudapy_cache_stats out;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    CHECK_OK(cudapy_cache_stats_get(&out));
    return out;
}

/* PTX of the program, or NULL without NVRTC. */
static char *ptx(void) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "scale.py", 1, 0));
    char *text = NULL;
    cudapy_status status = cudapy_program_ptx(program, NULL, &text);
    cudapy_program_delete(program);
    if (status == CUDAPY_ERROR_NVRTC_UNAVAILABLE) return NULL;
    CHECK_OK(status);
    CHECK(strstr(text, ".entry scale") != NULL);
    return text;
}

/* Overwrites the middle of every entry in `folder` with garbage; returns how many it damaged. */
static int damage_entries(const char *folder) {
    DIR *directory = opendir(folder);
    CHECK(directory != NULL);
    int damaged = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        FILE *file = fopen(path, "r+b");
        CHECK(file != NULL);
        CHECK(fseek(file, 120, SEEK_SET) == 0);
        CHECK(fwrite("garbage!", 1, 8, file) == 8);
        fclose(file);
        ++damaged;
    }
    closedir(directory);
    return damaged;
}

/* Entries of the caller's: read back as stored, NULL when absent (an empty one is not NULL),
 * dropped when damaged or cleared, kept nowhere with the disk cache off, and not counted as
 * compiled code. */
static void check_callers_entries(const char *folder) {
    cudapy_cache_stats before = stats();
    const char key[] = "launch code of scale";
    const char data[] = "bytes\0with a NUL";
    CHECK_OK(cudapy_cache_put(key, sizeof key - 1, data, sizeof data));
    char *out = NULL;
    size_t size = 99;
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out != NULL && size == sizeof data && memcmp(out, data, size) == 0);
    cudapy_string_free(out);
    CHECK_OK(cudapy_cache_get(key, 6, &out, &size)); /* "launch": another key */
    CHECK(out == NULL && size == 0);
    CHECK_OK(cudapy_cache_put("empty", 5, NULL, 0));
    CHECK_OK(cudapy_cache_get("empty", 5, &out, &size));
    CHECK(out != NULL && size == 0);
    cudapy_string_free(out);
    CHECK_STATUS(cudapy_cache_get(NULL, 0, &out, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "key is NULL") && out == NULL);
    CHECK_STATUS(cudapy_cache_put(key, 3, NULL, 4), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "data is NULL"));

    CHECK(damage_entries(folder) == 2);
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);
    CHECK_OK(cudapy_cache_put(key, sizeof key - 1, data, sizeof data));
    CHECK_OK(cudapy_cache_clear());
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);

    CHECK(setenv("CUDAPY_NO_DISK_CACHE", "1", 1) == 0);
    CHECK_OK(cudapy_cache_put(key, sizeof key - 1, data, sizeof data));
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);
    unsetenv("CUDAPY_NO_DISK_CACHE");
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);

    cudapy_cache_stats after = stats();
    CHECK(after.disk_hits == before.disk_hits && after.disk_writes == before.disk_writes &&
          after.bad_entries == before.bad_entries && after.compiles == before.compiles);
}

static unsigned mode_of(const char *path) {
    struct stat status;
    CHECK(lstat(path, &status) == 0);
    return (unsigned)(status.st_mode & 07777);
}

/* The path of the one entry in `folder` (the caller's, ".data"), into `path`. */
static void the_entry(const char *folder, char *path, size_t size) {
    DIR *directory = opendir(folder);
    CHECK(directory != NULL);
    int found = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(path, size, "%s/%s", folder, entry->d_name);
        ++found;
    }
    closedir(directory);
    CHECK(found == 1 && strstr(path, ".data") != NULL);
}

/* The cache trusts its user only: it makes its folders private; it neither reads nor writes a
 * folder others may write, warning once (kept for cudapy_warnings_take while captured); and it
 * takes what is not a regular file at an entry's name (a FIFO, a link to /dev/zero) for a
 * damaged entry, without blocking on it. Needs neither NVRTC nor a GPU. */
static void check_trust(const char *parent) {
    char top[4096], folder[4096], path[4096];
    snprintf(top, sizeof top, "%s/made", parent);
    snprintf(folder, sizeof folder, "%s/made/private", parent);
    CHECK(setenv("CUDAPY_CACHE_DIR", folder, 1) == 0);
    const char key[] = "trusted entry";
    const char data[] = "launch code";
    CHECK_OK(cudapy_cache_put(key, sizeof key - 1, data, sizeof data));
    CHECK(mode_of(top) == 0700 && mode_of(folder) == 0700);
    the_entry(folder, path, sizeof path);
    CHECK((mode_of(path) & 077) == 0);
    char *out = NULL;
    size_t size = 0;
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out != NULL && size == sizeof data);
    cudapy_string_free(out);

    cudapy_warnings_capture(1);
    char *warnings = NULL;
    CHECK_OK(cudapy_warnings_take(&warnings));
    CHECK(warnings == NULL);
    CHECK(chmod(folder, 0777) == 0);
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL && size == 0);
    CHECK_OK(cudapy_warnings_take(&warnings));
    CHECK(warnings != NULL && strstr(warnings, folder) && strstr(warnings, "mode 0777"));
    CHECK(strchr(warnings, '\n') == warnings + strlen(warnings) - 1); /* one line */
    cudapy_string_free(warnings);
    CHECK_OK(cudapy_cache_put("other", 5, data, sizeof data)); /* not written there */
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);
    CHECK_OK(cudapy_warnings_take(&warnings)); /* given once */
    CHECK(warnings == NULL);
    CHECK(chmod(folder, 0700) == 0);
    the_entry(folder, path, sizeof path);

    /* A FIFO would block a reader until a writer came: the alarm fails the test if it does. */
    alarm(60);
    CHECK(unlink(path) == 0 && mkfifo(path, 0600) == 0);
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);
    CHECK(access(path, F_OK) != 0 && errno == ENOENT); /* deleted as damaged */
    CHECK(symlink("/dev/zero", path) == 0);
    CHECK_OK(cudapy_cache_get(key, sizeof key - 1, &out, &size));
    CHECK(out == NULL);
    CHECK(access(path, F_OK) != 0 && errno == ENOENT);
    alarm(0);
    CHECK_OK(cudapy_warnings_take(&warnings)); /* damaged, not untrusted: no warning */
    CHECK(warnings == NULL);
    CHECK_STATUS(cudapy_warnings_take(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_warnings_capture(0);

    CHECK_OK(cudapy_cache_clear());
    CHECK(rmdir(folder) == 0 && rmdir(top) == 0);
}

/* Run by the test itself in a new process, after it damaged the entries. */
static int after_damage(void) {
    char *text = ptx();
    CHECK(text != NULL);
    cudapy_cache_stats seen = stats();
    CHECK(seen.bad_entries == 1 && seen.compiles == 1 && seen.disk_writes == 1);
    cudapy_string_free(text);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--after-damage") == 0) return after_damage();
    const char *program_path = argv[0];
    char folder[] = "/tmp/cudapy-test-cache-XXXXXX";
    CHECK(mkdtemp(folder) != NULL);
    CHECK(setenv("CUDAPY_CACHE_DIR", folder, 1) == 0);
    unsetenv("CUDAPY_NO_DISK_CACHE");
    CHECK(strcmp(cudapy_cache_directory(), folder) == 0);
    check_callers_entries(folder);
    check_trust(folder);
    CHECK(setenv("CUDAPY_CACHE_DIR", folder, 1) == 0);

    char *first = ptx();
    if (!first) {
        printf("NVRTC not available: the cache test is skipped\n");
        rmdir(folder);
        return SKIP_EXIT_CODE;
    }
    cudapy_cache_stats after_first = stats();
    CHECK(after_first.compiles >= 1 && after_first.disk_writes >= 1);

    char *again = ptx();
    cudapy_cache_stats after_again = stats();
    CHECK(after_again.memory_hits == after_first.memory_hits + 1);
    CHECK(after_again.compiles == after_first.compiles);
    CHECK(strcmp(first, again) == 0);

    /* Cleared: memory and folder are empty, so the next compile is a compile again. */
    CHECK_OK(cudapy_cache_clear());
    char *cleared = ptx();
    CHECK(stats().compiles == after_again.compiles + 1);
    CHECK(strcmp(first, cleared) == 0);

    /* A damaged entry is not trusted: a new process (whose memory cache is empty) finds it
     * failing its check, compiles again and replaces it. */
    CHECK(damage_entries(folder) >= 1);
    char command[8192];
    snprintf(command, sizeof command, "'%s' --after-damage", program_path);
    CHECK(system(command) == 0);
    char *fresh = ptx();
    CHECK(strcmp(first, fresh) == 0);

    cudapy_string_free(first);
    cudapy_string_free(again);
    cudapy_string_free(cleared);
    cudapy_string_free(fresh);
    CHECK_OK(cudapy_cache_clear());
    CHECK(rmdir(folder) == 0);
    printf("C ABI cache tests passed\n");
    return 0;
}
