// hlsight stand-in for the Intel HLS Compiler's HLS/math.h (not Intel's
// file): the C library's math functions. See HLS/hls.h.
#ifndef HLSIGHT_IPP_MATH_H
#define HLSIGHT_IPP_MATH_H
#include <math.h>
#endif
