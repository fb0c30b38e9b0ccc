// hlsight stand-in for the Intel HLS Compiler's HLS/hls.h (not Intel's file).
//
// Declarations only, written from the API the Intel HLS Compiler Reference
// Manual documents, so that libclang parses a component whose report does not
// embed the vendor header: without it `component dout_t f(...)` and
// `ihc::stream_in<int> &a` are no declarations, and the loops inside are lost
// (a public i++ 18.1 loop_pipeline). Nothing here defines a value a loop
// bound could take. A real hls.h found beside the sources or below
// --source-root comes first on the include path.
#ifndef HLSIGHT_IPP_HLS_H
#define HLSIGHT_IPP_HLS_H

#include <stddef.h>

// Component and argument keywords, memory attributes: attributes only.
#define component
#define hls_always_run_component
#define hls_avalon_streaming_component
#define hls_avalon_slave_component
#define hls_avalon_agent_component
#define hls_conduit_argument
#define hls_avalon_slave_register_argument
#define hls_avalon_agent_register_argument
#define hls_avalon_slave_memory_argument(__x)
#define hls_avalon_agent_memory_argument(__x)
#define hls_stable_argument
#define hls_stall_free_return
#define hls_max_concurrency(__x)
#define hls_scheduler_target_fmax_mhz(__x)
#define hls_component_ii(__x)
#define hls_disable_component_pipelining
#define hls_use_stall_enable_clusters
#define hls_register
#define hls_memory
#define hls_memory_impl(__x)
#define hls_numbanks(__x)
#define hls_bankwidth(__x)
#define hls_singlepump
#define hls_doublepump
#define hls_numports_readonly_writeonly(__rd, __wr)
#define hls_bankbits(__x, ...)
#define hls_merge(__x, __y)
#define hls_init_on_reset
#define hls_init_on_powerup
#define hls_numreadports(__x)
#define hls_numwriteports(__x)
#define hls_simple_dual_port_memory
#define hls_max_replicates(__x)
#define hls_private_copies(__x)
#define hls_fpga_reg(__x) __x

namespace ihc {

// Interface parameters: tags carrying a number.
template <int __IHC_N> struct dwidth {};
template <int __IHC_N> struct awidth {};
template <int __IHC_N> struct latency {};
template <int __IHC_N> struct readwrite_mode {};
template <int __IHC_N> struct maxburst {};
template <int __IHC_N> struct align {};
template <int __IHC_N> struct aspace {};
template <int __IHC_N> struct waitrequest {};
template <int __IHC_N> struct buffer {};
template <int __IHC_N> struct readyLatency {};
template <int __IHC_N> struct bitsPerSymbol {};
template <int __IHC_N> struct usesPackets {};
template <int __IHC_N> struct usesValid {};
template <int __IHC_N> struct usesReady {};
template <int __IHC_N> struct usesEmpty {};
template <int __IHC_N> struct firstSymbolInHighOrderBits {};
enum readwrite_t { readwrite = 0, readonly = 1, writeonly = 2 };

// An Avalon memory-mapped host (master) interface: used as a pointer.
template <typename __IHC_T, class... __IHC_P>
class mm_master {
 public:
  template <typename __IHC_U> explicit mm_master(__IHC_U *data, int size = 0, bool use_socket = false);
  mm_master(const mm_master &other);
  mm_master &operator=(const mm_master &other);
  __IHC_T &operator[](int index);
  __IHC_T &operator*();
  __IHC_T *operator->();
  template <typename __IHC_U> operator __IHC_U();
  __IHC_T *operator+(int index);
  template <typename __IHC_U> __IHC_T *operator&(__IHC_U value);
  template <typename __IHC_U> __IHC_T *operator|(__IHC_U value);
  template <typename __IHC_U> __IHC_T *operator^(__IHC_U value);
  mm_master &getInterfaceAtIndex(int index);
};
template <typename __IHC_T, class... __IHC_P> using mm_host = mm_master<__IHC_T, __IHC_P...>;

// Streaming interfaces (Avalon-ST) and the stream between tasks.
template <typename __IHC_T, class... __IHC_P>
class stream_in {
 public:
  __IHC_T read(bool wait = false);
  __IHC_T read(bool &sop, bool &eop, bool wait = false);
  __IHC_T read(bool &sop, bool &eop, int &empty, bool wait = false);
  __IHC_T tryRead(bool &success);
  __IHC_T tryRead(bool &success, bool &sop, bool &eop);
  __IHC_T tryRead(bool &success, bool &sop, bool &eop, int &empty);
  void write(const __IHC_T &value);
  void write(const __IHC_T &value, bool sop, bool eop);
  void write(const __IHC_T &value, bool sop, bool eop, int empty);
  bool tryWrite(const __IHC_T &value);
  bool tryWrite(const __IHC_T &value, bool sop, bool eop);
  bool tryWrite(const __IHC_T &value, bool sop, bool eop, int empty);
  void setStallCycles(unsigned average, unsigned delta = 0);
  void setValidCycles(unsigned average, unsigned delta = 0);
};
template <typename __IHC_T, class... __IHC_P>
class stream_out : public stream_in<__IHC_T, __IHC_P...> {
 public:
  void setReadyCycles(unsigned average, unsigned delta = 0);
};
template <typename __IHC_T, class... __IHC_P>
class stream : public stream_in<__IHC_T, __IHC_P...> {};

// Tasks: launched and collected by the function they run.
template <typename __IHC_F, typename... __IHC_A> void launch(__IHC_F &&function, __IHC_A &&...arguments);
template <typename __IHC_R, typename... __IHC_A> __IHC_R collect(__IHC_R (&function)(__IHC_A...));
template <int __IHC_N, typename __IHC_F, typename... __IHC_A>
void buffered_launch(__IHC_F &&function, __IHC_A &&...arguments);
template <void (&__IHC_F)()> void launch_always_run();

template <typename __IHC_T> __IHC_T fpga_reg(__IHC_T value);

}  // namespace ihc

#endif
