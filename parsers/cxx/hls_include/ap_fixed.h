/* hlsight's software model of ap_fixed<_AP_W, _AP_I> / ap_ufixed<_AP_W, _AP_I> (see ap_int.h
 * and README.md for the limits): the value is a double (stored as the _AP_W-bit
 * word in the vendor's bytes, see __hlsight_fixed_cell) rounded toward minus
 * infinity to the type's 2^-(_AP_W-_AP_I) step and wrapped to its range after every
 * assignment (AP_TRN / AP_WRAP, the vendor defaults); other quantization and
 * overflow modes are accepted as template arguments and treated the same. */
#ifndef HLSIGHT_AP_FIXED_H
#define HLSIGHT_AP_FIXED_H

#include <math.h>
#include "ap_int.h"

enum ap_q_mode { AP_RND, AP_RND_ZERO, AP_RND_MIN_INF, AP_RND_INF, AP_RND_CONV, AP_TRN, AP_TRN_ZERO };
enum ap_o_mode { AP_SAT, AP_SAT_ZERO, AP_SAT_SYM, AP_WRAP, AP_WRAP_SM };

/* the stored value of an ap_fixed: the _AP_W-bit word in the vendor's bytes
 * (ap_fixed_base holds an ap_private<_AP_W>: 1, 2, 4 or 8 bytes up to 64
 * bits, see __hlsight_cell in ap_int.h); it reads as the double every
 * operation of the model computes in and is assigned a double already
 * quantized to the step and range, which the word holds exactly (a
 * multiple of the step with at most 53 significant bits), so the
 * arithmetic is the double model's. A NaN stored reads back as 0. */
template <int _AP_W, int _AP_I, bool _AP_S, int _AP_C = __hlsight_size_class<_AP_W>::value>
struct __hlsight_fixed_cell {
    typedef typename __hlsight_store_type<_AP_C, _AP_S>::type bits_t;
    bits_t bits_;
    __hlsight_fixed_cell() {}
    __hlsight_fixed_cell(double x) { *this = x; }
    operator double() const { return (double)bits_ * ldexp(1.0, _AP_I - _AP_W); }
    __hlsight_fixed_cell &operator=(double x) {
        double word = x / ldexp(1.0, _AP_I - _AP_W), span = ldexp(1.0, _AP_W);
        if (word != word) word = 0.0;
        word = fmod(word, span);  /* a no-op on a quantized value: keeps the conversion defined */
        if (_AP_S && word >= span / 2) word -= span;
        if (_AP_S && word < -span / 2) word += span;
        if (!_AP_S && word < 0) word += span;
        bits_ = (bits_t)word;
        return *this;
    }
};
/* above 64 bits: the double itself, then the words that give the vendor's size */
template <int _AP_W, int _AP_I, bool _AP_S>
struct __hlsight_fixed_cell<_AP_W, _AP_I, _AP_S, 0> {
    double value_;
    unsigned long long high_[(_AP_W + 63) / 64 - 1];
    __hlsight_fixed_cell() {}
    __hlsight_fixed_cell(double x) : value_(x) { for (int i = 0; i < (_AP_W + 63) / 64 - 1; i++) high_[i] = 0ULL; }
    operator double() const { return value_; }
    __hlsight_fixed_cell &operator=(double x) { value_ = x; return *this; }
};

template <int _AP_W, int _AP_I, bool _AP_S>
class __hlsight_fixed {
public:
    __hlsight_fixed_cell<_AP_W, _AP_I, _AP_S> v;
    static double quantize(double x) {
        double step = ldexp(1.0, _AP_I - _AP_W);
        double span = ldexp(1.0, _AP_I);
        double q = floor(x / step) * step;
        double low = _AP_S ? -span / 2 : 0.0;
        q = fmod(q - low, span);
        if (q < 0) q += span;
        return q + low;
    }
    __hlsight_fixed() : v(0) {}
    __hlsight_fixed(double x) : v(quantize(x)) {}
    template <int _AP_W2, bool _AP_S2> __hlsight_fixed(const __hlsight_ap<_AP_W2, _AP_S2> &x) : v(quantize((double)x.v)) {}
    template <int _AP_W2, int _AP_I2, bool _AP_S2> __hlsight_fixed(const __hlsight_fixed<_AP_W2, _AP_I2, _AP_S2> &x) : v(quantize(x.v)) {}
    /* the _AP_W-bit two's complement word the vendor type stores (_AP_W <= 64), for
     * range() / operator(): the value in units of 2^-(_AP_W-_AP_I) */
    unsigned long long bits() const {
        unsigned long long word = (unsigned long long)(long long)floor(v / ldexp(1.0, _AP_I - _AP_W));
        return _AP_W >= 64 ? word : word & ((1ULL << _AP_W) - 1);
    }
    void set_bits(unsigned long long word) {
        unsigned long long mask = _AP_W >= 64 ? ~0ULL : ((1ULL << _AP_W) - 1);
        word &= mask;
        long long value = (_AP_S && _AP_W < 64 && ((word >> (_AP_W - 1)) & 1ULL)) ? (long long)(word | ~mask) : (long long)word;
        v = quantize((double)value * ldexp(1.0, _AP_I - _AP_W));
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
        template <int _AP_W2, bool _AP_S2> range_ref &operator=(const __hlsight_ap<_AP_W2, _AP_S2> &x) {
            return *this = (unsigned long long)x.v;
        }
    };
    /* one bit of the word: `x[14]` (a public Vitis CORDIC tests its sign bit so) */
    class bit_ref {
        __hlsight_fixed &owner;
        int at;
    public:
        bit_ref(__hlsight_fixed &o, int i) : owner(o), at(i) {}
        operator bool() const { return (owner.bits() >> at) & 1ULL; }
        bit_ref &operator=(bool value) {
            unsigned long long word = owner.bits();
            owner.set_bits(value ? (word | (1ULL << at)) : (word & ~(1ULL << at)));
            return *this;
        }
        bit_ref &operator=(const bit_ref &other) { return *this = (bool)other; }
    };
    bit_ref operator[](int i) { return bit_ref(*this, i); }
    bool operator[](int i) const { return (bits() >> i) & 1ULL; }
    bit_ref bit(int i) { return bit_ref(*this, i); }
    bool bit(int i) const { return (bits() >> i) & 1ULL; }
    range_ref range(int hi, int lo) { return range_ref(*this, hi, lo); }
    range_ref range() { return range_ref(*this, _AP_W - 1, 0); }
    range_ref operator()(int hi, int lo) { return range_ref(*this, hi, lo); }
    unsigned long long range(int hi, int lo) const { return range_ref(const_cast<__hlsight_fixed &>(*this), hi, lo).get(); }
    unsigned long long range() const { return bits(); }
    operator double() const { return v; }
    double to_double() const { return v; }
    float to_float() const { return (float)v; }
    int to_int() const { return (int)v; }
    long long to_int64() const { return (long long)v; }
    /* shifts move the _AP_W-bit word: bits shifted out below the step are lost, above the
     * range wrap (a public Vitis CORDIC's `x >> k` on ap_fixed<15,3> was ambiguous here) */
    __hlsight_fixed operator>>(int n) const { __hlsight_fixed r; r.v = quantize(ldexp(v, -n)); return r; }
    __hlsight_fixed operator<<(int n) const { __hlsight_fixed r; r.v = quantize(ldexp(v, n)); return r; }
    __hlsight_fixed &operator>>=(int n) { v = quantize(ldexp(v, -n)); return *this; }
    __hlsight_fixed &operator<<=(int n) { v = quantize(ldexp(v, n)); return *this; }
#define HLSIGHT_FIXED_ASSIGN_OP(op) \
    template <typename _AP_T> __hlsight_fixed &operator op##=(const _AP_T &rhs) { v = quantize(v op (double)rhs); return *this; }
    HLSIGHT_FIXED_ASSIGN_OP(+) HLSIGHT_FIXED_ASSIGN_OP(-) HLSIGHT_FIXED_ASSIGN_OP(*) HLSIGHT_FIXED_ASSIGN_OP(/)
#undef HLSIGHT_FIXED_ASSIGN_OP
};

template <int _AP_W, int _AP_I, ap_q_mode _AP_Q = AP_TRN, ap_o_mode _AP_O = AP_WRAP, int _AP_N = 0>
class ap_fixed : public __hlsight_fixed<_AP_W, _AP_I, true> {
public:
    typedef __hlsight_fixed<_AP_W, _AP_I, true> base;
    ap_fixed() : base() {}
    template <typename _AP_T> ap_fixed(const _AP_T &x) : base(x) {}
};

template <int _AP_W, int _AP_I, ap_q_mode _AP_Q = AP_TRN, ap_o_mode _AP_O = AP_WRAP, int _AP_N = 0>
class ap_ufixed : public __hlsight_fixed<_AP_W, _AP_I, false> {
public:
    typedef __hlsight_fixed<_AP_W, _AP_I, false> base;
    ap_ufixed() : base() {}
    template <typename _AP_T> ap_ufixed(const _AP_T &x) : base(x) {}
};

/* read a value as the vendor's C simulation does: a decimal number, quantized
 * (hls4ml's load_weights_from_txt: `std::istringstream(token) >> w[i]`) */
template <int _AP_W, int _AP_I, ap_q_mode _AP_Q, ap_o_mode _AP_O, int _AP_N>
std::istream &operator>>(std::istream &in, ap_fixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> &value) {
    double number = 0;
    if (in >> number) value = number;
    return in;
}
template <int _AP_W, int _AP_I, ap_q_mode _AP_Q, ap_o_mode _AP_O, int _AP_N>
std::istream &operator>>(std::istream &in, ap_ufixed<_AP_W, _AP_I, _AP_Q, _AP_O, _AP_N> &value) {
    double number = 0;
    if (in >> number) value = number;
    return in;
}

#endif
