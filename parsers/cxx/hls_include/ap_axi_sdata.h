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

#endif
