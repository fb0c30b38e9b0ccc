// hlsight stand-in SYCL declarations: just enough for libclang to type the
// kernels a oneAPI FPGA report embeds (the real headers are not in reports).
// Limits: no implementations; accessor/buffer deduction covers the common
// CTAD forms (buffer from std::vector / pointer+range, accessor from a buffer
// and a handler plus tags/properties); images, samplers, reductions,
// sub-groups and most of ext::oneapi are not declared.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>
#include <functional>
#include <exception>
#include <string>
#include <iostream>
#include <chrono>
#include <memory>
#include <array>
#include <algorithm>
#include <cmath>
#include <system_error>
#include <type_traits>

// OpenCL error codes that sycl.hpp brings in through CL/cl.h (host code compares with them)
#define CL_SUCCESS 0
#define CL_DEVICE_NOT_FOUND -1
#define CL_DEVICE_NOT_AVAILABLE -2
#define CL_OUT_OF_RESOURCES -5
#define CL_OUT_OF_HOST_MEMORY -6

namespace sycl {
inline namespace _V1 {
using cl_ulong = unsigned long;
using cl_uint = unsigned int;
using cl_int = int;
using cl_float = float;
using cl_double = double;
using cl_char = signed char;
using cl_uchar = unsigned char;
using cl_short = short;
using cl_ushort = unsigned short;
using cl_long = long;

template <int D = 1> struct range {
  range(std::size_t a);
  range(std::size_t a, std::size_t b);
  range(std::size_t a, std::size_t b, std::size_t c);
  std::size_t get(int) const;
  std::size_t operator[](int) const;
  std::size_t size() const;
};
range(std::size_t) -> range<1>;
range(std::size_t, std::size_t) -> range<2>;
range(std::size_t, std::size_t, std::size_t) -> range<3>;

template <int D = 1> struct id {
  id();
  id(std::size_t a);
  id(std::size_t a, std::size_t b);
  id(std::size_t a, std::size_t b, std::size_t c);
  std::size_t get(int) const;
  std::size_t operator[](int) const;
  operator std::size_t() const;
};

template <int D = 1, bool O = true> struct item {
  id<D> get_id() const;
  std::size_t get_id(int) const;
  std::size_t operator[](int) const;
  range<D> get_range() const;
  std::size_t get_range(int) const;
  std::size_t get_linear_id() const;
  operator std::size_t() const;
};

template <int D = 1> struct nd_range {
  nd_range(range<D> global, range<D> local);
  range<D> get_global_range() const;
  range<D> get_local_range() const;
};

namespace access {
enum class fence_space { local_space, global_space, global_and_local };
}  // namespace access

template <int D = 1> struct group {
  std::size_t get_group_id(int) const;
  std::size_t get_local_id(int) const;
  std::size_t get_local_range(int) const;
  std::size_t get_group_range(int) const;
  std::size_t get_group_linear_id() const;
  std::size_t get_local_linear_id() const;
};

template <int D = 1> struct nd_item {
  std::size_t get_global_id(int) const;
  id<D> get_global_id() const;
  std::size_t get_local_id(int) const;
  id<D> get_local_id() const;
  std::size_t get_group(int) const;
  group<D> get_group() const;
  std::size_t get_global_range(int) const;
  range<D> get_global_range() const;
  std::size_t get_local_range(int) const;
  range<D> get_local_range() const;
  std::size_t get_group_range(int) const;
  range<D> get_group_range() const;
  std::size_t get_global_linear_id() const;
  std::size_t get_local_linear_id() const;
  std::size_t get_group_linear_id() const;
  void barrier(access::fence_space = access::fence_space::global_and_local) const;
};

enum class memory_scope { work_item, sub_group, work_group, device, system };
template <typename G> void group_barrier(G g, memory_scope scope = memory_scope::work_group);

namespace access {
enum class mode { read, write, read_write, discard_write, discard_read_write, atomic };
enum class decorated { no, yes, legacy };
enum class target { device, global_buffer = device, constant_buffer, local, host_buffer };
enum class address_space { global_space, local_space, constant_space, private_space, generic_space,
                           ext_intel_global_device_space, ext_intel_global_host_space };
}  // namespace access
using access_mode = access::mode;
using target = access::target;

template <typename T, access::address_space S = access::address_space::global_space> struct multi_ptr {
  multi_ptr();
  multi_ptr(T *p);
  T &operator[](std::ptrdiff_t) const;
  T &operator*() const;
  T *operator->() const;
  T *get() const;
  operator T *() const;
  multi_ptr operator+(std::ptrdiff_t) const;
  multi_ptr operator-(std::ptrdiff_t) const;
  multi_ptr &operator++();
  multi_ptr operator++(int);
  multi_ptr &operator+=(std::ptrdiff_t);
};
template <typename T> using global_ptr = multi_ptr<T, access::address_space::global_space>;
template <typename T> using local_ptr = multi_ptr<T, access::address_space::local_space>;
template <typename T> using device_ptr = multi_ptr<T, access::address_space::global_space>;
// host memory an FPGA kernel reads over the host link (USM host allocations)
template <typename T> using host_ptr = multi_ptr<T, access::address_space::ext_intel_global_host_space>;

struct property_list {
  template <typename... P> property_list(P...);
};
namespace property {
namespace queue { struct enable_profiling {}; struct in_order {}; }
namespace buffer { struct use_host_ptr {}; struct mem_channel { mem_channel(int); }; }
struct no_init_t {};
}  // namespace property
struct no_init_t {};
inline constexpr no_init_t no_init{};
inline constexpr no_init_t noinit{};

template <access::mode M> struct mode_tag_t {};
inline constexpr mode_tag_t<access::mode::read> read_only{};
inline constexpr mode_tag_t<access::mode::write> write_only{};
inline constexpr mode_tag_t<access::mode::read_write> read_write{};

namespace ext { namespace oneapi {
struct no_alias_t {};
inline constexpr no_alias_t no_alias{};
template <typename... P> struct accessor_property_list {
  template <typename... Q> accessor_property_list(Q...);
};
template <typename... Q> accessor_property_list(Q...) -> accessor_property_list<Q...>;
namespace experimental {
template <typename... P> struct properties { template <typename... Q> properties(Q...); };
template <typename... Q> properties(Q...) -> properties<Q...>;
template <typename T, typename PL = properties<>> struct annotated_arg {
  annotated_arg(T v);
  operator T() const;
  T get() const;
};
template <typename T, typename PL> struct annotated_arg<T *, PL> {
  annotated_arg(T *p);
  template <typename... Q> annotated_arg(T *p, Q...);
  T &operator[](std::ptrdiff_t) const;
  T &operator*() const;
  T *operator->() const;
  T *get() const;
  operator T *() const;
};
template <typename T, typename... Q> annotated_arg(T *, Q...) -> annotated_arg<T *, properties<Q...>>;
}  // namespace experimental
}}  // namespace ext::oneapi

class handler;
// declared here with their defaults (buffer::get_access returns them)
template <typename T, int D = 1, access::mode M = access::mode::read_write,
          access::target TG = access::target::device, typename PL = void>
class accessor;
template <typename T, int D = 1, access::mode M = access::mode::read_write> class host_accessor;
template <typename T, int D = 1> class buffer {
 public:
  template <typename... P> buffer(range<D> r, P...);
  template <typename... P> buffer(T *p, range<D> r, P...);
  template <typename... P> buffer(const T *p, range<D> r, P...);
  template <typename A, typename... P> buffer(std::vector<T, A> &v, P...);
  template <typename A, typename... P> buffer(const std::vector<T, A> &v, P...);
  template <std::size_t N, typename... P> buffer(std::array<T, N> &a, P...);
  template <std::size_t N, typename... P> buffer(const std::array<T, N> &a, P...);
  template <typename It> buffer(It first, It last);
  template <access::mode M = access::mode::read_write, access::target TG = access::target::device>
  accessor<T, D, M, TG> get_access(handler &h);
  template <access::mode M = access::mode::read_write> host_accessor<T, D, M> get_access();
  template <typename O> void set_final_data(O out);
  void set_write_back(bool flag = true);
  range<D> get_range() const;
  std::size_t size() const;
  std::size_t get_count() const;
};
template <typename T, typename A, typename... P> buffer(std::vector<T, A> &, P...) -> buffer<T, 1>;
template <typename T, typename A, typename... P> buffer(const std::vector<T, A> &, P...) -> buffer<T, 1>;
template <typename T, std::size_t N, typename... P> buffer(std::array<T, N> &, P...) -> buffer<T, 1>;
template <typename T, std::size_t N, typename... P> buffer(const std::array<T, N> &, P...) -> buffer<T, 1>;
template <typename T, int D, typename... P> buffer(T *, range<D>, P...) -> buffer<T, D>;
template <typename T, int D, typename... P> buffer(const T *, range<D>, P...) -> buffer<T, D>;

template <typename T, int D, access::mode M, access::target TG, typename PL>
class accessor {
 public:
  accessor();
  template <typename... P> accessor(buffer<T, D> &b, P...);
  template <typename... P> accessor(range<D> r, handler &h, P...);
  T &operator[](std::size_t) const;
  T &operator[](id<D>) const;
  T &operator[](item<D>) const;
  std::size_t size() const;
  std::size_t get_count() const;
  range<D> get_range() const;
  global_ptr<T> get_pointer() const;
  template <access::decorated IsDecorated = access::decorated::legacy> global_ptr<T> get_multi_ptr() const;
};
template <typename T, int D, typename... P> accessor(buffer<T, D> &, P...) -> accessor<T, D>;
template <typename T, int D = 1> using local_accessor = accessor<T, D, access::mode::read_write, access::target::local>;
template <typename T, int D, access::mode M> class host_accessor {
 public:
  template <typename... P> host_accessor(buffer<T, D> &b, P...);
  T &operator[](std::size_t) const;
};
template <typename T, int D, typename... P> host_accessor(buffer<T, D> &, P...) -> host_accessor<T, D>;

// a vec comparison gives, per lane, a signed integer as wide as the element (SYCL 2020 4.14.2.1)
template <std::size_t B> struct __hlsight_lane_mask;
template <> struct __hlsight_lane_mask<1> { using type = signed char; };
template <> struct __hlsight_lane_mask<2> { using type = short; };
template <> struct __hlsight_lane_mask<4> { using type = int; };
template <> struct __hlsight_lane_mask<8> { using type = long; };

// SYCL 2020 4.14.2.1: a 3-element vec is stored (and aligned) as 4 elements
template <typename T, int N> struct alignas(sizeof(T) * (N == 3 ? 4 : N)) vec {
  using element_type = T;
  using __mask = vec<typename __hlsight_lane_mask<sizeof(T)>::type, N>;
  vec();
  template <typename... A> vec(A...);
  T &operator[](int);
  const T &operator[](int) const;
  static constexpr std::size_t size() noexcept { return N; }
  static constexpr std::size_t get_count() noexcept { return N; }
  vec operator+(const vec &) const;
  vec operator-(const vec &) const;
  vec operator*(const vec &) const;
  vec operator/(const vec &) const;
  vec &operator+=(const vec &);
  vec &operator-=(const vec &);
  vec &operator*=(const vec &);
  __mask operator==(const vec &) const;
  __mask operator!=(const vec &) const;
  __mask operator<(const vec &) const;
  __mask operator>(const vec &) const;
  __mask operator<=(const vec &) const;
  __mask operator>=(const vec &) const;
  T x() const; T y() const; T z() const; T w() const;
  T s0() const;
  void load(std::size_t, global_ptr<T>);
  void store(std::size_t, global_ptr<T>) const;
  T data[N == 3 ? 4 : N];
};
template <typename T> using vec1 = vec<T, 1>;
using float2 = vec<float, 2>; using float3 = vec<float, 3>; using float4 = vec<float, 4>; using float8 = vec<float, 8>; using float16 = vec<float, 16>;
using int2 = vec<int, 2>; using int3 = vec<int, 3>; using int4 = vec<int, 4>; using int8 = vec<int, 8>; using int16 = vec<int, 16>;
using double2 = vec<double, 2>; using double4 = vec<double, 4>;
#define HLSIGHT_SYCL_VECS(name, T) using name##2 = vec<T, 2>; using name##3 = vec<T, 3>; \
  using name##4 = vec<T, 4>; using name##8 = vec<T, 8>; using name##16 = vec<T, 16>;
HLSIGHT_SYCL_VECS(char, signed char) HLSIGHT_SYCL_VECS(uchar, unsigned char) HLSIGHT_SYCL_VECS(short, short)
HLSIGHT_SYCL_VECS(ushort, unsigned short) HLSIGHT_SYCL_VECS(uint, unsigned int) HLSIGHT_SYCL_VECS(long, long)
HLSIGHT_SYCL_VECS(ulong, unsigned long)
using double3 = vec<double, 3>; using double8 = vec<double, 8>; using double16 = vec<double, 16>;
#undef HLSIGHT_SYCL_VECS

// SYCL 1.2.1 scalar aliases (DPC++ keeps them in sycl::): host code declares `ulong t;`
using uchar = unsigned char; using schar = signed char; using ushort = unsigned short;
using uint = unsigned int; using ulong = unsigned long; using longlong = long long;
using ulonglong = unsigned long long;

// SYCL 2020 4.17 built-in functions, typed as in DPC++: the float ones take
// genfloat (float, double, vec of them), the integer ones geninteger, so
// sqrt(int) still picks ::sqrt(double) after `using namespace sycl;`.
template <typename T> struct __hlsight_scalar { typedef T type; };
template <typename T, int N> struct __hlsight_scalar<vec<T, N>> { typedef T type; };
template <typename T> using __hlsight_genfloat = std::enable_if_t<std::is_floating_point_v<typename __hlsight_scalar<T>::type>, T>;
template <typename T> using __hlsight_geninteger = std::enable_if_t<std::is_integral_v<typename __hlsight_scalar<T>::type>, T>;
template <typename T> using __hlsight_gentype = std::enable_if_t<std::is_arithmetic_v<typename __hlsight_scalar<T>::type>, T>;
#define HLSIGHT_SYCL_F1(name) template <typename T> __hlsight_genfloat<T> name(T x);
#define HLSIGHT_SYCL_F2(name) template <typename T> __hlsight_genfloat<T> name(T x, T y);
HLSIGHT_SYCL_F1(sqrt) HLSIGHT_SYCL_F1(rsqrt) HLSIGHT_SYCL_F1(cbrt) HLSIGHT_SYCL_F1(exp) HLSIGHT_SYCL_F1(exp2)
HLSIGHT_SYCL_F1(exp10) HLSIGHT_SYCL_F1(expm1) HLSIGHT_SYCL_F1(log) HLSIGHT_SYCL_F1(log2) HLSIGHT_SYCL_F1(log10)
HLSIGHT_SYCL_F1(log1p) HLSIGHT_SYCL_F1(sin) HLSIGHT_SYCL_F1(cos) HLSIGHT_SYCL_F1(tan) HLSIGHT_SYCL_F1(asin)
HLSIGHT_SYCL_F1(acos) HLSIGHT_SYCL_F1(atan) HLSIGHT_SYCL_F1(sinh) HLSIGHT_SYCL_F1(cosh) HLSIGHT_SYCL_F1(tanh)
HLSIGHT_SYCL_F1(fabs) HLSIGHT_SYCL_F1(floor) HLSIGHT_SYCL_F1(ceil) HLSIGHT_SYCL_F1(round) HLSIGHT_SYCL_F1(trunc)
HLSIGHT_SYCL_F1(rint) HLSIGHT_SYCL_F1(sign) HLSIGHT_SYCL_F1(degrees) HLSIGHT_SYCL_F1(radians)
HLSIGHT_SYCL_F2(pow) HLSIGHT_SYCL_F2(powr) HLSIGHT_SYCL_F2(atan2) HLSIGHT_SYCL_F2(fmod) HLSIGHT_SYCL_F2(fmin)
HLSIGHT_SYCL_F2(fmax) HLSIGHT_SYCL_F2(fdim) HLSIGHT_SYCL_F2(hypot) HLSIGHT_SYCL_F2(copysign) HLSIGHT_SYCL_F2(step)
#undef HLSIGHT_SYCL_F1
#undef HLSIGHT_SYCL_F2
template <typename T> __hlsight_genfloat<T> pown(T x, int n);
template <typename T> __hlsight_genfloat<T> ldexp(T x, int n);
template <typename T> __hlsight_genfloat<T> fma(T a, T b, T c);
template <typename T> __hlsight_genfloat<T> mad(T a, T b, T c);
template <typename T> __hlsight_genfloat<T> mix(T a, T b, T c);
template <typename T> __hlsight_genfloat<T> smoothstep(T a, T b, T c);
template <typename T> __hlsight_gentype<T> min(T a, T b);
template <typename T> __hlsight_gentype<T> max(T a, T b);
template <typename T> __hlsight_gentype<T> clamp(T x, T lo, T hi);
template <typename T> __hlsight_geninteger<T> abs(T x);
template <typename T> __hlsight_geninteger<T> abs_diff(T x, T y);
template <typename T> __hlsight_geninteger<T> add_sat(T x, T y);
template <typename T> __hlsight_geninteger<T> sub_sat(T x, T y);
template <typename T> __hlsight_geninteger<T> mul_hi(T x, T y);
template <typename T> __hlsight_geninteger<T> rotate(T x, T y);
template <typename T> __hlsight_geninteger<T> clz(T x);
template <typename T> __hlsight_geninteger<T> ctz(T x);
template <typename T> __hlsight_geninteger<T> popcount(T x);
template <typename T> std::enable_if_t<std::is_floating_point_v<T>, bool> isnan(T x);
template <typename T> std::enable_if_t<std::is_floating_point_v<T>, bool> isinf(T x);
template <typename T> std::enable_if_t<std::is_floating_point_v<T>, bool> isfinite(T x);

struct event {
  void wait();
  template <typename I> cl_ulong get_profiling_info() const;
  // SYCL 1.2.1 (oneAPI 2021): the descriptor is an enumerator of info::event_profiling
  template <auto I> cl_ulong get_profiling_info() const;
};
struct exception : std::exception {
  const char *what() const noexcept;
  int get_cl_code() const;
  std::error_code code() const;
};
struct exception_list { const std::exception_ptr *begin() const; const std::exception_ptr *end() const; };
using async_handler = std::function<void(exception_list)>;
struct device {
  template <typename I> typename I::return_type get_info() const;
  bool is_accelerator() const;
};
struct platform { template <typename I> typename I::return_type get_info() const; };
struct context { platform get_platform() const; };
namespace info {
// each descriptor carries the type get_info returns for it (SYCL 2020 A.3)
template <typename R> struct __hlsight_descriptor { using return_type = R; };
namespace device {
struct name : __hlsight_descriptor<std::string> {}; struct vendor : __hlsight_descriptor<std::string> {};
struct version : __hlsight_descriptor<std::string> {}; struct driver_version : __hlsight_descriptor<std::string> {};
struct max_work_group_size : __hlsight_descriptor<std::size_t> {};
struct max_compute_units : __hlsight_descriptor<std::uint32_t> {};
struct global_mem_size : __hlsight_descriptor<std::uint64_t> {};
struct local_mem_size : __hlsight_descriptor<std::uint64_t> {};
struct max_mem_alloc_size : __hlsight_descriptor<std::uint64_t> {};
struct usm_host_allocations : __hlsight_descriptor<bool> {};
struct usm_device_allocations : __hlsight_descriptor<bool> {};
struct usm_shared_allocations : __hlsight_descriptor<bool> {};
}
namespace platform {
struct name : __hlsight_descriptor<std::string> {}; struct vendor : __hlsight_descriptor<std::string> {};
struct version : __hlsight_descriptor<std::string> {};
}
// an enumeration, as SYCL 1.2.1 (oneAPI 2021) declares it: `using prof = info::event_profiling;` names a
// type there (a public 2021.1 pipes tutorial); its enumerators serve SYCL 2020's spelling alike
enum class event_profiling { command_submit, command_start, command_end };
}  // namespace info
struct device_selector { virtual ~device_selector(); virtual int operator()(const device &) const; };
struct default_selector : device_selector {};
struct cpu_selector : device_selector {};
struct gpu_selector : device_selector {};
struct accelerator_selector : device_selector {};
inline int default_selector_v(const device &);
inline int accelerator_selector_v(const device &);

class handler {
 public:
  // inline bodies: a kernel lambda has no linkage, so a declaration-only
  // template used with it would be an error of its own
  template <typename Name = void, typename F> void single_task(const F &f) {}
  template <typename Name = void, int D, typename F> void parallel_for(range<D> r, const F &f) {}
  template <typename Name = void, int D, typename F> void parallel_for(nd_range<D> r, const F &f) {}
  template <typename Name = void, typename F> void parallel_for(std::size_t n, const F &f) {}
  template <typename T, int D, access::mode M, access::target TG, typename PL>
  void copy(accessor<T, D, M, TG, PL> src, T *dst);
  template <typename T> void memcpy(T *dst, const T *src, std::size_t n);
  void depends_on(event);
};

class queue {
 public:
  queue();
  template <typename... P> queue(P &&...);
  template <typename F> event submit(F f) { return event{}; }
  template <typename Name = void, typename F> event single_task(const F &f) { return event{}; }
  template <typename Name = void, int D, typename F> event parallel_for(range<D> r, const F &f) { return event{}; }
  template <typename Name = void, int D, typename F> event parallel_for(nd_range<D> r, const F &f) { return event{}; }
  template <typename Name = void, typename F> event parallel_for(std::size_t n, const F &f) { return event{}; }
  event memcpy(void *dst, const void *src, std::size_t n);
  template <typename T> event copy(const T *src, T *dst, std::size_t n);
  void wait();
  void wait_and_throw();
  device get_device() const;
  context get_context() const;
};

template <typename T> T *malloc_device(std::size_t n, const queue &q, const property_list & = {});
template <typename T> T *malloc_host(std::size_t n, const queue &q, const property_list & = {});
template <typename T> T *malloc_shared(std::size_t n, const queue &q, const property_list & = {});
void *malloc_device(std::size_t bytes, const queue &q);
void free(void *p, const queue &q);

template <typename T, access::address_space S = access::address_space::global_space> struct atomic_ref {
  atomic_ref(T &);
  T fetch_add(T) const;
  T load() const;
  void store(T) const;
};
namespace memory_order { }

namespace ext { namespace intel {
struct fpga_selector : device_selector {};
struct fpga_emulator_selector : device_selector {};
struct fpga_simulator_selector : device_selector {};
inline int fpga_selector_v(const device &);
inline int fpga_emulator_selector_v(const device &);
template <int N> struct buffer_location_t {};
template <int N> inline constexpr buffer_location_t<N> buffer_location{};
template <bool B> struct prefetch {};
template <bool B> struct burst_coalesce {};
template <bool B> struct statically_coalesce {};
template <int N> struct cache {};
template <typename... P> struct lsu {
  template <typename T> static T load(global_ptr<T> p);
  template <typename T> static T load(T *p);
  template <typename T> static void store(global_ptr<T> p, T v);
  template <typename T> static void store(T *p, T v);
};
template <typename Name, typename T, int Capacity = 0, typename... P> struct pipe {
  static T read();
  static T read(bool &success);
  static void write(const T &v);
  static void write(const T &v, bool &success);
};
template <typename T, typename... P> struct kernel_readable_io_pipe;
template <typename T, int N> struct ac_int_stub;
template <typename T> T fpga_reg(T v);
template <typename T> using device_ptr = multi_ptr<T, access::address_space::ext_intel_global_device_space>;
template <typename T> using host_ptr = multi_ptr<T, access::address_space::ext_intel_global_host_space>;
enum class Preference { DSP, Softlogic, Compiler_default };
enum class Propagate { On, Off };
template <Preference P = Preference::DSP, Propagate G = Propagate::On, typename F> void math_dsp_control(F f) { f(); }
namespace experimental {
template <int N> struct buffer_location_key {};
template <int N> inline constexpr buffer_location_key<N> buffer_location{};
template <int N> struct dwidth_key {};
template <int N> inline constexpr dwidth_key<N> dwidth{};
template <int N> struct awidth_key {};
template <int N> inline constexpr awidth_key<N> awidth{};
struct read_write_mode_key {};
inline constexpr read_write_mode_key read_write_mode_read{};
inline constexpr read_write_mode_key read_write_mode_write{};
inline constexpr read_write_mode_key read_write_mode_readwrite{};
struct conduit_key {};
inline constexpr conduit_key conduit{};
struct register_map_key {};
inline constexpr register_map_key register_map{};
struct stable_key {};
inline constexpr stable_key stable{};
template <int N> struct latency_key {};
template <int N> inline constexpr latency_key<N> latency{};
template <int N> struct maxburst_key {};
template <int N> inline constexpr maxburst_key<N> maxburst{};
template <typename Name, typename T, int Capacity = 0, typename... P> using pipe = ext::intel::pipe<Name, T, Capacity>;
}  // namespace experimental
}}  // namespace ext::intel
namespace INTEL = ext::intel;
using ext::intel::pipe;  // DPC++ before the ext:: namespace: sycl::pipe
namespace intel = ext::intel;

inline constexpr int endl_stub = 0;
struct stream { stream(std::size_t, std::size_t, handler &); };
}  // inline namespace _V1
}  // namespace sycl

namespace cl { namespace sycl = ::sycl; }
