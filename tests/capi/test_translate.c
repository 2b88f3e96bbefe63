/* Translation, introspection and error paths of the C ABI; no GPU needed. */
#include <string.h>

#include "check.h"

static const char saxpy_source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n";

static void test_version(void) {
    cudapy_version_info version = cudapy_version();
    CHECK(version.abi == CUDAPY_ABI_VERSION);
    CHECK(version.major == CUDAPY_VERSION_MAJOR && version.minor == CUDAPY_VERSION_MINOR);
    CHECK(strcmp(cudapy_status_name(CUDAPY_ERROR_TRANSLATION), "CUDAPY_ERROR_TRANSLATION") == 0);
}

/* The table of builtins: numba's names and groups; syncwarp's mask may be left out. */
static void test_builtins(void) {
    size_t count = cudapy_builtin_count();
    CHECK(count >= 30);
    int found_syncwarp = 0, found_cas = 0;
    for (size_t i = 0; i < count; ++i) {
        cudapy_builtin_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        CHECK_OK(cudapy_builtin_get(i, &info));
        CHECK(info.name != NULL && info.min_args <= info.max_args);
        if (strcmp(info.name, "syncwarp") == 0) {
            found_syncwarp = 1;
            CHECK(info.group == CUDAPY_BUILTIN_WARP_COLLECTIVE);
            CHECK(info.min_args == 0 && info.max_args == 1);
        }
        if (strcmp(info.name, "atomic.cas") == 0) {
            found_cas = 1;
            CHECK(info.group == CUDAPY_BUILTIN_ATOMIC);
            CHECK(info.min_args == 4 && info.max_args == 4); /* array, index, old, new */
        }
        for (size_t j = 0; j < i; ++j) {
            cudapy_builtin_info earlier;
            earlier.size = sizeof earlier;
            CHECK_OK(cudapy_builtin_get(j, &earlier));
            CHECK(strcmp(earlier.name, info.name) != 0);
        }
    }
    CHECK(found_syncwarp && found_cas);
    cudapy_builtin_info info;
    info.size = sizeof info;
    CHECK_STATUS(cudapy_builtin_get(count, &info), CUDAPY_ERROR_NOT_FOUND);
    CHECK_STATUS(cudapy_builtin_get(0, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    info.size = sizeof info.size;
    CHECK_STATUS(cudapy_builtin_get(0, &info), CUDAPY_ERROR_INVALID_ARGUMENT);
}

/* numba's libdevice functions that kernels call: sorted, distinct, both precisions of the math
 * module's functions, the 64-bit bit functions and the functions of two values; NULL past the
 * last. */
static void test_libdevice_names(void) {
    size_t count = cudapy_libdevice_count();
    CHECK(count >= 100);
    int found_sin = 0, found_sinf = 0, found_fast = 0, found_popcll = 0, found_sincosf = 0;
    for (size_t i = 0; i < count; ++i) {
        const char *name = cudapy_libdevice_name(i);
        CHECK(name != NULL);
        if (i > 0) CHECK(strcmp(cudapy_libdevice_name(i - 1), name) < 0);
        found_sin |= strcmp(name, "sin") == 0;
        found_sinf |= strcmp(name, "sinf") == 0;
        found_fast |= strcmp(name, "fast_expf") == 0;
        found_popcll |= strcmp(name, "popcll") == 0;
        found_sincosf |= strcmp(name, "sincosf") == 0;
        CHECK(strcmp(name, "remquo") != 0); /* not offered */
    }
    CHECK(found_sin && found_sinf && found_fast && found_popcll && found_sincosf);
    CHECK(cudapy_libdevice_name(count) == NULL);
    CHECK(cudapy_libdevice_name((size_t)-1) == NULL);
}

/* A helper's result type, as its calls typed it: what an elementwise operation allocates. */
static void test_helper_result(void) {
    cudapy_program *program = program_from(
        "def scaled(a, b):\n"
        "    return a * 2 + b\n"
        "def nothing(a):\n"
        "    a[0] = 1\n"
        "# k : void (int16* A, float* B, double* C)\n"
        "def k(A, B, C):\n"
        "    C[0] = scaled(A[0], B[0])\n"
        "    nothing(C)\n",
        "helpers.py");
    cudapy_scalar_type type = CUDAPY_BOOL;
    CHECK_STATUS(cudapy_program_helper_result(program, "scaled", &type), CUDAPY_ERROR_NOT_FOUND);
    CHECK_OK(cudapy_program_translate(program, NULL));
    CHECK_OK(cudapy_program_helper_result(program, "scaled", &type));
    CHECK(type == CUDAPY_FLOAT32); /* int16 * 2 + float32: float32, as NumPy types it */
    CHECK_STATUS(cudapy_program_helper_result(program, "nothing", &type), CUDAPY_ERROR_UNSUPPORTED);
    CHECK_STATUS(cudapy_program_helper_result(program, "k", &type), CUDAPY_ERROR_NOT_FOUND);
    CHECK_STATUS(cudapy_program_helper_result(program, NULL, &type), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);
}

/* Sharing device memory with another library succeeds everywhere, a GPU or none; twice too. */
static void test_memory_share(void) {
    CHECK_OK(cudapy_memory_share());
    CHECK_OK(cudapy_memory_share());
}

static void test_translate_saxpy(void) {
    cudapy_program *program = program_from(saxpy_source, "saxpy.py");
    char *cuda = NULL;
    CHECK_OK(cudapy_program_translate(program, &cuda));
    CHECK(strstr(cuda, "extern \"C\" __global__ void CUDAPY_LAUNCH_BOUNDS saxpy(float alpha, cudapy::array<float> X") != NULL);
    CHECK(strstr(cuda, "#line 4 \"saxpy.py\"") != NULL);
    cudapy_string_free(cuda);

    CHECK(cudapy_program_kernel_count(program) == 1);
    CHECK(strcmp(cudapy_program_kernel_name(program, 0), "saxpy") == 0);
    CHECK(cudapy_program_kernel_name(program, 1) == NULL);
    CHECK(cudapy_program_param_count(program, 0) == 3);
    CHECK(cudapy_program_args_size(program, 0) == 40);
    CHECK(cudapy_program_kernel_cooperative(program, 0) == 0);
    CHECK(cudapy_program_kernel_cooperative(program, 1) == 0);
    CHECK(cudapy_program_kernel_cooperative(NULL, 0) == 0);

    cudapy_param_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK_OK(cudapy_program_param(program, 0, 0, &info));
    CHECK(strcmp(info.name, "alpha") == 0 && info.kind == CUDAPY_PARAM_SCALAR);
    CHECK(info.element == CUDAPY_FLOAT32 && info.offset == 0 && info.bytes == 4);
    CHECK_OK(cudapy_program_param(program, 0, 1, &info));
    CHECK(strcmp(info.name, "X") == 0 && info.kind == CUDAPY_PARAM_ARRAY && !info.written);
    CHECK(info.array_depth == 1);
    CHECK(info.offset == 8 && info.bytes == 16);
    CHECK_OK(cudapy_program_param(program, 0, 2, &info));
    CHECK(strcmp(info.name, "Y") == 0 && info.written && info.offset == 24);
    CHECK_STATUS(cudapy_program_param(program, 0, 3, &info), CUDAPY_ERROR_NOT_FOUND);
    info.size = 0;
    CHECK_STATUS(cudapy_program_param(program, 0, 0, &info), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);
}

static void test_signature_from_api(void) {
    const char *source = "def scale(a, X):\n    X[idx] = X[idx] * a\n";
    cudapy_program *program = program_from(source, "scale.py");
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "has no signature") != NULL);
    CHECK_OK(cudapy_program_set_signature(program, "scale", "void (double a, double* X)"));
    char *cuda = NULL;
    CHECK_OK(cudapy_program_translate(program, &cuda));
    CHECK(strstr(cuda, "void CUDAPY_LAUNCH_BOUNDS scale(double a, cudapy::array<double> X") != NULL);
    cudapy_string_free(cuda);
    cudapy_program_delete(program);
}

/* numba's typing unifies what a variable is assigned; CudaPy's refuses a second type. */
static void test_typing(void) {
    const char *source = "def grow(X, n):\n    v = X[0]\n    v = n\n    n = X[0] > 0\n    X[0] = v\n";
    cudapy_program *program = program_from(source, "grow.py");
    CHECK_OK(cudapy_program_set_signature(program, "grow", "void (int32* X, int64 n)"));
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "a variable keeps one type") != NULL);
    CHECK_OK(cudapy_program_set_typing(program, CUDAPY_TYPING_NUMBA));
    char *cuda = NULL;
    CHECK_OK(cudapy_program_translate(program, &cuda));
    CHECK(strstr(cuda, "long long v{}") != NULL); /* int32 and int64 unify to int64 */
    cudapy_string_free(cuda);
    CHECK_STATUS(cudapy_program_set_typing(program, (cudapy_typing)7), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_set_typing(NULL, CUDAPY_TYPING_NUMBA), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);
}

/* numba's list of signatures of a device function: a call takes the one its arguments fit
 * best and casts them to it; a call no signature takes is refused. */
static void test_overloads(void) {
    const char *source = "def add(x, y):\n    return x + y\n"
                         "def k(R, a, b):\n    R[0] = add(a, b)\n";
    cudapy_program *program = program_from(source, "add.py");
    CHECK_OK(cudapy_program_set_signature(program, "k", "void(float64[:], int32, float32)"));
    CHECK_OK(cudapy_program_add_overload(program, "add", "(int64, int64)"));
    CHECK_OK(cudapy_program_add_overload(program, "add", "(float64, float64)"));
    char *cuda = NULL;
    CHECK_OK(cudapy_program_translate(program, &cuda));
    CHECK(strstr(cuda, "add(double x, double y)") != NULL); /* int32, float32: float64's */
    cudapy_string_free(cuda);
    CHECK_OK(cudapy_program_set_signature(program, "k", "void(float64[:], complex128, int32)"));
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "none of its signatures takes the call with parameters "
                                      "(complex128, int32)") != NULL);
    CHECK_STATUS(cudapy_program_add_overload(program, NULL, "(int64)"), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_add_overload(program, "add", NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_add_overload(NULL, "add", "(int64)"), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);
}

static void expect_diagnostic(const char *source, cudapy_diagnostic_kind kind, int line, int column,
                              const char *message_part) {
    cudapy_program *program = program_from(source, "bad.py");
    char *cuda = (char *)1;
    CHECK_STATUS(cudapy_program_translate(program, &cuda), CUDAPY_ERROR_TRANSLATION);
    CHECK(cuda == NULL);
    CHECK(strstr(cudapy_last_error(), "bad.py:") != NULL);
    CHECK(cudapy_program_diagnostic_count(program) >= 1);
    cudapy_diagnostic d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    CHECK_OK(cudapy_program_diagnostic(program, 0, &d));
    if (d.kind != kind || d.line != line || d.column != column || !strstr(d.message, message_part)) {
        fprintf(stderr, "got kind %d at %d:%d: %s\nexpected kind %d at %d:%d containing '%s'\n",
                (int)d.kind, d.line, d.column, d.message, (int)kind, line, column, message_part);
        exit(1);
    }
    CHECK(strcmp(d.file, "bad.py") == 0);
    CHECK(d.source_line != NULL && strlen(d.source_line) > 0);
    CHECK_STATUS(cudapy_program_diagnostic(program, 99, &d), CUDAPY_ERROR_NOT_FOUND);
    cudapy_program_delete(program);
}

static void test_diagnostics(void) {
    expect_diagnostic("# k : void (float* X)\ndef k(X):\n    X[idx] = (1 +\n", CUDAPY_DIAGNOSTIC_SYNTAX,
                      3, 14, "'(' was never closed");
    expect_diagnostic("# k : void (float* X)\ndef k(X):\n    X[idx] = lenn(X)\n",
                      CUDAPY_DIAGNOSTIC_NAME, 3, 14, "did you mean 'len'");
    expect_diagnostic("# k : void (float* X)\ndef k(X):\n    f = lambda v: v\n",
                      CUDAPY_DIAGNOSTIC_UNSUPPORTED, 3, 9, "lambda");
    expect_diagnostic("# k : void (float* X)\ndef k(X):\n    n = len(X)\n    n = X[0]\n",
                      CUDAPY_DIAGNOSTIC_TYPE, 4, 9, "line 3");
    expect_diagnostic("# k : void (flot* X)\ndef k(X):\n    pass\n", CUDAPY_DIAGNOSTIC_TYPE, 1, 1,
                      "unknown type 'flot'");
}

static void test_first_line_and_columns(void) {
    const char *source = "def k(X):\n    X[idx] = y\n";
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "user.py", 40, 4));
    CHECK_OK(cudapy_program_set_signature(program, "k", "void (int* X)"));
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    cudapy_diagnostic d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    CHECK_OK(cudapy_program_diagnostic(program, 0, &d));
    CHECK(d.line == 41 && d.column == 18);
    CHECK(strstr(cudapy_last_error(), "user.py:41:18:") != NULL);
    cudapy_program_delete(program);
}

static void test_invalid_arguments(void) {
    CHECK_STATUS(cudapy_program_new(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "out is NULL") != NULL);
    CHECK_STATUS(cudapy_program_add_source(NULL, "", 0, "x", 1, 0), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_translate(NULL, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program *program = program_from("", "empty.py");
    CHECK_STATUS(cudapy_program_add_source(program, "x", 1, "x.py", 0, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "no function definition") != NULL);
    cudapy_program_delete(program);
    cudapy_program_delete(NULL);
    cudapy_module_delete(NULL);
    cudapy_buffer_delete(NULL);
    cudapy_string_free(NULL);
    CHECK(cudapy_program_kernel_count(NULL) == 0);
    int count = -1;
    CHECK_OK(cudapy_device_count(&count));
    CHECK(count >= 0);
}

static void test_ptx(void) {
    cudapy_program *program = program_from(saxpy_source, "saxpy.py");
    char *ptx = NULL;
    cudapy_status status = cudapy_program_ptx(program, NULL, &ptx);
    if (status == CUDAPY_ERROR_NVRTC_UNAVAILABLE) {
        printf("NVRTC unavailable, PTX checks skipped: %s\n", cudapy_last_error());
        cudapy_program_delete(program);
        return;
    }
    CHECK_OK(status);
    CHECK(strstr(ptx, ".entry saxpy") != NULL);
    cudapy_string_free(ptx);

    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.arch = "compute_90";
    options.line_info = 1;
    CHECK_OK(cudapy_program_ptx(program, &options, &ptx));
    CHECK(strstr(ptx, ".target sm_90") != NULL);
    CHECK(strstr(ptx, "saxpy.py") != NULL); /* -lineinfo names the Python file */
    cudapy_string_free(ptx);
    cudapy_program_delete(program);
}

int main(void) {
    test_version();
    test_builtins();
    test_libdevice_names();
    test_helper_result();
    test_memory_share();
    test_translate_saxpy();
    test_signature_from_api();
    test_typing();
    test_overloads();
    test_diagnostics();
    test_first_line_and_columns();
    test_invalid_arguments();
    test_ptx();
    /* Without a GPU the warm-up does nothing, and waiting for it returns at once. */
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices == 0) {
        CHECK_OK(cudapy_compiler_warm_up());
        CHECK_OK(cudapy_compiler_wait());
    }
    printf("C ABI translation tests passed\n");
    return 0;
}
