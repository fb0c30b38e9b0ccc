/* hlsight: hls_math.h stand-in -- the standard math functions in namespace hls. */
#ifndef HLSIGHT_HLS_MATH_H
#define HLSIGHT_HLS_MATH_H
#include <cmath>
#include "hls_half.h"
namespace hls {
using std::sqrt; using std::exp; using std::log; using std::sin; using std::cos; using std::tan;
using std::pow; using std::fabs; using std::abs; using std::floor; using std::ceil; using std::round;
using std::fmin; using std::fmax; using std::atan2; using std::tanh;
}
#endif
