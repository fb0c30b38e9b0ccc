// hlsight stand-in for the Intel HLS Compiler's HLS/stdio.h (not Intel's
// file): the C library's printf family. See HLS/hls.h.
#ifndef HLSIGHT_IPP_STDIO_H
#define HLSIGHT_IPP_STDIO_H
#include <stdio.h>
#endif
