/* hlsight's software model of the AXI4-Stream side-channel structs (see README.md). */
#ifndef HLSIGHT_AP_AXI_SDATA_H
#define HLSIGHT_AP_AXI_SDATA_H

#include "ap_int.h"

template <int _AP_D, int _AP_U, int _AP_TI, int _AP_TD>
struct ap_axis {
    ap_int<_AP_D> data;
    ap_uint<(_AP_D + 7) / 8> keep;
    ap_uint<(_AP_D + 7) / 8> strb;
    ap_uint<_AP_U> user;
    ap_uint<1> last;
    ap_uint<_AP_TI> id;
    ap_uint<_AP_TD> dest;
};

template <int _AP_D, int _AP_U, int _AP_TI, int _AP_TD>
struct ap_axiu {
    ap_uint<_AP_D> data;
    ap_uint<(_AP_D + 7) / 8> keep;
    ap_uint<(_AP_D + 7) / 8> strb;
    ap_uint<_AP_U> user;
    ap_uint<1> last;
    ap_uint<_AP_TI> id;
    ap_uint<_AP_TD> dest;
};

/* Vitis (2022.1 on) writes the stream word as hls::axis<TData, WUser, WId,
 * WDest>, any data type (ap_axis/ap_axiu are ap_int/ap_uint cases of it);
 * the side channels' widths are the vendor's: TKEEP/TSTRB one bit per byte of
 * the data. The two last parameters (which side channels are enabled) change
 * nothing in the model: every field is always there. */
template <typename _AP_T> struct __hlsight_bits { enum { value = sizeof(_AP_T) * 8 }; };
template <int _AP_W> struct __hlsight_bits<ap_int<_AP_W> > { enum { value = _AP_W }; };
template <int _AP_W> struct __hlsight_bits<ap_uint<_AP_W> > { enum { value = _AP_W }; };

namespace hls {
template <typename _AP_T, unsigned long _AP_U, unsigned long _AP_TI, unsigned long _AP_TD,
          unsigned char _AP_E = 0x7F, bool _AP_STRICT = false>
struct axis {
    _AP_T data;
    ap_uint<(__hlsight_bits<_AP_T>::value + 7) / 8> keep;
    ap_uint<(__hlsight_bits<_AP_T>::value + 7) / 8> strb;
    ap_uint<_AP_U> user;
    ap_uint<1> last;
    ap_uint<_AP_TI> id;
    ap_uint<_AP_TD> dest;
};
}

#endif
