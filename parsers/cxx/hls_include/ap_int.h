/* hlsight's software model of Vivado/Vitis HLS arbitrary-precision integers,
 * used for C simulation when the vendor's headers are not available
 * (pass --hls-include DIR or set XILINX_HLS to use the real ones).
 *
 * Limits (documented in parsers/cxx/hls_include/README.md): widths up to 64
 * bits (a wider type compiles but keeps its low 64 bits; hlsight warns about
 * each such declaration of the kernel); values are wrapped to _AP_W bits after every
 * assignment (two's complement for ap_int) and stored in the vendor's bytes
 * (sizeof 1, 2, 4, 8, or 8 per 64 bits above 64); arithmetic happens in 64-bit
 * C++ integers, so intermediate results wider than 64 bits overflow where
 * the vendor types would widen; range()/operator[] are supported for
 * reading and writing; to_string(radix) for 2, 8, 10 and 16. */
#ifndef HLSIGHT_AP_INT_H
#define HLSIGHT_AP_INT_H

#include <stdint.h>
#include <iostream> /* as the vendor's ap_int.h in C simulation: kernels use std::cout through it */
#include <string>
/* what the vendor's C-simulation ap_int.h also includes (etc/ap_private.h, all releases),
 * which testbenches use without including (hls4ml's: strtok, std::setprecision) */
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <limits>
#include <math.h>
#include <sstream>
#include <stdio.h>


template <bool _AP_S> struct __hlsight_word { typedef unsigned long long type; };
template <> struct __hlsight_word<true> { typedef long long type; };

/* the bytes a value occupies, as the vendor's C simulation lays it out
 * (ap_private: for _AP_W <= 64 the smallest C integer of enough bytes,
 * 1, 2, 4 or 8; above, an array of ceil(_AP_W/64) 64-bit words): a
 * testbench may reinterpret a byte buffer as ap_uint<8> (a public Vitis
 * RGB-to-gray testbench does), which read past the buffer when every width
 * took 8 bytes. _AP_C is the size class: 1, 2, 4, 8 bytes, 0 above 64 bits. */
template <int _AP_W> struct __hlsight_size_class {
    enum { value = _AP_W <= 8 ? 1 : _AP_W <= 16 ? 2 : _AP_W <= 32 ? 4 : _AP_W <= 64 ? 8 : 0 };
};
template <int _AP_C, bool _AP_S> struct __hlsight_store_type;
template <> struct __hlsight_store_type<1, true> { typedef signed char type; };
template <> struct __hlsight_store_type<1, false> { typedef unsigned char type; };
template <> struct __hlsight_store_type<2, true> { typedef short type; };
template <> struct __hlsight_store_type<2, false> { typedef unsigned short type; };
template <> struct __hlsight_store_type<4, true> { typedef int type; };
template <> struct __hlsight_store_type<4, false> { typedef unsigned int type; };
template <> struct __hlsight_store_type<8, true> { typedef long long type; };
template <> struct __hlsight_store_type<8, false> { typedef unsigned long long type; };

/* the stored value: reads as the 64-bit word _AP_V every operation of the
 * model computes in (the narrow type holds the wrapped value exactly:
 * sign-extended for ap_int, zero-extended for ap_uint) and is assigned from
 * it, so only the storage size changes, never the arithmetic */
template <int _AP_W, bool _AP_S, typename _AP_V, int _AP_C = __hlsight_size_class<_AP_W>::value>
struct __hlsight_cell {
    typedef typename __hlsight_store_type<_AP_C, _AP_S>::type bits_t;
    bits_t bits_;
    __hlsight_cell() {}
    __hlsight_cell(_AP_V x) : bits_((bits_t)x) {}
    operator _AP_V() const { return (_AP_V)bits_; }
    operator _AP_V() const volatile { return (_AP_V)bits_; }
    __hlsight_cell &operator=(_AP_V x) { bits_ = (bits_t)x; return *this; }
    void operator=(_AP_V x) volatile { bits_ = (bits_t)x; }
};
/* above 64 bits the model keeps the low 64 (the hls-model-width warning);
 * the words after it only give the type the vendor's size */
template <int _AP_W, bool _AP_S, typename _AP_V>
struct __hlsight_cell<_AP_W, _AP_S, _AP_V, 0> {
    _AP_V bits_;
    unsigned long long high_[(_AP_W + 63) / 64 - 1];
    __hlsight_cell() {}
    __hlsight_cell(_AP_V x) : bits_(x) { clear_high(); }
    void clear_high() { for (int i = 0; i < (_AP_W + 63) / 64 - 1; i++) high_[i] = 0ULL; }
    operator _AP_V() const { return bits_; }
    operator _AP_V() const volatile { return bits_; }
    __hlsight_cell &operator=(_AP_V x) { bits_ = x; return *this; }
    void operator=(_AP_V x) volatile { bits_ = x; }
};

template <int _AP_W, bool _AP_S>
class __hlsight_ap {
public:
    /* an ap_uint narrower than 64 bits is held (and converts) as a signed
     * 64-bit word, which holds all its values: mixed with an ap_int or a
     * negative int it compares and divides as the vendor's does (its result
     * is signed and wide enough), not as C's unsigned long long, which made
     * ap_int<8>(-1) < ap_uint<8>(1) false and ap_uint<16>(7) / ap_int<16>(-2) 0 */
    typedef typename __hlsight_word<_AP_S || (_AP_W < 64)>::type word_t;
    __hlsight_cell<_AP_W, _AP_S, word_t> v;

    static word_t wrap(unsigned long long raw) {
        if (_AP_W >= 64) return (word_t)raw;
        if (_AP_W == 0) return 0;
        /* _AP_W < 64 here; the guards keep the shifts in range for every _AP_W the template sees */
        unsigned long long mask = (1ULL << (_AP_W < 64 ? _AP_W : 0)) - 1ULL;
        raw &= mask;
        if (_AP_S && (raw >> (_AP_W > 0 && _AP_W < 64 ? _AP_W - 1 : 0)) & 1ULL) raw |= ~mask;
        return (word_t)raw;
    }

    class bit_ref {
        __hlsight_ap &owner; int index;
    public:
        bit_ref(__hlsight_ap &o, int i) : owner(o), index(i) {}
        operator bool() const { return ((unsigned long long)owner.v >> index) & 1ULL; }
        bit_ref &operator=(unsigned long long bit) {
            unsigned long long raw = (unsigned long long)owner.v;
            raw = bit ? (raw | (1ULL << index)) : (raw & ~(1ULL << index));
            owner.v = wrap(raw);
            return *this;
        }
        bit_ref &operator=(const bit_ref &other) { return *this = (unsigned long long)(bool)other; }
    };

    class range_ref {
        __hlsight_ap &owner; int hi, lo;
    public:
        range_ref(__hlsight_ap &o, int h, int l) : owner(o), hi(h), lo(l) {}
        unsigned long long get() const {
            int n = hi - lo + 1;
            unsigned long long raw = (unsigned long long)owner.v >> lo;
            return n >= 64 ? raw : raw & ((1ULL << n) - 1ULL);
        }
        operator unsigned long long() const { return get(); }
        unsigned long long to_uint64() const { return get(); }
        unsigned int to_uint() const { return (unsigned int)get(); }
        int to_int() const { return (int)get(); }
        range_ref &operator=(unsigned long long value) {
            int n = hi - lo + 1;
            unsigned long long mask = (n >= 64 ? ~0ULL : ((1ULL << n) - 1ULL)) << lo;
            unsigned long long raw = ((unsigned long long)owner.v & ~mask) | ((value << lo) & mask);
            owner.v = wrap(raw);
            return *this;
        }
        range_ref &operator=(const range_ref &other) { return *this = other.get(); }
    };

    __hlsight_ap() : v(0) {}
    __hlsight_ap(const __hlsight_ap &other) : v(other.v) {}
    template <int _AP_W2, bool _AP_S2>
    __hlsight_ap(const __hlsight_ap<_AP_W2, _AP_S2> &other) : v(wrap((unsigned long long)other.v)) {}
    __hlsight_ap(bool x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(char x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(signed char x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(unsigned char x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(short x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(unsigned short x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(int x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(unsigned int x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(long x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(unsigned long x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(long long x) : v(wrap((unsigned long long)x)) {}
    __hlsight_ap(unsigned long long x) : v(wrap(x)) {}
    __hlsight_ap(float x) : v(wrap((unsigned long long)(long long)x)) {}
    __hlsight_ap(double x) : v(wrap((unsigned long long)(long long)x)) {}

    __hlsight_ap &operator=(const __hlsight_ap &other) { v = other.v; return *this; }
    operator word_t() const { return v; }
    /* a volatile value (a top argument ``volatile ap_int<32> x``, as the
     * vendor's ap_int_base allows): read, assigned and updated in place */
    operator word_t() const volatile { return v; }
    void operator=(const __hlsight_ap &other) volatile { v = other.v; }

    bit_ref operator[](int index) { return bit_ref(*this, index); }
    bool operator[](int index) const { return ((unsigned long long)v >> index) & 1ULL; }
    bit_ref bit(int index) { return bit_ref(*this, index); }
    bool get_bit(int index) const { return ((unsigned long long)v >> index) & 1ULL; }
    void set_bit(int index, bool value) { bit_ref(*this, index) = value; }
    range_ref range(int hi, int lo) { return range_ref(*this, hi, lo); }
    range_ref range() { return range_ref(*this, _AP_W - 1, 0); }
    range_ref operator()(int hi, int lo) { return range_ref(*this, hi, lo); }
    unsigned long long range(int hi, int lo) const {
        int n = hi - lo + 1;
        unsigned long long raw = (unsigned long long)v >> lo;
        return n >= 64 ? raw : raw & ((1ULL << n) - 1ULL);
    }

    int to_int() const { return (int)v; }
    unsigned int to_uint() const { return (unsigned int)v; }
    long to_long() const { return (long)v; }
    unsigned long to_ulong() const { return (unsigned long)v; }
    long long to_int64() const { return (long long)v; }
    unsigned long long to_uint64() const { return (unsigned long long)v; }
    double to_double() const { return (double)v; }
    int length() const { return _AP_W; }
    /* the bits in reverse order (bit 0 becomes bit _AP_W-1), in place */
    __hlsight_ap &reverse() {
        unsigned long long raw = (unsigned long long)v, out = 0ULL;
        for (int i = 0; i < _AP_W && i < 64; i++)
            if ((raw >> i) & 1ULL) out |= 1ULL << (_AP_W - 1 - i);
        v = wrap(out);
        return *this;
    }

    /* the bits rotated by n places within the width, in place, returning
     * the value as the vendor's ap_int_base does (a public AES key
     * expansion writes word = word.lrotate(8)) */
    __hlsight_ap &lrotate(int n) {
        int w = _AP_W < 64 ? _AP_W : 64;
        n = ((n % w) + w) % w;
        unsigned long long mask = w >= 64 ? ~0ULL : ((1ULL << w) - 1ULL);
        unsigned long long raw = (unsigned long long)v & mask;
        v = wrap(n == 0 ? raw : ((raw << n) | (raw >> (w - n))) & mask);
        return *this;
    }
    __hlsight_ap &rrotate(int n) { return lrotate(-n); }

    /* the vendor's ap_int_base bit members (a public AXI DMA controller polls
     * while (!flag.test(0))): test, set, clear, invert one bit; b_not all */
    bool test(int index) const { return get_bit(index); }
    void set(int index) { set_bit(index, true); }
    void set(int index, bool value) { set_bit(index, value); }
    void clear(int index) { set_bit(index, false); }
    void invert(int index) { set_bit(index, !get_bit(index)); }
    void b_not() { v = wrap(~(unsigned long long)v); }
    /* the value itself, as the vendor's get() ("Get self. For ap_concat_ref
     * expansion"; a public Vivado 2018.3 testbench checks an AXI beat's
     * keep.get()) */
    __hlsight_ap &get() { return *this; }
    const __hlsight_ap &get() const { return *this; }
    /* reductions over the _AP_W bits; sign() is the top bit of an ap_int */
    unsigned long long bits() const {
        return _AP_W >= 64 ? (unsigned long long)v : (unsigned long long)v & ((1ULL << (_AP_W < 64 ? _AP_W : 0)) - 1ULL);
    }
    bool and_reduce() const { return bits() == (_AP_W >= 64 ? ~0ULL : (1ULL << (_AP_W < 64 ? _AP_W : 0)) - 1ULL); }
    bool nand_reduce() const { return !and_reduce(); }
    bool or_reduce() const { return bits() != 0ULL; }
    bool nor_reduce() const { return !or_reduce(); }
    bool xor_reduce() const { return __builtin_parityll(bits()) != 0; }
    bool xnor_reduce() const { return !xor_reduce(); }
    bool iszero() const { return bits() == 0ULL; }
    bool is_zero() const { return iszero(); }
    bool sign() const { return _AP_S && _AP_W > 0 && get_bit(_AP_W - 1); }
    int countLeadingZeros() const {
        int w = _AP_W < 64 ? _AP_W : 64, n = 0;
        for (int i = w - 1; i >= 0 && !get_bit(i); i--) n++;
        return n;
    }
    /* as the vendor's C simulation prints it: radix 2, 8, 16 with a 0b, 0o,
     * 0x prefix and no leading zeros (unsigned for radix 2), 10 as a number */
    std::string to_string(signed char radix = 2, bool signed_ = _AP_S) const {
        if (radix == 2) signed_ = false;
        bool negative = signed_ && sign();
        unsigned long long magnitude = negative ? (unsigned long long)(-(long long)v) : bits();
        unsigned base = radix == 16 ? 16u : radix == 8 ? 8u : radix == 10 ? 10u : 2u;
        char digits[72];
        int at = 71;
        digits[at] = '\0';
        do { digits[--at] = "0123456789abcdef"[magnitude % base]; magnitude /= base; } while (magnitude != 0ULL);
        std::string out(negative ? "-" : "");
        out += base == 16 ? "0x" : base == 8 ? "0o" : base == 2 ? "0b" : "";
        out += &digits[at];
        return out;
    }
#define HLSIGHT_AP_ASSIGN_OP(op) \
    template <typename _AP_T> __hlsight_ap &operator op##=(const _AP_T &rhs) { v = wrap((unsigned long long)(v op rhs)); return *this; } \
    template <typename _AP_T> void operator op##=(const _AP_T &rhs) volatile { v = wrap((unsigned long long)(v op rhs)); }
    HLSIGHT_AP_ASSIGN_OP(+) HLSIGHT_AP_ASSIGN_OP(-) HLSIGHT_AP_ASSIGN_OP(*) HLSIGHT_AP_ASSIGN_OP(/)
    HLSIGHT_AP_ASSIGN_OP(%) HLSIGHT_AP_ASSIGN_OP(&) HLSIGHT_AP_ASSIGN_OP(|) HLSIGHT_AP_ASSIGN_OP(^)
    HLSIGHT_AP_ASSIGN_OP(<<) HLSIGHT_AP_ASSIGN_OP(>>)
#undef HLSIGHT_AP_ASSIGN_OP
    /* a shift keeps the left operand's width: bits shifted out are lost
     * (UG902/UG1399: assign to a wider variable after a cast to keep
     * them); a negative amount shifts the other way */
    static word_t shifted(word_t value, long long amount) {
        if (amount < 0) return shifted_right(value, -amount);
        return wrap(amount >= 64 ? 0ULL : (unsigned long long)value << amount);
    }
    static word_t shifted_right(word_t value, long long amount) {
        if (amount < 0) return shifted(value, -amount);
        if (amount >= 64) return (_AP_S && (long long)value < 0) ? wrap(~0ULL) : 0;
        return wrap(_AP_S ? (unsigned long long)((long long)value >> amount) : (unsigned long long)value >> amount);
    }
    __hlsight_ap &operator++() { v = wrap((unsigned long long)v + 1ULL); return *this; }
    __hlsight_ap &operator--() { v = wrap((unsigned long long)v - 1ULL); return *this; }
    __hlsight_ap operator++(int) { __hlsight_ap old(*this); ++*this; return old; }
    __hlsight_ap operator--(int) { __hlsight_ap old(*this); --*this; return old; }
};

template <int _AP_W> class ap_int : public __hlsight_ap<_AP_W, true> {
public:
    typedef __hlsight_ap<_AP_W, true> base;
    ap_int() : base() {}
    template <typename _AP_T> ap_int(const _AP_T &x) : base(x) {}
    ap_int(const ap_int &other) : base(other) {}
    ap_int(const volatile ap_int &other) : base() { this->v = other.v; }
    ap_int &operator=(const ap_int &other) { this->v = other.v; return *this; }
    template <typename _AP_T> ap_int &operator=(const _AP_T &x) { base::operator=(base(x)); return *this; }
    void operator=(const ap_int &other) volatile { this->v = other.v; }
    template <typename _AP_T> void operator=(const _AP_T &x) volatile { this->v = base(x).v; }
    template <typename _AP_T> ap_int operator<<(const _AP_T &amount) const {
        ap_int r; r.v = base::shifted(this->v, (long long)amount); return r;
    }
    template <typename _AP_T> ap_int operator>>(const _AP_T &amount) const {
        ap_int r; r.v = base::shifted_right(this->v, (long long)amount); return r;
    }
};

template <int _AP_W> class ap_uint : public __hlsight_ap<_AP_W, false> {
public:
    typedef __hlsight_ap<_AP_W, false> base;
    ap_uint() : base() {}
    template <typename _AP_T> ap_uint(const _AP_T &x) : base(x) {}
    ap_uint(const ap_uint &other) : base(other) {}
    ap_uint(const volatile ap_uint &other) : base() { this->v = other.v; }
    ap_uint &operator=(const ap_uint &other) { this->v = other.v; return *this; }
    template <typename _AP_T> ap_uint &operator=(const _AP_T &x) { base::operator=(base(x)); return *this; }
    void operator=(const ap_uint &other) volatile { this->v = other.v; }
    template <typename _AP_T> void operator=(const _AP_T &x) volatile { this->v = base(x).v; }
    template <typename _AP_T> ap_uint operator<<(const _AP_T &amount) const {
        ap_uint r; r.v = base::shifted(this->v, (long long)amount); return r;
    }
    template <typename _AP_T> ap_uint operator>>(const _AP_T &amount) const {
        ap_uint r; r.v = base::shifted_right(this->v, (long long)amount); return r;
    }
};

/* read a value as the vendor's C simulation does: a number in the stream's
 * base (a public SpMV testbench reads its ap_uint sizes with `file >> n`) */
template <int _AP_W> std::istream &operator>>(std::istream &in, ap_uint<_AP_W> &value) {
    unsigned long long word = 0;
    if (in >> word) value = word;
    return in;
}
template <int _AP_W> std::istream &operator>>(std::istream &in, ap_int<_AP_W> &value) {
    long long word = 0;
    if (in >> word) value = word;
    return in;
}

#include "ap_fixed.h"

#endif
