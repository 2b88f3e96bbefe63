/*
 * cudapy: Python GPU kernels translated to CUDA C++, compiled at run time and launched.
 *
 * The one public header of libcudapy. Pure C, usable from C, C++ and any language with a C FFI.
 *
 * Conventions
 *   - Every fallible call returns cudapy_status; CUDAPY_OK (0) is the only success. Codes are
 *     never renumbered.
 *   - Objects come back through a final `**out` argument, set to NULL on failure.
 *   - After a failure, cudapy_last_error() describes it. The text is thread-local and owned by
 *     the library; it stays valid until the next cudapy call on the same thread.
 *   - `_new` pairs with `_delete`; `_delete(NULL)` does nothing. Strings returned through
 *     `char **out` are owned by the caller and freed with cudapy_string_free(). Results marked
 *     "borrowed" belong to the object they came from and live as long as it does.
 *   - Option structs begin with a `size` member: set it to sizeof(the struct) so that members
 *     can be added in later versions without breaking callers.
 *
 * Threads
 *   Distinct handles may be used from different threads at the same time. One handle must not
 *   be used from two threads at once, except cudapy_kernel launches, which are thread-safe.
 *   Global state (the NVRTC loader, device contexts) locks internally.
 */
#ifndef CUDAPY_CUDAPY_H
#define CUDAPY_CUDAPY_H

#include <stddef.h>
#include <stdint.h>

#include "cudapy/target.h"
#include "cudapy/version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define CUDAPY_API __declspec(dllexport)
#else
#define CUDAPY_API __attribute__((visibility("default")))
#endif


typedef enum cudapy_status {
    CUDAPY_OK = 0,
    CUDAPY_ERROR_INVALID_ARGUMENT = 1,   /* a NULL handle, a bad size, an unknown option */
    CUDAPY_ERROR_HOST_OUT_OF_MEMORY = 2,
    CUDAPY_ERROR_TRANSLATION = 3,        /* the Python source has errors: read the diagnostics */
    CUDAPY_ERROR_NVRTC_UNAVAILABLE = 4,  /* NVRTC (or nvcc, when asked for) was not found */
    CUDAPY_ERROR_CUDA_COMPILATION = 5,   /* NVRTC rejected the emitted CUDA C++ */
    CUDAPY_ERROR_NO_DEVICE = 6,          /* no CUDA driver or no GPU */
    CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY = 7,
    CUDAPY_ERROR_NOT_FOUND = 8,          /* no kernel of that name, no device of that ordinal */
    CUDAPY_ERROR_LAUNCH_FAILED = 9,      /* the kernel faulted, raised a Python exception
                                            ("file:line: ValueError: ..."), or could not be
                                            launched */
    CUDAPY_ERROR_CUDA = 10,              /* any other CUDA runtime error */
    CUDAPY_ERROR_UNSUPPORTED = 11,       /* the library was built without this feature */
    CUDAPY_ERROR_INTERNAL = 12,          /* a bug in cudapy; the message says where */
    CUDAPY_ERROR_ASSERTION = 13,         /* an assert in a kernel compiled with debug failed */
    CUDAPY_ERROR_LIBRARY_UNAVAILABLE = 14, /* cuBLAS, cuFFT or cuRAND was not found */
    CUDAPY_ERROR_LIBRARY = 15            /* cuBLAS, cuFFT or cuRAND failed: the message names its status */
} cudapy_status;

/* ---- Library -------------------------------------------------------------------------- */

typedef struct cudapy_version_info {
    int major, minor, patch;
    int abi;
} cudapy_version_info;

/* The version of the loaded library (compare with the CUDAPY_VERSION_* macros). */
CUDAPY_API cudapy_version_info cudapy_version(void);
/* A static string naming a status code, e.g. "CUDAPY_ERROR_TRANSLATION". */
CUDAPY_API const char *cudapy_status_name(cudapy_status status);
/* The message of the last failed call on this thread (borrowed, thread-local); "" if none. */
CUDAPY_API const char *cudapy_last_error(void);
/* Frees a string the library returned through `char **out`. NULL is allowed. */
CUDAPY_API void cudapy_string_free(char *string);

/* ---- Warnings ------------------------------------------------------------------------- *
 *
 * What the library does otherwise than it was asked without failing the call, e.g. a compile
 * cache folder that others may write, which it does not use. Each warning is given once a
 * process, as one line. By default it is written to stderr ("cudapy: warning: ..."); while
 * captured, it is kept instead (up to 64 not yet taken) for cudapy_warnings_take(). The Python
 * package captures them and raises them as cudapy.CudapyWarning. */

/* Nonzero: keep warnings for cudapy_warnings_take(); zero: write them to stderr (the default). */
CUDAPY_API void cudapy_warnings_capture(int capture);
/* The warnings kept since the last call, one a line, in *out (owned: free it with
 * cudapy_string_free), and forgets them; *out is NULL when there are none. */
CUDAPY_API cudapy_status cudapy_warnings_take(char **out);

/* ---- Builtins -------------------------------------------------------------------------- *
 *
 * The functions of the kernel language beyond Python's and the math module's: CUDA's barriers,
 * warp collectives, bit functions and atomics, as kernels call them after `cuda.`. A front door
 * binds these names and an interpreter schedules its threads by their groups; the list is the
 * library's, so neither keeps a copy. */

typedef enum cudapy_builtin_group {
    CUDAPY_BUILTIN_BLOCK_BARRIER = 0,    /* waits for every thread of the block */
    CUDAPY_BUILTIN_WARP_COLLECTIVE = 1,  /* waits for the mask's threads, each calling it */
    CUDAPY_BUILTIN_WARP_CONVERGENCE = 2, /* waits for the warp's threads still running */
    CUDAPY_BUILTIN_INDEPENDENT = 3,      /* waits for no one: fences, lane masks, bits */
    CUDAPY_BUILTIN_ATOMIC = 4,           /* updates an array element atomically */
    CUDAPY_BUILTIN_GRID_BARRIER = 5,     /* waits for every thread of the grid */
    CUDAPY_BUILTIN_CACHE_HINT = 6        /* loads or stores an element with a cache policy */
} cudapy_builtin_group;

typedef struct cudapy_builtin_info {
    size_t size;      /* set by the caller to sizeof(cudapy_builtin_info) */
    const char *name; /* static: "syncthreads", "atomic.add" */
    cudapy_builtin_group group;
    int min_args, max_args; /* as written; an atomic's array and index are two */
} cudapy_builtin_info;

CUDAPY_API size_t cudapy_builtin_count(void);
/* CUDAPY_ERROR_NOT_FOUND when index >= cudapy_builtin_count(). */
CUDAPY_API cudapy_status cudapy_builtin_get(size_t index, cudapy_builtin_info *out);

/* The functions of numba's cuda.libdevice that kernels may call (`libdevice.sinf(x)`), sorted:
 * the math module's float functions in float64 ("sin") and float32 ("sinf", "fast_sinf"),
 * CUDA's bit functions ("popc", "popcll"), and "sincos", "sincospi", "modf" and "frexp" (and
 * their f forms), which give two values. The name at `index` is static; NULL past the last. */
CUDAPY_API size_t cudapy_libdevice_count(void);
CUDAPY_API const char *cudapy_libdevice_name(size_t index);

/* ---- Diagnostics ---------------------------------------------------------------------- */

typedef enum cudapy_diagnostic_kind {
    CUDAPY_DIAGNOSTIC_SYNTAX = 0,       /* the text is not valid Python */
    CUDAPY_DIAGNOSTIC_UNSUPPORTED = 1,  /* valid Python outside the kernel language */
    CUDAPY_DIAGNOSTIC_NAME = 2,         /* an unknown or misused name */
    CUDAPY_DIAGNOSTIC_TYPE = 3,         /* a type error or a bad signature */
    CUDAPY_DIAGNOSTIC_CUDA = 4,         /* NVRTC's error, mapped back to the Python line */
    CUDAPY_DIAGNOSTIC_INTERNAL = 5      /* a bug in cudapy */
} cudapy_diagnostic_kind;

/* One error. Lines are 1-based lines of the user's file (first_line already applied);
 * columns are 1-based character columns; the end is exclusive. Strings are borrowed from the
 * program and stay valid until it is changed or deleted. */
typedef struct cudapy_diagnostic {
    size_t size; /* set by the caller to sizeof(cudapy_diagnostic) */
    cudapy_diagnostic_kind kind;
    const char *file;
    int line, column;
    int end_line, end_column;
    const char *message;     /* one line, without position */
    const char *source_line; /* the user's source line, without its newline */
} cudapy_diagnostic;

/* ---- Programs: Python source in, CUDA C++ / PTX / modules out -------------------------- */

typedef struct cudapy_program cudapy_program;

CUDAPY_API cudapy_status cudapy_program_new(cudapy_program **out);
CUDAPY_API void cudapy_program_delete(cudapy_program *program);

/* Adds Python source text holding one or more functions. `file` names it in diagnostics and
 * #line directives; `first_line` is the line of the text's first line in that file (1 for a
 * whole file); `column_offset` is added to columns (the indentation removed from the text).
 * The text is copied. */
CUDAPY_API cudapy_status cudapy_program_add_source(cudapy_program *program, const char *text,
                                                   size_t length, const char *file,
                                                   int first_line, int column_offset);

/* Gives function `name` a signature, e.g. "void (float alpha, float* X, float* Y)", as a
 * CudaPy signature comment would. It overrides a comment for the same function. */
CUDAPY_API cudapy_status cudapy_program_set_signature(cudapy_program *program,
                                                      const char *name,
                                                      const char *signature);

/* Adds one of the signatures of device function `name`, as numba's
 * `cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)` gives several: each call
 * takes the signature its arguments convert to best (exactly, then by promotion within a kind,
 * then by other safe conversions, then unsafely; the first of equals), its arguments are cast
 * to it, and the function is typed for it. A signature of parameters alone leaves the result
 * type to the function's body. Not for a function given a signature otherwise. */
CUDAPY_API cudapy_status cudapy_program_add_overload(cudapy_program *program, const char *name,
                                                     const char *signature);

/* Whose rules type the program's variables. CudaPy's (the default) keep one type per variable;
 * numba's, for kernels written for numba.cuda, unify the types a variable is assigned as NumPy
 * promotes them (int32 then int64 makes an int64 variable) and let a parameter be assigned any
 * value its type holds (a bool in an int64 parameter). */
typedef enum cudapy_typing {
    CUDAPY_TYPING_CUDAPY = 0,
    CUDAPY_TYPING_NUMBA = 1,
} cudapy_typing;
CUDAPY_API cudapy_status cudapy_program_set_typing(cudapy_program *program, cudapy_typing typing);

/* Translates the sources to CUDA C++ (`*out`, owned; `out` may be NULL to only check them).
 * Functions with a void signature that no other function calls become kernels; the others
 * become device helpers. On CUDAPY_ERROR_TRANSLATION the diagnostics say why, and
 * cudapy_last_error() holds them formatted with source lines. */
CUDAPY_API cudapy_status cudapy_program_translate(cudapy_program *program, char **out);

CUDAPY_API size_t cudapy_program_diagnostic_count(const cudapy_program *program);
CUDAPY_API cudapy_status cudapy_program_diagnostic(const cudapy_program *program, size_t index,
                                                   cudapy_diagnostic *out);

/* How a declared device function returns its value. */
typedef enum cudapy_calling_convention {
    /* numba's declare_device: `extern "C" __device__ int f(T *result, args...)` stores the
     * value in *result and returns 0 */
    CUDAPY_CALL_NUMBA = 0,
    CUDAPY_CALL_C = 1 /* `extern "C" __device__ T f(args...)` */
} cudapy_calling_convention;

/* Declares a device function written in CUDA C++ (numba's cuda.declare_device): kernels call it
 * as `name` (a Python identifier), and the program's linked CUDA C++ defines it with C linkage
 * as `symbol` (a C identifier; NULL: `name`). `signature` gives scalar types, as in
 * "float32(float32, int32)" or "void (int x)"; the result may be void. A second declaration
 * of `name` replaces the first. */
CUDAPY_API cudapy_status cudapy_program_declare_device(cudapy_program *program, const char *name,
                                                       const char *symbol, const char *signature,
                                                       cudapy_calling_convention convention);

/* Adds CUDA C++ that is compiled ahead of the program's code, on the GPU by NVRTC or nvcc
 * and on the CPU target by the host's C++ compiler (with __device__ defined away): where the
 * declared functions are defined. `file` (NULL: "<linked source N>") names it in the compiler's
 * messages, which keep its own line numbers; a program whose linked code does not compile
 * fails with CUDAPY_ERROR_CUDA_COMPILATION and the compiler's messages. The text is copied. */
CUDAPY_API cudapy_status cudapy_program_link_source(cudapy_program *program, const char *text,
                                                    size_t length, const char *file);

typedef enum cudapy_param_kind {
    CUDAPY_PARAM_SCALAR = 0,
    CUDAPY_PARAM_ARRAY = 1 /* passed as cudapy_array */
} cudapy_param_kind;

typedef enum cudapy_scalar_type {
    CUDAPY_BOOL = 0,
    CUDAPY_INT8, CUDAPY_INT16, CUDAPY_INT32, CUDAPY_INT64,
    CUDAPY_UINT8, CUDAPY_UINT16, CUDAPY_UINT32, CUDAPY_UINT64,
    CUDAPY_FLOAT16, CUDAPY_FLOAT32, CUDAPY_FLOAT64,
    CUDAPY_COMPLEX64, CUDAPY_COMPLEX128 /* NumPy's layout: the real part, then the imaginary */
} cudapy_scalar_type;

/* Gives the program a constant array `name` (C-contiguous `data` of `bytes` bytes, `ndim`
 * extents in `shape`), which kernels read through `cuda.const.array_like(name)`; it lives in
 * the GPU's constant memory. The data is copied. */
CUDAPY_API cudapy_status cudapy_program_add_constant_array(cudapy_program *program,
                                                           const char *name,
                                                           cudapy_scalar_type element, int ndim,
                                                           const int64_t *shape,
                                                           const void *data, size_t bytes);

/* A kernel's 1-d array argument (`T*`, `T[:]` of C layout): device address and element count.
 * For a `T**` parameter the address is of an array of cudapy_array in device memory, one per
 * row. */
typedef struct cudapy_array {
    void *data;
    int64_t length;
} cudapy_array;

/* How an n-dimensional array argument is laid out in memory. */
typedef enum cudapy_layout {
    CUDAPY_LAYOUT_C = 0,  /* C-contiguous: the last index moves fastest */
    CUDAPY_LAYOUT_F = 1,  /* Fortran-contiguous: the first index moves fastest */
    CUDAPY_LAYOUT_ANY = 2 /* strided */
} cudapy_layout;

/* One kernel parameter. `name` is borrowed from the kernel. For an array, `element` is the
 * scalar type at the bottom and `array_depth` 1 for `T*` and `T[...]`, 2 for `T**`; for a
 * scalar, `element` is its type and `array_depth` 0. `offset` and `bytes` place the parameter
 * in the packed argument block of cudapy_kernel_launch_packed(). An array of depth 1 is packed
 * as its data address (8 bytes), then `ndim` int64 extents, then for CUDAPY_LAYOUT_ANY `ndim`
 * int64 strides counted in elements (not bytes); a 1-d C array is thus a cudapy_array. */
typedef struct cudapy_param_info {
    size_t size; /* set by the caller to sizeof(cudapy_param_info) */
    const char *name;
    cudapy_param_kind kind;
    cudapy_scalar_type element;
    int written; /* nonzero when the kernel may store into this array */
    size_t offset;
    size_t bytes;
    int array_depth;
    int ndim;             /* dimensions of an array of depth 1 (1 for `T*` and for `T**` rows) */
    cudapy_layout layout; /* of an array of depth 1 */
} cudapy_param_info;

/* The kernels of a translated program (after cudapy_program_translate succeeded), in source
 * order, and their parameters. Names are borrowed from the program. No GPU is needed. */
CUDAPY_API size_t cudapy_program_kernel_count(const cudapy_program *program);
CUDAPY_API const char *cudapy_program_kernel_name(const cudapy_program *program, size_t kernel);
CUDAPY_API size_t cudapy_program_param_count(const cudapy_program *program, size_t kernel);
CUDAPY_API cudapy_status cudapy_program_param(const cudapy_program *program, size_t kernel,
                                              size_t index, cudapy_param_info *out);
/* Size in bytes of the kernel's packed argument block. */
CUDAPY_API size_t cudapy_program_args_size(const cudapy_program *program, size_t kernel);
/* 1 when the kernel uses numba's grid group (cg.this_grid()): it is launched cooperatively,
 * every block resident at once, which bounds its grid (cudapy_kernel_max_cooperative_blocks);
 * else 0. */
CUDAPY_API int cudapy_program_kernel_cooperative(const cudapy_program *program, size_t kernel);
/* The scalar type a helper (a function no kernel is) returns, as the calls of the translated
 * program typed it: how an elementwise operation learns its output type. CUDAPY_ERROR_NOT_FOUND
 * when the program has no helper `name`; CUDAPY_ERROR_UNSUPPORTED when it returns nothing or
 * no scalar. */
CUDAPY_API cudapy_status cudapy_program_helper_result(const cudapy_program *program,
                                                      const char *name, cudapy_scalar_type *out);


/* What compiles CUDA C++ for the GPU. */
typedef enum cudapy_compiler {
    CUDAPY_COMPILER_DEFAULT = 0, /* $CUDAPY_COMPILER ("nvrtc" or "nvcc"), else NVRTC */
    CUDAPY_COMPILER_NVRTC = 1,
    /* The toolkit's nvcc: $CUDAPY_NVCC, else the bin folder of $CUDA_HOME, $CUDA_PATH or
     * /usr/local/cuda, else PATH. Missing: CUDAPY_ERROR_NVRTC_UNAVAILABLE. */
    CUDAPY_COMPILER_NVCC = 2
} cudapy_compiler;

typedef struct cudapy_compile_options {
    size_t size;      /* sizeof(cudapy_compile_options) */
    const char *arch; /* "sm_90", "compute_90"; NULL: the current GPU, or compute_75 for PTX */
    int fast_math;    /* nonzero: --use_fast_math */
    int line_info;    /* nonzero: -lineinfo (Python lines in profilers) */
    cudapy_target target; /* cudapy_program_compile only */
    int debug;            /* nonzero: check asserts (CUDAPY_ERROR_ASSERTION) and add -lineinfo */
    int max_registers;    /* nonzero: at most this many registers a thread (--maxrregcount) */
    int launch_bounds_max_threads; /* nonzero: __launch_bounds__ of every kernel */
    int launch_bounds_min_blocks;  /* with it, minimum blocks per multiprocessor (0: unset) */
    cudapy_compiler compiler;      /* for the GPU; the CPU target uses the host's compiler */
    /* The share of a multiprocessor's unified L1 cache and shared memory that every kernel
     * prefers as shared memory (cudaFuncAttributePreferredSharedMemoryCarveout): 0 leaves it
     * to the driver; 1 + p prefers p percent, p from 0 (all L1) to 100 (all shared memory). */
    int shared_memory_carveout;
    /* With both launch bounds, the most blocks of a thread block cluster (sm_90 and later;
     * 0: unset): __launch_bounds__'s third bound. */
    int launch_bounds_max_cluster_blocks;
} cudapy_compile_options;

/* Translates and compiles to PTX with NVRTC (`*out`, owned). Needs NVRTC, not a GPU.
 * `options` may be NULL. */
CUDAPY_API cudapy_status cudapy_program_ptx(cudapy_program *program,
                                            const cudapy_compile_options *options, char **out);

/* ---- Compile cache ------------------------------------------------------------------- *
 *
 * Compiled code (CUBIN, PTX, the CPU target's shared objects) is kept in memory and in a
 * folder: $CUDAPY_CACHE_DIR, else $XDG_CACHE_HOME/cudapy, else ~/.cache/cudapy; setting
 * CUDAPY_NO_DISK_CACHE to anything but "" or "0" keeps it in memory only. An entry is named by
 * a SHA-256 of the CUDA C++, the compiler and its version, the options, the architecture and
 * cudapy's version, and checked by a SHA-256 of its content: a damaged entry is deleted and
 * compiled again. Processes may share the folder.
 *
 * Entries are code the process runs, so only the user's own are used. Folders the library
 * makes are private (0700). A folder or entry that is another user's, or that others may write
 * (group or world write permission), is neither read nor written: the code is compiled afresh
 * and a warning says so once (see Warnings). Anything at an entry's name but a regular file of
 * at most 1 GiB (a link, a FIFO, a folder, a device) is a damaged entry; entries are read
 * without following links and without blocking. A folder that cannot be written never fails a
 * compile. Translations that succeeded without diagnostics are kept there too, named by the
 * sources, signatures, constant arrays and the library file, so that a later process skips
 * the translator; the counters below count compiled code only. */

/* Empties the in-memory caches (modules already made keep their code) and deletes cudapy's
 * entries from the cache folder. Entries it may not delete: CUDAPY_ERROR_INVALID_ARGUMENT,
 * naming them. */
CUDAPY_API cudapy_status cudapy_cache_clear(void);
/* The cache folder as the environment names it now (it may not exist yet); "" when the disk
 * cache is off. Borrowed, thread-local: valid until the next cudapy call on this thread. */
CUDAPY_API const char *cudapy_cache_directory(void);
/* Entries of the caller's own beside the compiled code (the Python package keeps its
 * generated launch functions there): `size` bytes of `data` kept under the key of `key_size`
 * bytes, written and checked as compiled code is, and deleted by cudapy_cache_clear. Storing
 * never fails for want of a writable folder (nothing is kept then). cudapy_cache_get sets *out
 * to an owned copy (free it with cudapy_string_free) of *out_size bytes, or to NULL when
 * there is no such entry or the disk cache is off. Neither counts in cudapy_cache_stats. */
CUDAPY_API cudapy_status cudapy_cache_put(const void *key, size_t key_size, const void *data,
                                          size_t size);
CUDAPY_API cudapy_status cudapy_cache_get(const void *key, size_t key_size, char **out,
                                          size_t *out_size);

/* Where this process's compiled code came from, counted since it started. */
typedef struct cudapy_cache_stats {
    size_t size;          /* set by the caller to sizeof(cudapy_cache_stats) */
    uint64_t memory_hits; /* found in memory */
    uint64_t disk_hits;   /* read from the cache folder */
    uint64_t compiles;    /* compiled (each then stored in the folder) */
    uint64_t disk_writes; /* entries written to the folder */
    uint64_t bad_entries; /* entries that failed their checks, deleted and compiled again */
    uint64_t disk_errors; /* entries that could not be written (the folder is not writable) */
} cudapy_cache_stats;

CUDAPY_API cudapy_status cudapy_cache_stats_get(cudapy_cache_stats *out);

/* ---- Modules and kernels -------------------------------------------------------------- */

typedef struct cudapy_module cudapy_module;
typedef struct cudapy_kernel cudapy_kernel;

/* Translates, compiles for the current GPU (or the CPU, as options->target says) and loads the
 * result. When cudapy_program_compile_start ran for the program, this takes what it made, or
 * its error, waiting for it if need be. */
CUDAPY_API cudapy_status cudapy_program_compile(cudapy_program *program,
                                                const cudapy_compile_options *options,
                                                cudapy_module **out);
/* Translates (a translation error is returned here), then starts cudapy_program_compile in the
 * background, on a copy of the program, and returns: the caller's work overlaps the compile (or
 * the disk cache's read) and the driver's load. For the GPU it also chooses each kernel's block
 * size for thread-count launches, which loads the kernels onto the GPU. The program's next
 * cudapy_program_compile takes the result when its options are equal and the current GPU is
 * the one current here; otherwise, or when the program's input changes first, the result is
 * dropped. Without a GPU it starts nothing. A fork waits for the compile, and a process must
 * call cudapy_compiler_wait() before it exits. */
CUDAPY_API cudapy_status cudapy_program_compile_start(cudapy_program *program,
                                                      const cudapy_compile_options *options);
CUDAPY_API void cudapy_module_delete(cudapy_module *module);

/* Starts NVRTC for the current GPU on a thread of its own, which loads the library and
 * compiles a small translated kernel, so that the first kernel compiled afterwards does not pay
 * NVRTC's start-up (a process's first compile takes about twice as long as the next ones), and
 * readies a thread for cudapy_program_compile_start, which then need not start one. Returns at
 * once; NVRTC starts once per process, and not at all without a GPU or with nvcc as the
 * compiler ($CUDAPY_COMPILER). Problems are left to the compile that needs NVRTC to report. A
 * fork waits for the thread; a process must call cudapy_compiler_wait() before it exits, so
 * that it does not end while NVRTC runs. The Python package starts it with its first GPU array
 * unless CUDAPY_NO_WARM_UP is set. */
CUDAPY_API cudapy_status cudapy_compiler_warm_up(void);
/* Returns once the compiles the library runs in the background (cudapy_compiler_warm_up's,
 * cudapy_program_compile_start's) are done. */
CUDAPY_API cudapy_status cudapy_compiler_wait(void);

/* Looks a kernel up by its Python name. The kernel is borrowed from the module. */
CUDAPY_API cudapy_status cudapy_module_kernel(cudapy_module *module, const char *name,
                                              cudapy_kernel **out);
/* The block size the occupancy calculator picks for one-dimensional thread launches. */
CUDAPY_API cudapy_status cudapy_kernel_auto_block_size(cudapy_kernel *kernel, int *out);

/* What the GPU's compiler made of a kernel, on the GPU its module was loaded for (numba's
 * get_regs_per_thread() and the like). CUDAPY_ERROR_UNSUPPORTED for a kernel of the CPU
 * target. */
typedef struct cudapy_kernel_info {
    size_t size;                  /* set by the caller to sizeof(cudapy_kernel_info) */
    int max_threads_per_block;    /* with the kernel's registers */
    int registers;                /* a thread's */
    size_t static_shared_bytes;   /* a block's, declared in the kernel */
    size_t constant_bytes;        /* the module's constant memory the kernel may read */
    size_t local_bytes;           /* a thread's */
    int max_dynamic_shared_bytes; /* what a launch may ask for now */
} cudapy_kernel_info;
CUDAPY_API cudapy_status cudapy_kernel_info_get(const cudapy_kernel *kernel, cudapy_kernel_info *out);
/* The most blocks of `block_threads` threads, with `shared_bytes` of dynamic shared memory, that
 * the current GPU runs at once: the largest grid of a cooperative launch of the kernel.
 * CUDAPY_ERROR_UNSUPPORTED for a kernel of the CPU target. */
CUDAPY_API cudapy_status cudapy_kernel_max_cooperative_blocks(const cudapy_kernel *kernel,
                                                              int block_threads, size_t shared_bytes,
                                                              int *out);

typedef struct cudapy_dim3 {
    uint32_t x, y, z;
} cudapy_dim3;

typedef struct cudapy_launch_config {
    size_t size;          /* sizeof(cudapy_launch_config) */
    cudapy_dim3 grid;     /* blocks; used when block.x != 0 */
    cudapy_dim3 block;    /* threads per block; {0,0,0} means: launch `threads` instead */
    cudapy_dim3 threads;  /* total threads, block size chosen automatically; threads past
                             these counts do not run the kernel body */
    size_t shared_bytes;  /* dynamic shared memory */
    uintptr_t stream;     /* a cudaStream_t; 0 is the default stream */
} cudapy_launch_config;

/* Launches asynchronously. args[i] points to the value of parameter i: the scalar itself, or a
 * cudapy_array for an array parameter (the CUDA convention of cudaLaunchKernel). */
CUDAPY_API cudapy_status cudapy_kernel_launch(cudapy_kernel *kernel,
                                              const cudapy_launch_config *config,
                                              void **args);
/* The same with all arguments packed in one block laid out as cudapy_program_param() says. */
CUDAPY_API cudapy_status cudapy_kernel_launch_packed(cudapy_kernel *kernel,
                                                     const cudapy_launch_config *config,
                                                     const void *args, size_t args_size);

/* A kernel bound to one launch configuration, for launching it many times: the configuration
 * is checked and the grid worked out (for `threads`, with the chosen block size) once, when
 * the launch is made. It borrows the kernel, so it must be deleted before the kernel's module.
 * Several threads may run the same launch at once. */
typedef struct cudapy_launch cudapy_launch;

CUDAPY_API cudapy_status cudapy_launch_new(cudapy_kernel *kernel,
                                           const cudapy_launch_config *config,
                                           cudapy_launch **out);
/* Launches asynchronously with the arguments packed as for cudapy_kernel_launch_packed(). The
 * block must hold cudapy_program_args_size() bytes; unlike cudapy_kernel_launch_packed(), which
 * is given the size, this call cannot check it. */
CUDAPY_API cudapy_status cudapy_launch_run(const cudapy_launch *launch, const void *args);
CUDAPY_API void cudapy_launch_delete(cudapy_launch *launch);

/* ---- CUDA C++ of the caller's own ------------------------------------------------------ *
 *
 * Source written in CUDA C++ (PyCUDA's SourceModule, CuPy's RawModule) compiled by the same
 * compilers and through the same disk cache as translated kernels, loaded for the current GPU,
 * and launched with its arguments packed as the compiled kernel lays its parameters out. A
 * source that reads files beside it (include folders, `#include "..."`) is compiled every time,
 * as no cache key could name those files' contents. These calls need NVRTC (or nvcc); all but
 * cudapy_cuda_compile with an architecture need a GPU. */

typedef struct cudapy_cuda_module cudapy_cuda_module;
typedef struct cudapy_cuda_function cudapy_cuda_function;

typedef struct cudapy_cuda_options {
    size_t size;              /* sizeof(cudapy_cuda_options) */
    const char *name;         /* the source's name in the compiler's messages; NULL: "kernel.cu" */
    const char *arch;         /* sm_NN (CUBIN) or compute_NN (PTX); NULL or "": the current GPU */
    cudapy_compiler compiler;
    /* Compiler options such as "-DN=4", "--use_fast_math", "-std=c++20", "-I" "folder"; only
     * the language, preprocessor, warning, optimization and code generation options NVRTC and
     * nvcc share, none that names an output, runs a program or changes the host compiler. */
    const char *const *options;
    size_t option_count;
    const char *const *include_dirs;
    size_t include_dir_count;
    /* C++ names whose mangled names the compile reports (cudapy_cuda_module_lowered_name),
     * such as "scale<float>"; NVRTC only. */
    const char *const *name_expressions;
    size_t name_expression_count;
} cudapy_cuda_options;

/* Compiles `source` for options->arch (the current GPU's when it names none) into `*out`
 * (owned, `*size` bytes: CUBIN, or PTX text with a terminating NUL not counted). A source that
 * does not compile gives CUDAPY_ERROR_CUDA_COMPILATION with the compiler's log, whose lines are
 * the source's own, as the message. */
CUDAPY_API cudapy_status cudapy_cuda_compile(const char *source, const cudapy_cuda_options *options,
                                             char **out, size_t *size);
/* The errors of this thread's last cudapy_cuda_compile or cudapy_cuda_module_new, when it
 * failed with CUDAPY_ERROR_CUDA_COMPILATION (none otherwise), each of kind
 * CUDAPY_DIAGNOSTIC_CUDA: the file the compiler named (options->name for the source itself),
 * the line and column there (column 0 when the compiler gave none; the end is the start), the
 * message, and the line as the source has it. Strings stay valid until this thread's next such
 * call. */
CUDAPY_API size_t cudapy_cuda_diagnostic_count(void);
CUDAPY_API cudapy_status cudapy_cuda_diagnostic(size_t index, cudapy_diagnostic *out);
/* Compiles for the current GPU (options->arch must be unset) and loads the module. */
CUDAPY_API cudapy_status cudapy_cuda_module_new(const char *source, const cudapy_cuda_options *options,
                                                cudapy_cuda_module **out);
/* Loads compiled code: CUBIN, PTX or a fat binary, `size` bytes at `image`. */
CUDAPY_API cudapy_status cudapy_cuda_module_load(const void *image, size_t size,
                                                 cudapy_cuda_module **out);
CUDAPY_API void cudapy_cuda_module_delete(cudapy_cuda_module *module);
/* The kernel called `name` (its C name, or its mangled name outside extern "C"), borrowed from
 * the module; CUDAPY_ERROR_NOT_FOUND names the module's kernels. */
CUDAPY_API cudapy_status cudapy_cuda_module_function(cudapy_cuda_module *module, const char *name,
                                                     cudapy_cuda_function **out);
/* The mangled name of one of the compile's name expressions (borrowed from the module). */
CUDAPY_API cudapy_status cudapy_cuda_module_lowered_name(const cudapy_cuda_module *module,
                                                         const char *expression, const char **out);
/* The device address and size of the module's __device__ or __constant__ variable `name`. */
CUDAPY_API cudapy_status cudapy_cuda_module_global(const cudapy_cuda_module *module, const char *name,
                                                   void **address, size_t *bytes);

typedef struct cudapy_cuda_function_info {
    size_t size;                  /* set by the caller to sizeof(cudapy_cuda_function_info) */
    size_t param_count;
    size_t args_size;             /* bytes of the argument block a launch takes */
    int max_threads_per_block;    /* on the current GPU, with the kernel's registers */
    int registers;                /* a thread's */
    size_t static_shared_bytes, constant_bytes, local_bytes;
    int max_dynamic_shared_bytes; /* what a launch may ask for now */
    int ptx_version, binary_version;
} cudapy_cuda_function_info;

CUDAPY_API cudapy_status cudapy_cuda_function_info_get(const cudapy_cuda_function *function,
                                                       cudapy_cuda_function_info *out);
/* Where parameter `index` lies in the argument block, and its size in bytes. */
CUDAPY_API cudapy_status cudapy_cuda_function_param(const cudapy_cuda_function *function, size_t index,
                                                    size_t *offset, size_t *bytes);
/* Lets launches ask for up to `bytes` of dynamic shared memory (above the default 48 KiB on
 * GPUs that have more). */
CUDAPY_API cudapy_status cudapy_cuda_function_set_max_dynamic_shared(cudapy_cuda_function *function,
                                                                     int bytes);
/* Launches asynchronously on `stream` with each argument at its parameter's offset in `args`,
 * `args_size` bytes (the function's args_size). A grid or block past CUDA's limits, a block
 * larger than the kernel allows and more dynamic shared memory than it may use are refused
 * (CUDAPY_ERROR_INVALID_ARGUMENT) before anything is launched. */
CUDAPY_API cudapy_status cudapy_cuda_function_launch(const cudapy_cuda_function *function,
                                                     cudapy_dim3 grid, cudapy_dim3 block,
                                                     size_t shared_bytes, uintptr_t stream,
                                                     const void *args, size_t args_size);

/* The same launch, described in one block a caller packs in one step (the Python package
 * does): the header below, then the argument block, `size` bytes in all. */
typedef struct cudapy_cuda_launch_header {
    uint32_t grid[3], block[3];
    uint64_t shared_bytes;
    uint64_t stream;
    uint64_t reserved; /* 0; keeps the arguments 16-byte aligned */
} cudapy_cuda_launch_header;

CUDAPY_API cudapy_status cudapy_cuda_function_launch_block(const cudapy_cuda_function *function,
                                                           const void *block, size_t size);

/* ---- Devices and memory --------------------------------------------------------------- */

typedef struct cudapy_device_info {
    size_t size; /* set by the caller to sizeof(cudapy_device_info) */
    char name[256];
    int major, minor; /* compute capability */
    int multiprocessors;
    size_t total_memory;
} cudapy_device_info;

/* Number of usable GPUs; 0 (and CUDAPY_OK) without a driver or GPU. */
CUDAPY_API cudapy_status cudapy_device_count(int *out);
CUDAPY_API cudapy_status cudapy_device_info_get(int ordinal, cudapy_device_info *out);
/* One attribute of a device, numbered as the CUDA runtime's cudaDeviceAttr (and the driver's
 * CUdevice_attribute) number them, e.g. 1 for the most threads a block. */
CUDAPY_API cudapy_status cudapy_device_attribute(int ordinal, int attribute, int *out);
/* The CUDA version of the installed driver, e.g. 13000 for 13.0; 0 without a driver. */
CUDAPY_API cudapy_status cudapy_driver_version(int *out);
/* Makes GPU `ordinal` the calling thread's current device: later compiles, launches,
 * buffers and streams of the thread are its. */
CUDAPY_API cudapy_status cudapy_device_select(int ordinal);
/* The devices of a target's kernels, and the calling thread's current one: the GPUs for
 * CUDA (where the current device is cudapy_device_select's; CUDAPY_ERROR_NO_DEVICE without a
 * GPU), and for the CPU the devices it simulates, so that programs for several GPUs run and
 * are tested without them (one unless cudapy_host_device_count_set says more; each buffer
 * belongs to the device current when it was made, all of them host memory).
 * CUDAPY_ERROR_NOT_FOUND for an ordinal past the last. */
CUDAPY_API cudapy_status cudapy_target_device_count(cudapy_target target, int *out);
CUDAPY_API cudapy_status cudapy_target_device_current(cudapy_target target, int *out);
CUDAPY_API cudapy_status cudapy_target_device_select(cudapy_target target, int ordinal);
/* How many devices the CPU target simulates: 1 to 64. */
CUDAPY_API cudapy_status cudapy_host_device_count_set(int count);
/* Lets kernels on GPU `device` read and write GPU `peer`'s memory, cudapy's own buffers
 * included, where the two GPUs can reach each other; `*out` says whether they can (1 for a
 * GPU and itself). Copies between buffers of two GPUs enable it themselves. */
CUDAPY_API cudapy_status cudapy_device_peer_access(int device, int peer, int *out);
/* Waits for all work on the current device (CPU launches finish before they return); reports a
 * kernel fault as CUDAPY_ERROR_LAUNCH_FAILED. Without a GPU there is nothing to wait for.
 * A Python exception a GPU kernel raised (a zero range() step) ends the raising threads only:
 * the launch finishes, and the first such exception of the process is reported as
 * CUDAPY_ERROR_LAUNCH_FAILED by the next wait for GPU work (this, a stream's or an event's
 * synchronize, a blocking copy to the host), once; the GPU stays usable. */
CUDAPY_API cudapy_status cudapy_synchronize(void);

typedef struct cudapy_buffer cudapy_buffer;

/* Device memory of `bytes` bytes on the current device. When the device has too little free,
 * CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY, with a message saying how many bytes were asked and how
 * many are free. */
CUDAPY_API cudapy_status cudapy_buffer_new(size_t bytes, cudapy_buffer **out);
/* Memory for kernels of `target`: device memory for CUDA, host memory for the CPU. */
CUDAPY_API cudapy_status cudapy_buffer_new_on(cudapy_target target, size_t bytes,
                                              cudapy_buffer **out);
CUDAPY_API void cudapy_buffer_delete(cudapy_buffer *buffer);
CUDAPY_API void *cudapy_buffer_pointer(const cudapy_buffer *buffer); /* device address */
CUDAPY_API size_t cudapy_buffer_size(const cudapy_buffer *buffer);
/* The device the buffer lies on: the GPU whose memory it is (for a wrapped buffer, the one the
 * memory belongs to), or the CPU target's simulated device; -1 for NULL. */
CUDAPY_API int cudapy_buffer_device(const cudapy_buffer *buffer);
/* Copies host memory into the buffer at `offset` (synchronous). */
CUDAPY_API cudapy_status cudapy_buffer_upload(cudapy_buffer *buffer, size_t offset,
                                              const void *host, size_t bytes);
/* Copies from the buffer at `offset` to host memory; waits for earlier work. */
CUDAPY_API cudapy_status cudapy_buffer_download(const cudapy_buffer *buffer, size_t offset,
                                                void *host, size_t bytes);

/* ---- Streams, events and host memory -------------------------------------------------- *
 *
 * Every `uintptr_t stream` argument is a cudaStream_t as an integer: cudapy_stream_handle() of
 * a cudapy_stream, another library's stream (CuPy's Stream.ptr, PyTorch's Stream.cuda_stream),
 * 0 for the legacy default stream, 1 (cudaStreamLegacy) or 2 (cudaStreamPerThread). For the CPU
 * target's buffers streams mean nothing: their copies are done when the call returns. Without
 * a driver or a GPU these calls return CUDAPY_ERROR_NO_DEVICE. */

typedef struct cudapy_stream cudapy_stream;
typedef struct cudapy_event cudapy_event;

/* A new stream on the current device. Its work runs in order, concurrently with other
 * streams' but not with the legacy default stream's (stream 0), which waits for it and which it
 * waits for, as numba's, PyCUDA's and CuPy's streams do; order work between two such streams
 * with events, or cudapy_synchronize(). */
CUDAPY_API cudapy_status cudapy_stream_new(cudapy_stream **out);
/* Destroys the stream; work already queued on it still runs. */
CUDAPY_API void cudapy_stream_delete(cudapy_stream *stream);
/* The stream's cudaStream_t, for the `uintptr_t stream` arguments; 0 for NULL. */
CUDAPY_API uintptr_t cudapy_stream_handle(const cudapy_stream *stream);
/* Waits for the work queued on `stream` (any stream, see above); a kernel fault is reported as
 * CUDAPY_ERROR_LAUNCH_FAILED. */
CUDAPY_API cudapy_status cudapy_stream_synchronize(uintptr_t stream);
/* `*done` is 1 when the work queued on `stream` so far has finished, else 0 (a kernel fault is
 * reported as by cudapy_stream_synchronize). */
CUDAPY_API cudapy_status cudapy_stream_query(uintptr_t stream, int *done);
/* Work queued on `stream` after this call waits for the work before `event`'s last record. */
CUDAPY_API cudapy_status cudapy_stream_wait_event(uintptr_t stream, const cudapy_event *event);
/* Work queued on `consumer` after this call waits for the work queued on `producer` before it,
 * without blocking the host: how a launch honours another library's array that its own stream
 * may still be writing (the __cuda_array_interface__ stream). */
CUDAPY_API cudapy_status cudapy_stream_wait_stream(uintptr_t consumer, uintptr_t producer);

/* A new event. With `timing` nonzero it records when it is reached, for
 * cudapy_event_elapsed_ms(); otherwise it only orders work (and costs less). */
CUDAPY_API cudapy_status cudapy_event_new(int timing, cudapy_event **out);
CUDAPY_API void cudapy_event_delete(cudapy_event *event);
/* Marks the point in `stream` that the event stands for, replacing an earlier record. */
CUDAPY_API cudapy_status cudapy_event_record(cudapy_event *event, uintptr_t stream);
/* Waits for the work before the event's last record (at once if it was never recorded). */
CUDAPY_API cudapy_status cudapy_event_synchronize(const cudapy_event *event);
/* `*done` is 1 when the work before the event's last record has finished, else 0. */
CUDAPY_API cudapy_status cudapy_event_query(const cudapy_event *event, int *done);
/* Milliseconds from `start`'s record to `end`'s. Both must be timing events, recorded, and
 * their work finished (synchronize `end` first). */
CUDAPY_API cudapy_status cudapy_event_elapsed_ms(const cudapy_event *start,
                                                 const cudapy_event *end, float *out);

/* Copies between host memory and a buffer, ordered on `stream`. With page-locked host memory
 * (cudapy_host_alloc) they return at once and the host memory must stay alive and untouched
 * until the stream reaches the copy; with ordinary host memory an upload returns once the data
 * is taken and a download once it is done. */
CUDAPY_API cudapy_status cudapy_buffer_upload_async(cudapy_buffer *buffer, size_t offset,
                                                    const void *host, size_t bytes,
                                                    uintptr_t stream);
CUDAPY_API cudapy_status cudapy_buffer_download_async(const cudapy_buffer *buffer,
                                                      size_t offset, void *host, size_t bytes,
                                                      uintptr_t stream);
/* Copies `bytes` from `src` at `src_offset` to `dst` at `dst_offset`, ordered on `stream`;
 * returns before a copy that involves device memory ends. The buffers may be of different
 * targets, and of two GPUs (directly where they reach each other, else staged through the
 * host; on stream 0 the copy comes after the work queued on both GPUs); overlapping ranges of
 * one buffer are refused. */
CUDAPY_API cudapy_status cudapy_buffer_copy(cudapy_buffer *dst, size_t dst_offset,
                                            const cudapy_buffer *src, size_t src_offset,
                                            size_t bytes, uintptr_t stream);
/* A buffer over `bytes` of memory that the caller owns, for `target`'s kernels: device memory
 * for CUDA (another library's GPU array), host memory for the CPU. cudapy_buffer_delete()
 * leaves the memory alone; it must outlive the buffer. */
CUDAPY_API cudapy_status cudapy_buffer_wrap(cudapy_target target, void *pointer, size_t bytes,
                                            cudapy_buffer **out);

/* Page-locked host memory of `bytes` bytes, which copies to and from the GPU use without
 * staging and asynchronously, and which every GPU's kernels may also read and write in place
 * at the same address (mapped; cudapy_buffer_wrap for the CUDA target makes it a buffer).
 * Free it with cudapy_host_free(). */
CUDAPY_API cudapy_status cudapy_host_alloc(size_t bytes, void **out);
/* Frees memory of cudapy_host_alloc(). NULL is allowed. */
CUDAPY_API void cudapy_host_free(void *pointer);
/* Managed memory of `bytes` bytes: one address that the host and every GPU's kernels read and
 * write, the driver migrating pages on demand. Free it with cudapy_managed_free(). */
CUDAPY_API cudapy_status cudapy_managed_alloc(size_t bytes, void **out);
/* Frees memory of cudapy_managed_alloc(). NULL is allowed. */
CUDAPY_API void cudapy_managed_free(void *pointer);
/* Free and total memory of the current device, in bytes. Device buffers come from a pool of
 * the library's, which keeps freed memory for reuse: free bytes do not count it. */
CUDAPY_API cudapy_status cudapy_memory_info(size_t *free_bytes, size_t *total_bytes);
/* The library's device memory is in use outside it (its address given to another library, as
 * __cuda_array_interface__ and DLPack do): from now on a freed device buffer waits for the
 * device, as cudaFree does, so that no other stream still reading it sees it reused. Until then
 * buffers are allocated and freed in the order of the legacy default stream, which every launch
 * and copy of the library's on another stream also ends. */
CUDAPY_API cudapy_status cudapy_memory_share(void);

/* ---- NVIDIA's libraries: cuBLAS, cuFFT, cuRAND --------------------------------------- *
 *
 * Each is loaded on first use as NVRTC is: the file $CUDAPY_CUBLAS, $CUDAPY_CUFFT or
 * $CUDAPY_CURAND names, else the lib64 folder of $CUDA_HOME, $CUDA_PATH and /usr/local/cuda,
 * then the folders added with cudapy_library_folder_add(), then the loader's path (CUDA 13's and
 * 12's sonames). One that is missing fails the calls that need it with
 * CUDAPY_ERROR_LIBRARY_UNAVAILABLE, saying where it looked; a library's own failure is
 * CUDAPY_ERROR_LIBRARY (CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY when it ran out of memory), its status
 * named in the message ("CUFFT_INVALID_SIZE"). Data pointers are device memory of the current
 * device; the calls are ordered on `stream` and return before the work ends, except where a
 * result goes to host memory. cuBLAS handles and cuFFT plans are made once per device (and
 * shape) and kept. */

typedef enum cudapy_nvidia_library {
    CUDAPY_CUBLAS = 0,
    CUDAPY_CUFFT = 1,
    CUDAPY_CURAND = 2
} cudapy_nvidia_library;

/* Loads `library` unless it is loaded; its version as the library numbers it in *version
 * (cuBLAS 130100 for 13.1.0, cuFFT 12000, cuRAND 10400) and, when `path` is not NULL, the file
 * loaded in *path (owned: free it with cudapy_string_free). Needs no GPU. */
CUDAPY_API cudapy_status cudapy_nvidia_library_load(cudapy_nvidia_library library, int *version,
                                                    char **path);
/* Adds a folder searched for NVRTC and the libraries (a pip-installed CUDA's nvidia-* wheels
 * keep them in site-packages/nvidia/NAME/lib): an absolute path of a folder that only its owner
 * (the user or root) may write, since code is loaded from it. */
CUDAPY_API cudapy_status cudapy_library_folder_add(const char *folder);

/* The element types of cuBLAS and cuFFT: float, double and their complex pairs. */
typedef enum cudapy_element {
    CUDAPY_ELEMENT_FLOAT32 = 0,
    CUDAPY_ELEMENT_FLOAT64 = 1,
    CUDAPY_ELEMENT_COMPLEX64 = 2,
    CUDAPY_ELEMENT_COMPLEX128 = 3
} cudapy_element;

/* cuBLAS. Matrices are column-major, as BLAS's; `alpha` and `beta` point to host values of
 * the element type; float32 products accumulate in float32 (no TF32). */
typedef enum cudapy_transpose {
    CUDAPY_TRANSPOSE_NONE = 0,
    CUDAPY_TRANSPOSE = 1,
    CUDAPY_TRANSPOSE_CONJUGATE = 2
} cudapy_transpose;

/* C = alpha op(A) op(B) + beta C, for `batch` triples of matrices: `stride_*` elements apart,
 * or, with `pointer_arrays` set, `a`, `b` and `c` are device arrays of the matrices' addresses. */
typedef struct cudapy_gemm {
    size_t size; /* set by the caller to sizeof(cudapy_gemm) */
    cudapy_element element;
    cudapy_transpose transa, transb;
    int64_t m, n, k;
    const void *alpha, *beta;
    const void *a, *b;
    void *c;
    int64_t lda, ldb, ldc;
    int64_t stride_a, stride_b, stride_c;
    int64_t batch; /* 1 for one product */
    int pointer_arrays;
} cudapy_gemm;

CUDAPY_API cudapy_status cudapy_blas_gemm(const cudapy_gemm *gemm, uintptr_t stream);
/* y = alpha op(A) x + beta y, A of m rows and n columns. */
CUDAPY_API cudapy_status cudapy_blas_gemv(cudapy_element element, cudapy_transpose trans,
                                          int64_t m, int64_t n, const void *alpha,
                                          const void *a, int64_t lda, const void *x,
                                          int64_t incx, const void *beta, void *y, int64_t incy,
                                          uintptr_t stream);
/* y = alpha x + y */
CUDAPY_API cudapy_status cudapy_blas_axpy(cudapy_element element, int64_t n, const void *alpha,
                                          const void *x, int64_t incx, void *y, int64_t incy,
                                          uintptr_t stream);
/* x = alpha x */
CUDAPY_API cudapy_status cudapy_blas_scal(cudapy_element element, int64_t n, const void *alpha,
                                          void *x, int64_t incx, uintptr_t stream);
/* The sum of x[i] y[i] (x[i] conjugated when `conjugate` is nonzero) into host memory at
 * `result`, an element; waits for the stream. */
CUDAPY_API cudapy_status cudapy_blas_dot(cudapy_element element, int conjugate, int64_t n,
                                         const void *x, int64_t incx, const void *y,
                                         int64_t incy, void *result, uintptr_t stream);
/* The Euclidean norm into host memory at `result`, a float or double (complex vectors too);
 * waits for the stream. */
CUDAPY_API cudapy_status cudapy_blas_nrm2(cudapy_element element, int64_t n, const void *x,
                                          int64_t incx, void *result, uintptr_t stream);
/* The 0-based index of the first element of largest magnitude (smallest with `smallest`
 * nonzero; |re| + |im| for complex, as BLAS), -1 for an empty vector; waits for the stream. */
CUDAPY_API cudapy_status cudapy_blas_iamax(cudapy_element element, int smallest, int64_t n,
                                           const void *x, int64_t incx, int64_t *out,
                                           uintptr_t stream);

/* cuFFT. */
typedef enum cudapy_fft_kind {
    CUDAPY_FFT_C2C = 0, /* complex to complex, forward or inverse; may be in place */
    CUDAPY_FFT_R2C = 1, /* real to the n/2 + 1 complex values of the last axis, forward */
    CUDAPY_FFT_C2R = 2  /* the inverse of R2C; overwrites its input */
} cudapy_fft_kind;

/* `batch` transforms of `rank` (1 to 3) dimensions `shape` (for R2C and C2R the real data's
 * lengths), each after the last, C order, float or double (`double_precision`). Unnormalized,
 * as cuFFT's: an inverse transform gives n times NumPy's ifft. */
CUDAPY_API cudapy_status cudapy_fft(cudapy_fft_kind kind, int double_precision, int rank,
                                    const int64_t *shape, int64_t batch, int inverse,
                                    const void *input, void *output, uintptr_t stream);

/* cuRAND's generators, each made on the current device. */
typedef struct cudapy_random_generator cudapy_random_generator;

typedef enum cudapy_random_kind {
    CUDAPY_RANDOM_XORWOW = 0,
    CUDAPY_RANDOM_PHILOX = 1, /* Philox4x32-10 */
    CUDAPY_RANDOM_MRG32K3A = 2,
    CUDAPY_RANDOM_MTGP32 = 3,
    CUDAPY_RANDOM_MT19937 = 4,
    CUDAPY_RANDOM_SOBOL32 = 5, /* quasi-random from here on */
    CUDAPY_RANDOM_SCRAMBLED_SOBOL32 = 6,
    CUDAPY_RANDOM_SOBOL64 = 7,
    CUDAPY_RANDOM_SCRAMBLED_SOBOL64 = 8
} cudapy_random_kind;

typedef enum cudapy_distribution {
    CUDAPY_UNIFORM = 0,    /* in (0, 1] */
    CUDAPY_NORMAL = 1,     /* mean a, standard deviation b */
    CUDAPY_LOG_NORMAL = 2, /* of the normal of mean a, standard deviation b */
    CUDAPY_POISSON = 3,    /* mean a; uint32 */
    CUDAPY_BITS = 4        /* raw bits; uint32, uint64 from the 64-bit Sobol generators */
} cudapy_distribution;

typedef enum cudapy_random_output {
    CUDAPY_RANDOM_FLOAT32 = 0,
    CUDAPY_RANDOM_FLOAT64 = 1,
    CUDAPY_RANDOM_UINT32 = 2,
    CUDAPY_RANDOM_UINT64 = 3
} cudapy_random_output;

CUDAPY_API cudapy_status cudapy_random_generator_new(cudapy_random_kind kind,
                                                     cudapy_random_generator **out);
CUDAPY_API void cudapy_random_generator_delete(cudapy_random_generator *generator);
/* The seed of a pseudo-random generator, which starts its sequence afresh (offset 0): the same
 * seed gives the same numbers. CUDAPY_ERROR_INVALID_ARGUMENT for a quasi-random generator. */
CUDAPY_API cudapy_status cudapy_random_generator_seed(cudapy_random_generator *generator,
                                                      uint64_t seed);
/* Skips the first `offset` values of the sequence. */
CUDAPY_API cudapy_status cudapy_random_generator_offset(cudapy_random_generator *generator,
                                                        uint64_t offset);
/* The dimensions of a quasi-random generator (1 to 20000); counts must be their multiples. */
CUDAPY_API cudapy_status cudapy_random_generator_dimensions(cudapy_random_generator *generator,
                                                            unsigned dimensions);
/* Writes `count` numbers of `distribution` to `output` (any count: an odd count of normals
 * too). A generator must not be used from two threads at once. */
CUDAPY_API cudapy_status cudapy_random_generate(cudapy_random_generator *generator,
                                                cudapy_distribution distribution,
                                                cudapy_random_output type, void *output,
                                                uint64_t count, double a, double b,
                                                uintptr_t stream);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_CUDAPY_H */
