/* hlsight's software model of Vitis' hls_np_channel.h (see README.md): the
 * split and merge channels of a dataflow region with tasks, as streams: a
 * split's `in` and its `out[N]`, a merge's `in[N]` and its `out`. The model
 * moves no item between them (the vendor's channel distributes them round
 * robin or to the least loaded port). */
#ifndef HLSIGHT_HLS_NP_CHANNEL_H
#define HLSIGHT_HLS_NP_CHANNEL_H

#include "hls_stream.h"

#ifndef hls_thread_local
#define hls_thread_local thread_local
#endif

namespace hls {
namespace split {
template <typename _AP_T, int _AP_N, int _AP_IN_DEPTH = 2, int _AP_OUT_DEPTH = 2>
struct round_robin {
    stream<_AP_T, _AP_IN_DEPTH> in;
    stream<_AP_T, _AP_OUT_DEPTH> out[_AP_N];
};
template <typename _AP_T, int _AP_N, int _AP_IN_DEPTH = 2, int _AP_OUT_DEPTH = 2>
struct load_balance {
    stream<_AP_T, _AP_IN_DEPTH> in;
    stream<_AP_T, _AP_OUT_DEPTH> out[_AP_N];
};
}  // namespace split
namespace merge {
template <typename _AP_T, int _AP_N, int _AP_IN_DEPTH = 2, int _AP_OUT_DEPTH = 2>
struct round_robin {
    stream<_AP_T, _AP_IN_DEPTH> in[_AP_N];
    stream<_AP_T, _AP_OUT_DEPTH> out;
};
template <typename _AP_T, int _AP_N, int _AP_IN_DEPTH = 2, int _AP_OUT_DEPTH = 2>
struct load_balance {
    stream<_AP_T, _AP_IN_DEPTH> in[_AP_N];
    stream<_AP_T, _AP_OUT_DEPTH> out;
};
}  // namespace merge
}  // namespace hls

#endif
