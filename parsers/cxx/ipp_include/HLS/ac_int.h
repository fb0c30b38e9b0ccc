// hlsight stand-in for the Intel HLS Compiler's HLS/ac_int.h (not Intel's
// file): Algorithmic C's ac_int<W, S> as a declared class that converts from
// and to the built-in integers, enough for libclang to parse a component
// (its widths do not change a loop's count). See HLS/hls.h.
#ifndef HLSIGHT_IPP_AC_INT_H
#define HLSIGHT_IPP_AC_INT_H

template <int __AC_W, bool __AC_S = true>
class ac_int {
 public:
  ac_int();
  template <typename __AC_T> ac_int(__AC_T value);
  operator long long() const;
  template <int __AC_W2> ac_int<__AC_W2, __AC_S> slc(int low) const;
  template <int __AC_W2, bool __AC_S2> ac_int &set_slc(int low, const ac_int<__AC_W2, __AC_S2> &slice);
  ac_int &operator[](int bit);
  int to_int() const;
  unsigned to_uint() const;
  long long to_int64() const;
  unsigned long long to_uint64() const;
  long to_long() const;
  unsigned long to_ulong() const;
  double to_double() const;
  int length() const;
  ac_int bit_complement() const;
  template <typename __AC_T> ac_int &operator=(__AC_T value);
  template <typename __AC_T> ac_int &operator+=(__AC_T value);
  template <typename __AC_T> ac_int &operator-=(__AC_T value);
  template <typename __AC_T> ac_int &operator*=(__AC_T value);
  template <typename __AC_T> ac_int &operator/=(__AC_T value);
  template <typename __AC_T> ac_int &operator%=(__AC_T value);
  template <typename __AC_T> ac_int &operator&=(__AC_T value);
  template <typename __AC_T> ac_int &operator|=(__AC_T value);
  template <typename __AC_T> ac_int &operator^=(__AC_T value);
  template <typename __AC_T> ac_int &operator<<=(__AC_T value);
  template <typename __AC_T> ac_int &operator>>=(__AC_T value);
  ac_int &operator++();
  ac_int operator++(int);
  ac_int &operator--();
  ac_int operator--(int);
};

#endif
