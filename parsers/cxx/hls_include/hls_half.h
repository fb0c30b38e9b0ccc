/* hlsight: hls_half.h stand-in -- Vitis' half-precision `half` as the
   compilers' _Float16 (IEEE binary16, 2 bytes, as the vendor's); hls_math.h
   includes it, as the vendor's does. */
#ifndef HLSIGHT_HLS_HALF_H
#define HLSIGHT_HLS_HALF_H
typedef _Float16 half;
#endif
