/* hlsight's software model of Vitis' hls::task (see README.md): a task of a
 * dataflow region, declared with its function and the streams it connects.
 * Enough for the analysis to read a design that uses tasks (its loops,
 * streams and counts); the model does not run the task's function, as the
 * vendor's C simulation does in a thread of its own. */
#ifndef HLSIGHT_HLS_TASK_H
#define HLSIGHT_HLS_TASK_H

#include "hls_stream.h"

#ifndef hls_thread_local
#define hls_thread_local thread_local
#endif

namespace hls {
class task {
public:
    task() {}
    template <typename _AP_F, typename... _AP_A>
    task(_AP_F &&, _AP_A &&...) {}
    template <typename _AP_F, typename... _AP_A>
    void operator()(_AP_F &&, _AP_A &&...) {}
};
}  // namespace hls

#endif
