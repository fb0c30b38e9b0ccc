// hlsight stand-in for the Intel HLS Compiler's HLS/ac_fixed.h (not Intel's
// file): Algorithmic C's ac_fixed<W, I, S, Q, O> as a declared class that
// converts from and to double. See HLS/hls.h.
#ifndef HLSIGHT_IPP_AC_FIXED_H
#define HLSIGHT_IPP_AC_FIXED_H

#include "HLS/ac_int.h"

enum ac_q_mode { AC_TRN, AC_RND, AC_TRN_ZERO, AC_RND_ZERO, AC_RND_INF, AC_RND_MIN_INF, AC_RND_CONV, AC_RND_CONV_ODD };
enum ac_o_mode { AC_WRAP, AC_SAT, AC_SAT_ZERO, AC_SAT_SYM };

template <int __AC_W, int __AC_I, bool __AC_S = true, ac_q_mode __AC_Q = AC_TRN, ac_o_mode __AC_O = AC_WRAP>
class ac_fixed {
 public:
  ac_fixed();
  template <typename __AC_T> ac_fixed(__AC_T value);
  operator double() const;
  double to_double() const;
  float to_float() const;
  int to_int() const;
  long long to_int64() const;
  template <int __AC_W2, bool __AC_S2> ac_int<__AC_W2, __AC_S2> slc(int low) const;
  ac_fixed &operator[](int bit);
  template <typename __AC_T> ac_fixed &operator=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator+=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator-=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator*=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator/=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator<<=(__AC_T value);
  template <typename __AC_T> ac_fixed &operator>>=(__AC_T value);
};

#endif
