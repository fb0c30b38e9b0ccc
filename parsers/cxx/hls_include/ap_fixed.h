/* hlsight's software model of ap_fixed<W, I> / ap_ufixed<W, I> (see ap_int.h
 * and README.md for the limits): the value is a double rounded toward minus
 * infinity to the type's 2^-(W-I) step and wrapped to its range after every
 * assignment (AP_TRN / AP_WRAP, the vendor defaults); other quantization and
 * overflow modes are accepted as template arguments and treated the same. */
#ifndef HLSIGHT_AP_FIXED_H
#define HLSIGHT_AP_FIXED_H

#include <math.h>
#include "ap_int.h"

enum ap_q_mode { AP_RND, AP_RND_ZERO, AP_RND_MIN_INF, AP_RND_INF, AP_RND_CONV, AP_TRN, AP_TRN_ZERO };
enum ap_o_mode { AP_SAT, AP_SAT_ZERO, AP_SAT_SYM, AP_WRAP, AP_WRAP_SM };

template <int W, int I, bool S>
class __hlsight_fixed {
public:
    double v;
    static double quantize(double x) {
        double step = ldexp(1.0, I - W);
        double span = ldexp(1.0, I);
        double q = floor(x / step) * step;
        double low = S ? -span / 2 : 0.0;
        q = fmod(q - low, span);
        if (q < 0) q += span;
        return q + low;
    }
    __hlsight_fixed() : v(0) {}
    __hlsight_fixed(double x) : v(quantize(x)) {}
    template <int W2, bool S2> __hlsight_fixed(const __hlsight_ap<W2, S2> &x) : v(quantize((double)x.v)) {}
    template <int W2, int I2, bool S2> __hlsight_fixed(const __hlsight_fixed<W2, I2, S2> &x) : v(quantize(x.v)) {}
    operator double() const { return v; }
    double to_double() const { return v; }
    float to_float() const { return (float)v; }
    int to_int() const { return (int)v; }
    long long to_int64() const { return (long long)v; }
#define HLSIGHT_FIXED_ASSIGN_OP(op) \
    template <typename T> __hlsight_fixed &operator op##=(const T &rhs) { v = quantize(v op (double)rhs); return *this; }
    HLSIGHT_FIXED_ASSIGN_OP(+) HLSIGHT_FIXED_ASSIGN_OP(-) HLSIGHT_FIXED_ASSIGN_OP(*) HLSIGHT_FIXED_ASSIGN_OP(/)
#undef HLSIGHT_FIXED_ASSIGN_OP
};

template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
class ap_fixed : public __hlsight_fixed<W, I, true> {
public:
    typedef __hlsight_fixed<W, I, true> base;
    ap_fixed() : base() {}
    template <typename T> ap_fixed(const T &x) : base(x) {}
};

template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
class ap_ufixed : public __hlsight_fixed<W, I, false> {
public:
    typedef __hlsight_fixed<W, I, false> base;
    ap_ufixed() : base() {}
    template <typename T> ap_ufixed(const T &x) : base(x) {}
};

#endif
