// hlsight stand-in for the Intel HLS Compiler's HLS/ac_fixed_math.h (not
// Intel's file): its functions take and give ac_fixed values. See HLS/hls.h.
#ifndef HLSIGHT_IPP_AC_FIXED_MATH_H
#define HLSIGHT_IPP_AC_FIXED_MATH_H
#include "HLS/ac_fixed.h"
template <typename __AC_T> __AC_T sqrt_fixed(__AC_T value);
template <typename __AC_T> __AC_T reciprocal_fixed(__AC_T value);
template <typename __AC_T> __AC_T reciprocal_sqrt_fixed(__AC_T value);
template <typename __AC_T> __AC_T sin_fixed(__AC_T value);
template <typename __AC_T> __AC_T cos_fixed(__AC_T value);
template <typename __AC_T, typename __AC_U> void sincos_fixed(__AC_T value, __AC_U &sine, __AC_U &cosine);
template <typename __AC_T> __AC_T sinpi_fixed(__AC_T value);
template <typename __AC_T> __AC_T cospi_fixed(__AC_T value);
template <typename __AC_T> __AC_T log_fixed(__AC_T value);
template <typename __AC_T> __AC_T exp_fixed(__AC_T value);
#endif
