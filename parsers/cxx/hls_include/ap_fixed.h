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
    /* the W-bit two's complement word the vendor type stores (W <= 64), for
     * range() / operator(): the value in units of 2^-(W-I) */
    unsigned long long bits() const {
        unsigned long long word = (unsigned long long)(long long)floor(v / ldexp(1.0, I - W));
        return W >= 64 ? word : word & ((1ULL << W) - 1);
    }
    void set_bits(unsigned long long word) {
        unsigned long long mask = W >= 64 ? ~0ULL : ((1ULL << W) - 1);
        word &= mask;
        long long value = (S && W < 64 && ((word >> (W - 1)) & 1ULL)) ? (long long)(word | ~mask) : (long long)word;
        v = quantize((double)value * ldexp(1.0, I - W));
    }
    class range_ref {
        __hlsight_fixed &owner;
        int hi, lo;
    public:
        range_ref(__hlsight_fixed &o, int h, int l) : owner(o), hi(h), lo(l) {}
        unsigned long long get() const {
            int width = hi - lo + 1;
            unsigned long long word = owner.bits() >> lo;
            return width >= 64 ? word : word & ((1ULL << width) - 1);
        }
        operator unsigned long long() const { return get(); }
        range_ref &operator=(unsigned long long value) {
            int width = hi - lo + 1;
            unsigned long long field = width >= 64 ? ~0ULL : ((1ULL << width) - 1);
            owner.set_bits((owner.bits() & ~(field << lo)) | ((value & field) << lo));
            return *this;
        }
        range_ref &operator=(const range_ref &other) { return *this = other.get(); }
        template <int W2, bool S2> range_ref &operator=(const __hlsight_ap<W2, S2> &x) {
            return *this = (unsigned long long)x.v;
        }
    };
    range_ref range(int hi, int lo) { return range_ref(*this, hi, lo); }
    range_ref range() { return range_ref(*this, W - 1, 0); }
    range_ref operator()(int hi, int lo) { return range_ref(*this, hi, lo); }
    unsigned long long range(int hi, int lo) const { return range_ref(const_cast<__hlsight_fixed &>(*this), hi, lo).get(); }
    unsigned long long range() const { return bits(); }
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
