// Where cudapy looks for the NVIDIA libraries it loads at run time (NVRTC, cuBLAS, cuFFT,
// cuRAND), so that every one of them is found the same way.
#pragma once

#include <string>
#include <vector>

namespace cudapy {

// Adds a folder searched after the toolkit's and before the loader's path: where a
// pip-installed CUDA (the nvidia-* wheels) keeps its libraries. Throws Error(InvalidArgument)
// unless it is an absolute path of a folder that only its owner (the user or root) may write,
// since code is loaded from it.
void add_library_folder(const std::string &folder);

// The places to try, in order, for a library with these sonames (newest first): the file
// $override_variable names (alone, when it is set), then each soname in the lib64 folder of
// $CUDA_HOME, $CUDA_PATH and /usr/local/cuda and in the added folders, then each bare soname
// for the loader's own search.
std::vector<std::string> library_candidates(const char *override_variable,
                                            const std::vector<std::string> &sonames);

// The toolkit's include folders that exist, for CUDA C++ that includes its headers
// (curand_kernel.h, cuda_runtime.h): the include folder, and its cccl folder, of $CUDA_HOME,
// $CUDA_PATH and /usr/local/cuda, and beside each added library folder (a pip-installed CUDA's);
// each one only its owner (the user or root) may write.
std::vector<std::string> toolkit_include_folders();

}  // namespace cudapy
