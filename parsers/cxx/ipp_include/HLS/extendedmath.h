// hlsight stand-in for the Intel HLS Compiler's HLS/extendedmath.h (not
// Intel's file): the C library's math functions. See HLS/hls.h.
#ifndef HLSIGHT_IPP_EXTENDEDMATH_H
#define HLSIGHT_IPP_EXTENDEDMATH_H
#include <math.h>
#endif
