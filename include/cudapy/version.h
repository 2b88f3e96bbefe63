/* cudapy's version: the release, and the ABI version of cudapy.h, which includes this. */
#ifndef CUDAPY_VERSION_H
#define CUDAPY_VERSION_H

#define CUDAPY_VERSION_MAJOR 0
#define CUDAPY_VERSION_MINOR 1
#define CUDAPY_VERSION_PATCH 0
/* Bumped whenever a declaration in cudapy.h changes incompatibly. */
#define CUDAPY_ABI_VERSION 2

#endif
