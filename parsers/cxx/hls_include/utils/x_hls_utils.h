/* hlsight's model of the vendor's utils/x_hls_utils.h (see ../README.md): the
 * part code written against it uses, hls::numeric_limits<T> (a public hls4ml
 * max-pooling starts from numeric_limits<accum_t>::min()). For the arbitrary-
 * precision types, as the vendor's: min() is the most negative value (0 for the
 * unsigned ones), max() the largest, epsilon() one step; a built-in type's are
 * std::numeric_limits'. */
#ifndef HLSIGHT_X_HLS_UTILS_H
#define HLSIGHT_X_HLS_UTILS_H

#include <limits>
#include <math.h>
#include "ap_fixed.h"
#include "ap_int.h"

namespace hls {

template <typename _AP_T>
class numeric_limits {
public:
    static _AP_T max() { return std::numeric_limits<_AP_T>::max(); }
    static _AP_T min() { return std::numeric_limits<_AP_T>::min(); }
    static _AP_T epsilon() { return std::numeric_limits<_AP_T>::epsilon(); }
};

template <int _AP_W, int _AP_I, ap_q_mode _AP_Q, ap_o_mode _AP_O, int _AP_N>
class numeric_limits<ap_fixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> > {
    typedef ap_fixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> type;
public:
    static type max() { return type(ldexp(ldexp(1.0, _AP_W - 1) - 1.0, _AP_I - _AP_W)); }
    static type min() { return type(-ldexp(1.0, _AP_I - 1)); }
    static type epsilon() { return type(ldexp(1.0, _AP_I - _AP_W)); }
};

template <int _AP_W, int _AP_I, ap_q_mode _AP_Q, ap_o_mode _AP_O, int _AP_N>
class numeric_limits<ap_ufixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> > {
    typedef ap_ufixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> type;
public:
    static type max() { return type(ldexp(ldexp(1.0, _AP_W) - 1.0, _AP_I - _AP_W)); }
    static type min() { return type(0); }
    static type epsilon() { return type(ldexp(1.0, _AP_I - _AP_W)); }
};

template <int _AP_W>
class numeric_limits<ap_int<_AP_W> > {
public:
    static ap_int<_AP_W> max() { return ap_int<_AP_W>((long long)((1ULL << (_AP_W - 1)) - 1)); }
    static ap_int<_AP_W> min() { return ap_int<_AP_W>(-(long long)((1ULL << (_AP_W - 1)) - 1) - 1); }
    static ap_int<_AP_W> epsilon() { return ap_int<_AP_W>(1); }
};

template <int _AP_W>
class numeric_limits<ap_uint<_AP_W> > {
public:
    static ap_uint<_AP_W> max() { return ap_uint<_AP_W>(_AP_W >= 64 ? ~0ULL : (1ULL << _AP_W) - 1); }
    static ap_uint<_AP_W> min() { return ap_uint<_AP_W>(0); }
    static ap_uint<_AP_W> epsilon() { return ap_uint<_AP_W>(1); }
};

}  // namespace hls

#endif
