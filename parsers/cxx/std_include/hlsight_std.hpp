// hlsight stand-in for the C++ standard library seen by the C++ front end.
//
// Why: libclang spends 1-2.5 s in the system's libstdc++ headers for every
// kernel source (<bits/stdc++.h> alone ~2 s), and their content differs from
// machine to machine. Kernels only need the standard library to be *typed*:
// element sizes, value categories, the integer_sequence metaprogramming of
// unrolled loops, constexpr min/max in bounds. So, like pycparser's
// fake_libc_include, the parse reads these declarations instead (-nostdinc).
// Layouts of types a kernel may hold in memory (array, pair, complex,
// bitset, vector, string) follow libstdc++ on x86-64 so sizeof agrees.
// What is not declared here shows up as a parse error in the host code that
// the source analysis reports and survives.
#pragma once
#include "hlsight_libc.h"

namespace std {
typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
typedef ::max_align_t max_align_t;
using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
using ::int_least8_t; using ::int_least16_t; using ::int_least32_t; using ::int_least64_t;
using ::uint_least8_t; using ::uint_least16_t; using ::uint_least32_t; using ::uint_least64_t;
using ::int_fast8_t; using ::int_fast16_t; using ::int_fast32_t; using ::int_fast64_t;
using ::uint_fast8_t; using ::uint_fast16_t; using ::uint_fast32_t; using ::uint_fast64_t;
using ::intptr_t; using ::uintptr_t; using ::intmax_t; using ::uintmax_t;
enum class byte : unsigned char {};

// <cstdio> <cstdlib> <cstring> <cctype> <ctime>
using ::FILE; using ::fpos_t; using ::printf; using ::fprintf; using ::sprintf; using ::snprintf; using ::vprintf;
using ::vfprintf; using ::vsprintf; using ::vsnprintf; using ::scanf; using ::fscanf; using ::sscanf; using ::puts;
using ::fputs; using ::putchar; using ::fputc; using ::putc; using ::getchar; using ::fgetc; using ::getc;
using ::ungetc; using ::fgets; using ::fopen; using ::freopen; using ::fclose; using ::fflush; using ::fread;
using ::fwrite; using ::fseek; using ::ftell; using ::rewind; using ::feof; using ::ferror; using ::perror;
using ::remove; using ::rename; using ::malloc; using ::calloc; using ::realloc; using ::free; using ::aligned_alloc;
using ::exit; using ::abort; using ::atexit; using ::atoi; using ::atol; using ::atoll; using ::atof; using ::strtol;
using ::strtoul; using ::strtoll; using ::strtoull; using ::strtod; using ::strtof; using ::rand; using ::srand;
using ::div_t; using ::ldiv_t; using ::div; using ::qsort; using ::bsearch; using ::getenv; using ::system;
using ::memcpy; using ::memmove; using ::memset; using ::memcmp; using ::memchr; using ::strlen; using ::strcmp;
using ::strncmp; using ::strcpy; using ::strncpy; using ::strcat; using ::strncat; using ::strchr; using ::strrchr;
using ::strstr; using ::strtok; using ::strerror; using ::strspn; using ::strcspn; using ::isalnum; using ::isalpha;
using ::isblank; using ::iscntrl; using ::isdigit; using ::isgraph; using ::islower; using ::isprint; using ::ispunct;
using ::isspace; using ::isupper; using ::isxdigit; using ::tolower; using ::toupper; using ::clock_t; using ::time_t;
using ::tm; using ::timespec; using ::clock; using ::time; using ::difftime; using ::mktime; using ::localtime;
using ::gmtime; using ::ctime; using ::strftime;
inline long abs(long x) { return x < 0 ? -x : x; }
inline long long abs(long long x) { return x < 0 ? -x : x; }
using ::abs; using ::labs; using ::llabs;

// <type_traits>
template <class T, T v> struct integral_constant {
    static constexpr T value = v;
    typedef T value_type;
    typedef integral_constant type;
    constexpr operator value_type() const noexcept { return value; }
    constexpr value_type operator()() const noexcept { return value; }
};
template <bool B> using bool_constant = integral_constant<bool, B>;
typedef bool_constant<true> true_type;
typedef bool_constant<false> false_type;
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;
template <class T> struct type_identity { typedef T type; };
template <class T> using type_identity_t = T;
template <class...> using void_t = void;
template <class T, class U> struct is_same : false_type {};
template <class T> struct is_same<T, T> : true_type {};
template <class T> struct remove_const { typedef T type; };
template <class T> struct remove_const<const T> { typedef T type; };
template <class T> struct remove_volatile { typedef T type; };
template <class T> struct remove_volatile<volatile T> { typedef T type; };
template <class T> struct remove_cv { typedef typename remove_volatile<typename remove_const<T>::type>::type type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T&> { typedef T type; };
template <class T> struct remove_reference<T&&> { typedef T type; };
template <class T> struct remove_cvref { typedef typename remove_cv<typename remove_reference<T>::type>::type type; };
template <class T> struct remove_pointer { typedef T type; };
template <class T> struct remove_pointer<T*> { typedef T type; };
template <class T> struct remove_pointer<T* const> { typedef T type; };
template <class T> struct remove_extent { typedef T type; };
template <class T> struct remove_extent<T[]> { typedef T type; };
template <class T, size_t N> struct remove_extent<T[N]> { typedef T type; };
template <class T> struct remove_all_extents { typedef T type; };
template <class T> struct remove_all_extents<T[]> { typedef typename remove_all_extents<T>::type type; };
template <class T, size_t N> struct remove_all_extents<T[N]> { typedef typename remove_all_extents<T>::type type; };
template <class T> struct add_const { typedef const T type; };
template <class T> struct add_volatile { typedef volatile T type; };
template <class T> struct add_cv { typedef const volatile T type; };
template <class T> struct add_pointer { typedef typename remove_reference<T>::type* type; };
template <class T> struct add_lvalue_reference { typedef T& type; };
template <> struct add_lvalue_reference<void> { typedef void type; };
template <class T> struct add_rvalue_reference { typedef T&& type; };
template <> struct add_rvalue_reference<void> { typedef void type; };
template <class T> typename add_rvalue_reference<T>::type declval() noexcept;
template <class T> using remove_const_t = typename remove_const<T>::type;
template <class T> using remove_volatile_t = typename remove_volatile<T>::type;
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> using remove_reference_t = typename remove_reference<T>::type;
template <class T> using remove_cvref_t = typename remove_cvref<T>::type;
template <class T> using remove_pointer_t = typename remove_pointer<T>::type;
template <class T> using remove_extent_t = typename remove_extent<T>::type;
template <class T> using remove_all_extents_t = typename remove_all_extents<T>::type;
template <class T> using add_const_t = const T;
template <class T> using add_pointer_t = typename add_pointer<T>::type;
template <class T> using add_lvalue_reference_t = typename add_lvalue_reference<T>::type;
template <class T> using add_rvalue_reference_t = typename add_rvalue_reference<T>::type;

template <class T> struct __is_integral_base : false_type {};
#define __HLSIGHT_INTEGRAL(T) template <> struct __is_integral_base<T> : true_type {};
__HLSIGHT_INTEGRAL(bool) __HLSIGHT_INTEGRAL(char) __HLSIGHT_INTEGRAL(signed char) __HLSIGHT_INTEGRAL(unsigned char)
__HLSIGHT_INTEGRAL(wchar_t) __HLSIGHT_INTEGRAL(char16_t) __HLSIGHT_INTEGRAL(char32_t) __HLSIGHT_INTEGRAL(short)
__HLSIGHT_INTEGRAL(unsigned short) __HLSIGHT_INTEGRAL(int) __HLSIGHT_INTEGRAL(unsigned int) __HLSIGHT_INTEGRAL(long)
__HLSIGHT_INTEGRAL(unsigned long) __HLSIGHT_INTEGRAL(long long) __HLSIGHT_INTEGRAL(unsigned long long)
__HLSIGHT_INTEGRAL(__int128) __HLSIGHT_INTEGRAL(unsigned __int128)
#undef __HLSIGHT_INTEGRAL
template <class T> struct __is_floating_base : false_type {};
template <> struct __is_floating_base<float> : true_type {};
template <> struct __is_floating_base<double> : true_type {};
template <> struct __is_floating_base<long double> : true_type {};
template <class T> struct is_integral : __is_integral_base<typename remove_cv<T>::type> {};
template <class T> struct is_floating_point : __is_floating_base<typename remove_cv<T>::type> {};
template <class T> struct is_arithmetic : bool_constant<is_integral<T>::value || is_floating_point<T>::value> {};
template <class T> struct is_void : is_same<void, typename remove_cv<T>::type> {};
template <class T> struct is_null_pointer : is_same<nullptr_t, typename remove_cv<T>::type> {};
template <class T> struct is_fundamental : bool_constant<is_arithmetic<T>::value || is_void<T>::value || is_null_pointer<T>::value> {};
template <class T> struct is_signed : bool_constant<is_arithmetic<T>::value && T(-1) < T(0)> {};
template <class T> struct is_unsigned : bool_constant<is_arithmetic<T>::value && T(0) < T(-1)> {};
template <class T> struct is_const : false_type {};
template <class T> struct is_const<const T> : true_type {};
template <class T> struct is_volatile : false_type {};
template <class T> struct is_volatile<volatile T> : true_type {};
template <class T> struct __is_pointer_base : false_type {};
template <class T> struct __is_pointer_base<T*> : true_type {};
template <class T> struct is_pointer : __is_pointer_base<typename remove_cv<T>::type> {};
template <class T> struct is_lvalue_reference : false_type {};
template <class T> struct is_lvalue_reference<T&> : true_type {};
template <class T> struct is_rvalue_reference : false_type {};
template <class T> struct is_rvalue_reference<T&&> : true_type {};
template <class T> struct is_reference : bool_constant<is_lvalue_reference<T>::value || is_rvalue_reference<T>::value> {};
template <class T> struct is_array : false_type {};
template <class T> struct is_array<T[]> : true_type {};
template <class T, size_t N> struct is_array<T[N]> : true_type {};
template <class T> struct is_function : bool_constant<!is_const<const T>::value && !is_reference<T>::value> {};
template <class T> struct is_member_pointer : bool_constant<__is_member_pointer(T)> {};
template <class T> struct is_member_function_pointer : bool_constant<__is_member_function_pointer(T)> {};
template <class T> struct is_member_object_pointer : bool_constant<__is_member_object_pointer(T)> {};
template <class T> struct is_enum : bool_constant<__is_enum(T)> {};
template <class T> struct is_union : bool_constant<__is_union(T)> {};
template <class T> struct is_class : bool_constant<__is_class(T)> {};
template <class T> struct is_empty : bool_constant<__is_empty(T)> {};
template <class T> struct is_polymorphic : bool_constant<__is_polymorphic(T)> {};
template <class T> struct is_abstract : bool_constant<__is_abstract(T)> {};
template <class T> struct is_final : bool_constant<__is_final(T)> {};
template <class T> struct is_aggregate : bool_constant<__is_aggregate(T)> {};
template <class T> struct is_trivial : bool_constant<__is_trivial(T)> {};
template <class T> struct is_trivially_copyable : bool_constant<__is_trivially_copyable(T)> {};
template <class T> struct is_standard_layout : bool_constant<__is_standard_layout(T)> {};
template <class T> struct is_pod : bool_constant<__is_pod(T)> {};
template <class T> struct is_scalar : bool_constant<is_arithmetic<T>::value || is_enum<T>::value || is_pointer<T>::value || is_member_pointer<T>::value || is_null_pointer<T>::value> {};
template <class T> struct is_object : bool_constant<is_scalar<T>::value || is_array<T>::value || is_union<T>::value || is_class<T>::value> {};
template <class T> struct is_compound : bool_constant<!is_fundamental<T>::value> {};
template <class B, class D> struct is_base_of : bool_constant<__is_base_of(B, D)> {};
template <class F, class T> struct is_convertible : bool_constant<__is_convertible_to(F, T)> {};
template <class T, class... A> struct is_constructible : bool_constant<__is_constructible(T, A...)> {};
template <class T> struct is_default_constructible : is_constructible<T> {};
template <class T> struct is_copy_constructible : is_constructible<T, const T&> {};
template <class T> struct is_move_constructible : is_constructible<T, T&&> {};
template <class T, class U> struct is_assignable : bool_constant<__is_assignable(T, U)> {};
template <class T> struct is_copy_assignable : is_assignable<T&, const T&> {};
template <class T> struct is_move_assignable : is_assignable<T&, T&&> {};
template <class T, class... A> struct is_trivially_constructible : bool_constant<__is_trivially_constructible(T, A...)> {};
template <class T> struct is_trivially_default_constructible : is_trivially_constructible<T> {};
template <class T> struct is_trivially_copy_constructible : is_trivially_constructible<T, const T&> {};
template <class T> struct is_trivially_destructible : bool_constant<__has_trivial_destructor(T)> {};
template <class T> struct is_destructible : true_type {};
template <class T, class... A> struct is_nothrow_constructible : bool_constant<__is_nothrow_constructible(T, A...)> {};
template <class T> struct is_nothrow_move_constructible : is_nothrow_constructible<T, T&&> {};
template <class T> struct is_nothrow_default_constructible : is_nothrow_constructible<T> {};
template <class T> struct has_virtual_destructor : bool_constant<__has_virtual_destructor(T)> {};
template <class T> struct alignment_of : integral_constant<size_t, alignof(T)> {};
template <class T> struct rank : integral_constant<size_t, 0> {};
template <class T> struct rank<T[]> : integral_constant<size_t, rank<T>::value + 1> {};
template <class T, size_t N> struct rank<T[N]> : integral_constant<size_t, rank<T>::value + 1> {};
template <class T, unsigned I = 0> struct extent : integral_constant<size_t, 0> {};
template <class T, size_t N> struct extent<T[N], 0> : integral_constant<size_t, N> {};
template <class T, unsigned I> struct extent<T[], I> : extent<T, I - 1> {};
template <class T, size_t N, unsigned I> struct extent<T[N], I> : extent<T, I - 1> {};
template <class T> struct underlying_type { typedef __underlying_type(T) type; };
template <class T> using underlying_type_t = typename underlying_type<T>::type;
template <class T> struct decay {
    typedef typename remove_reference<T>::type U;
    typedef typename conditional<is_array<U>::value, typename remove_extent<U>::type*,
        typename conditional<is_function<U>::value, typename add_pointer<U>::type, typename remove_cv<U>::type>::type>::type type;
};
template <class T> using decay_t = typename decay<T>::type;
template <class... T> struct common_type {};
template <class T> struct common_type<T> { typedef typename decay<T>::type type; };
template <class T, class U> struct common_type<T, U> { typedef typename decay<decltype(true ? declval<T>() : declval<U>())>::type type; };
template <class T, class U, class V, class... R> struct common_type<T, U, V, R...> : common_type<typename common_type<T, U>::type, V, R...> {};
template <class... T> using common_type_t = typename common_type<T...>::type;
template <class T> struct make_signed { typedef T type; };
template <> struct make_signed<unsigned char> { typedef signed char type; };
template <> struct make_signed<char> { typedef signed char type; };
template <> struct make_signed<unsigned short> { typedef short type; };
template <> struct make_signed<unsigned int> { typedef int type; };
template <> struct make_signed<unsigned long> { typedef long type; };
template <> struct make_signed<unsigned long long> { typedef long long type; };
template <class T> struct make_unsigned { typedef T type; };
template <> struct make_unsigned<signed char> { typedef unsigned char type; };
template <> struct make_unsigned<char> { typedef unsigned char type; };
template <> struct make_unsigned<short> { typedef unsigned short type; };
template <> struct make_unsigned<int> { typedef unsigned int type; };
template <> struct make_unsigned<long> { typedef unsigned long type; };
template <> struct make_unsigned<long long> { typedef unsigned long long type; };
template <class T> using make_signed_t = typename make_signed<T>::type;
template <class T> using make_unsigned_t = typename make_unsigned<T>::type;
template <size_t Len, size_t Align = alignof(max_align_t)> struct aligned_storage {
    struct type { alignas(Align) unsigned char data[Len]; };
};
template <class... B> struct conjunction : true_type {};
template <class B, class... R> struct conjunction<B, R...> : conditional<bool(B::value), conjunction<R...>, B>::type {};
template <class... B> struct disjunction : false_type {};
template <class B, class... R> struct disjunction<B, R...> : conditional<bool(B::value), B, disjunction<R...>>::type {};
template <class B> struct negation : bool_constant<!bool(B::value)> {};
// SFINAE-friendly, as the standard requires: a callable that does not take
// the arguments has no ``type`` (async(launch, f) must not pick async(f, a)).
template <class V, class F, class... A> struct __hlsight_invoke_result {};
template <class F, class... A> struct __hlsight_invoke_result<void_t<decltype(declval<F>()(declval<A>()...))>, F, A...> {
    typedef decltype(declval<F>()(declval<A>()...)) type;
};
template <class F, class... A> struct invoke_result : __hlsight_invoke_result<void, F, A...> {};
template <class F, class... A> using invoke_result_t = typename invoke_result<F, A...>::type;
template <class S> struct result_of;
template <class F, class... A> struct result_of<F(A...)> : invoke_result<F, A...> {};
template <class S> using result_of_t = typename result_of<S>::type;
template <class V, class F, class... A> struct __hlsight_is_invocable : false_type {};
template <class F, class... A> struct __hlsight_is_invocable<void_t<typename invoke_result<F, A...>::type>, F, A...> : true_type {};
template <class F, class... A> struct is_invocable : __hlsight_is_invocable<void, F, A...> {};
template <class T, class U> inline constexpr bool is_same_v = is_same<T, U>::value;
template <class T> inline constexpr bool is_integral_v = is_integral<T>::value;
template <class T> inline constexpr bool is_floating_point_v = is_floating_point<T>::value;
template <class T> inline constexpr bool is_arithmetic_v = is_arithmetic<T>::value;
template <class T> inline constexpr bool is_signed_v = is_signed<T>::value;
template <class T> inline constexpr bool is_unsigned_v = is_unsigned<T>::value;
template <class T> inline constexpr bool is_void_v = is_void<T>::value;
template <class T> inline constexpr bool is_const_v = is_const<T>::value;
template <class T> inline constexpr bool is_pointer_v = is_pointer<T>::value;
template <class T> inline constexpr bool is_reference_v = is_reference<T>::value;
template <class T> inline constexpr bool is_lvalue_reference_v = is_lvalue_reference<T>::value;
template <class T> inline constexpr bool is_array_v = is_array<T>::value;
template <class T> inline constexpr bool is_enum_v = is_enum<T>::value;
template <class T> inline constexpr bool is_class_v = is_class<T>::value;
template <class T> inline constexpr bool is_empty_v = is_empty<T>::value;
template <class T> inline constexpr bool is_scalar_v = is_scalar<T>::value;
template <class T> inline constexpr bool is_trivially_copyable_v = is_trivially_copyable<T>::value;
template <class T> inline constexpr bool is_standard_layout_v = is_standard_layout<T>::value;
template <class B, class D> inline constexpr bool is_base_of_v = is_base_of<B, D>::value;
template <class F, class T> inline constexpr bool is_convertible_v = is_convertible<F, T>::value;
template <class T, class... A> inline constexpr bool is_constructible_v = is_constructible<T, A...>::value;
template <class T> inline constexpr bool is_default_constructible_v = is_default_constructible<T>::value;
template <class T> inline constexpr bool is_copy_constructible_v = is_copy_constructible<T>::value;
template <class T> inline constexpr bool is_trivially_destructible_v = is_trivially_destructible<T>::value;
template <class... B> inline constexpr bool conjunction_v = conjunction<B...>::value;
template <class... B> inline constexpr bool disjunction_v = disjunction<B...>::value;
template <class B> inline constexpr bool negation_v = negation<B>::value;
template <class T> inline constexpr size_t rank_v = rank<T>::value;
template <class T, unsigned I = 0> inline constexpr size_t extent_v = extent<T, I>::value;
template <class F, class... A> inline constexpr bool is_invocable_v = is_invocable<F, A...>::value;
constexpr bool is_constant_evaluated() noexcept { return __builtin_is_constant_evaluated(); }

// <utility>
template <class T> constexpr typename remove_reference<T>::type&& move(T&& t) noexcept {
    return static_cast<typename remove_reference<T>::type&&>(t);
}
template <class T> constexpr T&& forward(typename remove_reference<T>::type& t) noexcept { return static_cast<T&&>(t); }
template <class T> constexpr T&& forward(typename remove_reference<T>::type&& t) noexcept { return static_cast<T&&>(t); }
template <class T> constexpr const T& as_const(T& t) noexcept { return t; }
template <class T> constexpr T* addressof(T& t) noexcept { return __builtin_addressof(t); }
template <class T> constexpr void swap(T& a, T& b) noexcept { T t = move(a); a = move(b); b = move(t); }
template <class T, size_t N> constexpr void swap(T (&a)[N], T (&b)[N]) noexcept { for (size_t i = 0; i < N; ++i) swap(a[i], b[i]); }
template <class T, class U = T> constexpr T exchange(T& obj, U&& value) { T old = move(obj); obj = forward<U>(value); return old; }
template <class T, T... I> struct integer_sequence {
    typedef T value_type;
    static constexpr size_t size() noexcept { return sizeof...(I); }
};
template <size_t... I> using index_sequence = integer_sequence<size_t, I...>;
template <class T, T N> using make_integer_sequence = __make_integer_seq<integer_sequence, T, N>;
template <size_t N> using make_index_sequence = make_integer_sequence<size_t, N>;
template <class... T> using index_sequence_for = make_index_sequence<sizeof...(T)>;
struct piecewise_construct_t { explicit piecewise_construct_t() = default; };
inline constexpr piecewise_construct_t piecewise_construct{};
struct in_place_t { explicit in_place_t() = default; };
inline constexpr in_place_t in_place{};
template <class T1, class T2> struct pair {
    typedef T1 first_type;
    typedef T2 second_type;
    T1 first;
    T2 second;
    constexpr pair() : first(), second() {}
    constexpr pair(const T1& a, const T2& b) : first(a), second(b) {}
    template <class U1, class U2> constexpr pair(U1&& a, U2&& b) : first(forward<U1>(a)), second(forward<U2>(b)) {}
    template <class U1, class U2> constexpr pair(const pair<U1, U2>& p) : first(p.first), second(p.second) {}
    pair(const pair&) = default;
    pair(pair&&) = default;
    pair& operator=(const pair&) = default;
    pair& operator=(pair&&) = default;
    void swap(pair& p) { std::swap(first, p.first); std::swap(second, p.second); }
};
template <class T1, class T2> pair(T1, T2) -> pair<T1, T2>;
template <class T1, class T2> constexpr pair<typename decay<T1>::type, typename decay<T2>::type> make_pair(T1&& a, T2&& b) {
    return pair<typename decay<T1>::type, typename decay<T2>::type>(forward<T1>(a), forward<T2>(b));
}
template <class T1, class T2> constexpr bool operator==(const pair<T1, T2>& a, const pair<T1, T2>& b) { return a.first == b.first && a.second == b.second; }
template <class T1, class T2> constexpr bool operator!=(const pair<T1, T2>& a, const pair<T1, T2>& b) { return !(a == b); }
template <class T1, class T2> constexpr bool operator<(const pair<T1, T2>& a, const pair<T1, T2>& b) { return a.first < b.first || (!(b.first < a.first) && a.second < b.second); }

// <tuple>
template <class T> struct tuple_size;
template <size_t I, class T> struct tuple_element;
template <class T> struct tuple_size<const T> : tuple_size<T> {};
template <size_t I, class T> struct tuple_element<I, const T> { typedef const typename tuple_element<I, T>::type type; };
template <class T> inline constexpr size_t tuple_size_v = tuple_size<T>::value;
template <size_t I, class T> using tuple_element_t = typename tuple_element<I, T>::type;
template <class T1, class T2> struct tuple_size<pair<T1, T2>> : integral_constant<size_t, 2> {};
template <class T1, class T2> struct tuple_element<0, pair<T1, T2>> { typedef T1 type; };
template <class T1, class T2> struct tuple_element<1, pair<T1, T2>> { typedef T2 type; };
template <size_t I, class T1, class T2> constexpr typename tuple_element<I, pair<T1, T2>>::type& get(pair<T1, T2>& p) noexcept {
    if constexpr (I == 0) return p.first; else return p.second;
}
template <size_t I, class T1, class T2> constexpr const typename tuple_element<I, pair<T1, T2>>::type& get(const pair<T1, T2>& p) noexcept {
    if constexpr (I == 0) return p.first; else return p.second;
}
template <size_t I, class T1, class T2> constexpr typename tuple_element<I, pair<T1, T2>>::type&& get(pair<T1, T2>&& p) noexcept {
    if constexpr (I == 0) return static_cast<T1&&>(p.first); else return static_cast<T2&&>(p.second);
}
// libstdc++'s layout: each element a base class, the later elements first
template <size_t I, class H> struct __tuple_head {
    H __value;
    constexpr __tuple_head() : __value() {}
    template <class U> constexpr __tuple_head(U&& v) : __value(forward<U>(v)) {}
};
template <size_t I, class... T> struct __tuple_impl {
    constexpr __tuple_impl() {}
};
template <size_t I, class H, class... R> struct __tuple_impl<I, H, R...> : __tuple_impl<I + 1, R...>, __tuple_head<I, H> {
    constexpr __tuple_impl() : __tuple_impl<I + 1, R...>(), __tuple_head<I, H>() {}
    template <class UH, class... UR> constexpr __tuple_impl(UH&& h, UR&&... r)
        : __tuple_impl<I + 1, R...>(forward<UR>(r)...), __tuple_head<I, H>(forward<UH>(h)) {}
};
template <class... T> class tuple : public __tuple_impl<0, T...> {
  public:
    constexpr tuple() : __tuple_impl<0, T...>() {}
    template <class... U, class = enable_if_t<sizeof...(U) == sizeof...(T) && (sizeof...(T) > 0)>>
    constexpr tuple(U&&... a) : __tuple_impl<0, T...>(forward<U>(a)...) {}
    tuple(const tuple&) = default;
    tuple(tuple&&) = default;
    tuple& operator=(const tuple&) = default;
    template <class... U> tuple& operator=(const tuple<U...>&);
};
template <class... T> tuple(T...) -> tuple<T...>;
template <class... T> struct tuple_size<tuple<T...>> : integral_constant<size_t, sizeof...(T)> {};
template <class H, class... R> struct tuple_element<0, tuple<H, R...>> { typedef H type; };
template <size_t I, class H, class... R> struct tuple_element<I, tuple<H, R...>> : tuple_element<I - 1, tuple<R...>> {};
template <size_t I, class H> constexpr H& __tuple_get(__tuple_head<I, H>& h) noexcept { return h.__value; }
template <size_t I, class H> constexpr const H& __tuple_get(const __tuple_head<I, H>& h) noexcept { return h.__value; }
template <size_t I, class... T> constexpr typename tuple_element<I, tuple<T...>>::type& get(tuple<T...>& t) noexcept {
    return __tuple_get<I>(t);
}
template <size_t I, class... T> constexpr const typename tuple_element<I, tuple<T...>>::type& get(const tuple<T...>& t) noexcept {
    return __tuple_get<I>(t);
}
template <size_t I, class... T> constexpr typename tuple_element<I, tuple<T...>>::type&& get(tuple<T...>&& t) noexcept {
    return static_cast<typename tuple_element<I, tuple<T...>>::type&&>(__tuple_get<I>(t));
}
template <class... T> constexpr tuple<typename decay<T>::type...> make_tuple(T&&... a) { return tuple<typename decay<T>::type...>(forward<T>(a)...); }
template <class... T> constexpr tuple<T&...> tie(T&... a) noexcept { return tuple<T&...>(a...); }
template <class... T> constexpr tuple<T&&...> forward_as_tuple(T&&... a) noexcept { return tuple<T&&...>(forward<T>(a)...); }
struct __ignore_t { template <class T> constexpr const __ignore_t& operator=(const T&) const { return *this; } };
inline constexpr __ignore_t ignore{};
template <class F, class T> constexpr decltype(auto) apply(F&& f, T&& t);

// <initializer_list>
template <class E> class initializer_list {
    const E* __array;
    size_t __len;
    constexpr initializer_list(const E* a, size_t l) : __array(a), __len(l) {}
  public:
    typedef E value_type;
    typedef const E& reference;
    typedef const E& const_reference;
    typedef size_t size_type;
    typedef const E* iterator;
    typedef const E* const_iterator;
    constexpr initializer_list() noexcept : __array(0), __len(0) {}
    constexpr size_t size() const noexcept { return __len; }
    constexpr const E* begin() const noexcept { return __array; }
    constexpr const E* end() const noexcept { return __array + __len; }
};
template <class E> constexpr const E* begin(initializer_list<E> il) noexcept { return il.begin(); }
template <class E> constexpr const E* end(initializer_list<E> il) noexcept { return il.end(); }

// <limits>
enum float_round_style { round_indeterminate = -1, round_toward_zero = 0, round_to_nearest = 1 };
template <class T> struct numeric_limits {
    static constexpr bool is_specialized = false;
    static constexpr T min() noexcept { return T(); }
    static constexpr T max() noexcept { return T(); }
    static constexpr T lowest() noexcept { return T(); }
};
#define __HLSIGHT_LIMITS(T, MIN, MAX, SIGNED, INTEGER, DIGITS, DIGITS10, EPS)                        \
    template <> struct numeric_limits<T> {                                                         \
        static constexpr bool is_specialized = true;                                               \
        static constexpr bool is_signed = SIGNED;                                                  \
        static constexpr bool is_integer = INTEGER;                                                \
        static constexpr bool is_exact = INTEGER;                                                  \
        static constexpr bool has_infinity = !INTEGER;                                             \
        static constexpr bool has_quiet_NaN = !INTEGER;                                            \
        static constexpr bool is_iec559 = !INTEGER;                                                \
        static constexpr bool is_bounded = true;                                                   \
        static constexpr bool is_modulo = INTEGER && !SIGNED;                                      \
        static constexpr int digits = DIGITS;                                                      \
        static constexpr int digits10 = DIGITS10;                                                  \
        static constexpr int radix = 2;                                                            \
        static constexpr float_round_style round_style = INTEGER ? round_toward_zero : round_to_nearest; \
        static constexpr T min() noexcept { return static_cast<T>(MIN); }                           \
        static constexpr T max() noexcept { return static_cast<T>(MAX); }                           \
        static constexpr T lowest() noexcept { return INTEGER ? MIN : static_cast<T>(-MAX); }                      \
        static constexpr T epsilon() noexcept { return static_cast<T>(EPS); }                       \
        static constexpr T round_error() noexcept { return static_cast<T>(INTEGER ? 0 : 0.5); }               \
        static constexpr T infinity() noexcept { return static_cast<T>(INTEGER ? 0 : __builtin_huge_val()); } \
        static constexpr T quiet_NaN() noexcept { return static_cast<T>(INTEGER ? 0 : __builtin_nan("")); }   \
        static constexpr T signaling_NaN() noexcept { return static_cast<T>(INTEGER ? 0 : __builtin_nans("")); } \
        static constexpr T denorm_min() noexcept { return MIN; }                                   \
    };
__HLSIGHT_LIMITS(bool, false, true, false, true, 1, 0, false)
__HLSIGHT_LIMITS(char, CHAR_MIN, CHAR_MAX, true, true, 7, 2, 0)
__HLSIGHT_LIMITS(signed char, SCHAR_MIN, SCHAR_MAX, true, true, 7, 2, 0)
__HLSIGHT_LIMITS(unsigned char, 0, UCHAR_MAX, false, true, 8, 2, 0)
__HLSIGHT_LIMITS(wchar_t, (-__WCHAR_MAX__ - 1), __WCHAR_MAX__, true, true, 31, 9, 0)
__HLSIGHT_LIMITS(char16_t, 0, 0xffff, false, true, 16, 4, 0)
__HLSIGHT_LIMITS(char32_t, 0, 0xffffffff, false, true, 32, 9, 0)
__HLSIGHT_LIMITS(short, SHRT_MIN, SHRT_MAX, true, true, 15, 4, 0)
__HLSIGHT_LIMITS(unsigned short, 0, USHRT_MAX, false, true, 16, 4, 0)
__HLSIGHT_LIMITS(int, INT_MIN, INT_MAX, true, true, 31, 9, 0)
__HLSIGHT_LIMITS(unsigned int, 0, UINT_MAX, false, true, 32, 9, 0)
__HLSIGHT_LIMITS(long, LONG_MIN, LONG_MAX, true, true, 63, 18, 0)
__HLSIGHT_LIMITS(unsigned long, 0, ULONG_MAX, false, true, 64, 19, 0)
__HLSIGHT_LIMITS(long long, LLONG_MIN, LLONG_MAX, true, true, 63, 18, 0)
__HLSIGHT_LIMITS(unsigned long long, 0, ULLONG_MAX, false, true, 64, 19, 0)
__HLSIGHT_LIMITS(float, FLT_MIN, FLT_MAX, true, false, FLT_MANT_DIG, FLT_DIG, FLT_EPSILON)
__HLSIGHT_LIMITS(double, DBL_MIN, DBL_MAX, true, false, DBL_MANT_DIG, DBL_DIG, DBL_EPSILON)
__HLSIGHT_LIMITS(long double, LDBL_MIN, LDBL_MAX, true, false, 64, 18, LDBL_EPSILON)
#undef __HLSIGHT_LIMITS
template <class T> struct numeric_limits<const T> : numeric_limits<T> {};

// <iterator>
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag : input_iterator_tag {};
struct bidirectional_iterator_tag : forward_iterator_tag {};
struct random_access_iterator_tag : bidirectional_iterator_tag {};
template <class I, class = void> struct __iterator_traits_base {};
template <class I> struct __iterator_traits_base<I, void_t<typename I::iterator_category>> {
    typedef typename I::difference_type difference_type;
    typedef typename I::value_type value_type;
    typedef typename I::pointer pointer;
    typedef typename I::reference reference;
    typedef typename I::iterator_category iterator_category;
};
template <class I> struct iterator_traits : __iterator_traits_base<I> {};
template <class T> struct iterator_traits<T*> {
    typedef ptrdiff_t difference_type;
    typedef typename remove_cv<T>::type value_type;
    typedef T* pointer;
    typedef T& reference;
    typedef random_access_iterator_tag iterator_category;
};
template <class C> constexpr auto begin(C& c) -> decltype(c.begin()) { return c.begin(); }
template <class C> constexpr auto begin(const C& c) -> decltype(c.begin()) { return c.begin(); }
template <class C> constexpr auto end(C& c) -> decltype(c.end()) { return c.end(); }
template <class C> constexpr auto end(const C& c) -> decltype(c.end()) { return c.end(); }
template <class C> constexpr auto cbegin(const C& c) -> decltype(c.begin()) { return c.begin(); }
template <class C> constexpr auto cend(const C& c) -> decltype(c.end()) { return c.end(); }
template <class T, size_t N> constexpr T* begin(T (&a)[N]) noexcept { return a; }
template <class T, size_t N> constexpr T* end(T (&a)[N]) noexcept { return a + N; }
template <class C> constexpr auto size(const C& c) -> decltype(c.size()) { return c.size(); }
template <class T, size_t N> constexpr size_t size(const T (&)[N]) noexcept { return N; }
template <class C> constexpr auto data(C& c) -> decltype(c.data()) { return c.data(); }
template <class T, size_t N> constexpr T* data(T (&a)[N]) noexcept { return a; }
template <class C> constexpr auto empty(const C& c) -> decltype(c.empty()) { return c.empty(); }
template <class I> constexpr ptrdiff_t distance(I first, I last) { return last - first; }
template <class I, class D> constexpr void advance(I& it, D n) { it += n; }
template <class I> constexpr I next(I it, ptrdiff_t n = 1) { return it + n; }
template <class I> constexpr I prev(I it, ptrdiff_t n = 1) { return it - n; }
template <class I> class reverse_iterator {
  public:
    I current;
    constexpr reverse_iterator() : current() {}
    constexpr explicit reverse_iterator(I it) : current(it) {}
    constexpr decltype(auto) operator*() const { I t = current; return *--t; }
    constexpr reverse_iterator& operator++() { --current; return *this; }
    constexpr reverse_iterator operator++(int) { reverse_iterator t = *this; --current; return t; }
    constexpr bool operator!=(const reverse_iterator& o) const { return current != o.current; }
    constexpr bool operator==(const reverse_iterator& o) const { return current == o.current; }
};
template <class C> class back_insert_iterator {
  public:
    C* container;
    explicit back_insert_iterator(C& c) : container(&c) {}
    template <class V> back_insert_iterator& operator=(V&& v) { container->push_back(forward<V>(v)); return *this; }
    back_insert_iterator& operator*() { return *this; }
    back_insert_iterator& operator++() { return *this; }
    back_insert_iterator operator++(int) { return *this; }
};
template <class C> back_insert_iterator<C> back_inserter(C& c) { return back_insert_iterator<C>(c); }

// <algorithm> <numeric>: bodies where a kernel may use them in a constant
// expression (min, max, clamp); declarations for the rest.
template <class T> constexpr const T& min(const T& a, const T& b) { return b < a ? b : a; }
template <class T> constexpr const T& max(const T& a, const T& b) { return a < b ? b : a; }
template <class T, class C> constexpr const T& min(const T& a, const T& b, C comp) { return comp(b, a) ? b : a; }
template <class T, class C> constexpr const T& max(const T& a, const T& b, C comp) { return comp(a, b) ? b : a; }
template <class T> constexpr T min(initializer_list<T> l) { const T* r = l.begin(); for (const T* p = l.begin(); p != l.end(); ++p) if (*p < *r) r = p; return *r; }
template <class T> constexpr T max(initializer_list<T> l) { const T* r = l.begin(); for (const T* p = l.begin(); p != l.end(); ++p) if (*r < *p) r = p; return *r; }
template <class T> constexpr pair<const T&, const T&> minmax(const T& a, const T& b) { return b < a ? pair<const T&, const T&>(b, a) : pair<const T&, const T&>(a, b); }
template <class T> constexpr const T& clamp(const T& v, const T& lo, const T& hi) { return v < lo ? lo : (hi < v ? hi : v); }
template <class I, class T> constexpr void fill(I first, I last, const T& value) { for (; first != last; ++first) *first = value; }
template <class O, class S, class T> constexpr O fill_n(O first, S n, const T& value) { for (S i = 0; i < n; ++i, ++first) *first = value; return first; }
template <class I, class O> constexpr O copy(I first, I last, O out) { for (; first != last; ++first, ++out) *out = *first; return out; }
template <class I, class S, class O> constexpr O copy_n(I first, S n, O out) { for (S i = 0; i < n; ++i, ++first, ++out) *out = *first; return out; }
template <class I, class O, class P> O copy_if(I first, I last, O out, P pred);
template <class I, class O> O copy_backward(I first, I last, O out);
template <class I, class O> O move(I first, I last, O out);
template <class I, class O> O swap_ranges(I first, I last, O out);
template <class I> void iter_swap(I a, I b);
template <class I, class T> constexpr I find(I first, I last, const T& value) { for (; first != last; ++first) if (*first == value) return first; return last; }
template <class I, class P> I find_if(I first, I last, P pred);
template <class I, class P> I find_if_not(I first, I last, P pred);
template <class I, class T> ptrdiff_t count(I first, I last, const T& value);
template <class I, class P> ptrdiff_t count_if(I first, I last, P pred);
template <class I, class P> bool all_of(I first, I last, P pred);
template <class I, class P> bool any_of(I first, I last, P pred);
template <class I, class P> bool none_of(I first, I last, P pred);
template <class I, class F> F for_each(I first, I last, F f);
template <class I, class O, class F> O transform(I first, I last, O out, F f);
template <class I1, class I2, class O, class F> O transform(I1 first1, I1 last1, I2 first2, O out, F f);
template <class I1, class I2> bool equal(I1 first1, I1 last1, I2 first2);
template <class I> I max_element(I first, I last);
template <class I, class C> I max_element(I first, I last, C comp);
template <class I> I min_element(I first, I last);
template <class I, class C> I min_element(I first, I last, C comp);
template <class I, class T> I lower_bound(I first, I last, const T& value);
template <class I, class T, class C> I lower_bound(I first, I last, const T& value, C comp);
template <class I, class T> I upper_bound(I first, I last, const T& value);
template <class I, class T> bool binary_search(I first, I last, const T& value);
template <class I> void sort(I first, I last);
template <class I, class C> void sort(I first, I last, C comp);
template <class I> void stable_sort(I first, I last);
template <class I, class C> void stable_sort(I first, I last, C comp);
template <class I> void partial_sort(I first, I middle, I last);
template <class I> void nth_element(I first, I nth, I last);
template <class I> void reverse(I first, I last);
template <class I> I rotate(I first, I middle, I last);
template <class I> I unique(I first, I last);
template <class I, class T> I remove(I first, I last, const T& value);
template <class I, class P> I remove_if(I first, I last, P pred);
template <class I, class T> void replace(I first, I last, const T& old_value, const T& new_value);
template <class I, class G> void generate(I first, I last, G gen);
template <class O, class S, class G> constexpr O generate_n(O first, S n, G gen) { for (S i = 0; i < n; ++i, ++first) *first = gen(); return first; }
template <class I, class P> I partition(I first, I last, P pred);
template <class I, class G> void shuffle(I first, I last, G&& g);
template <class I> bool next_permutation(I first, I last);
template <class I1, class I2> bool lexicographical_compare(I1 first1, I1 last1, I2 first2, I2 last2);
template <class I, class T> constexpr T accumulate(I first, I last, T init) { for (; first != last; ++first) init = init + *first; return init; }
template <class I, class T, class F> constexpr T accumulate(I first, I last, T init, F f) { for (; first != last; ++first) init = f(init, *first); return init; }
template <class I, class T> constexpr void iota(I first, I last, T value) { for (; first != last; ++first, ++value) *first = value; }
template <class I1, class I2, class T> T inner_product(I1 first1, I1 last1, I2 first2, T init);
template <class I, class O> O partial_sum(I first, I last, O out);
template <class I, class O> O adjacent_difference(I first, I last, O out);
template <class I> typename iterator_traits<I>::value_type reduce(I first, I last);
template <class I, class T> T reduce(I first, I last, T init);
template <class M, class N> constexpr common_type_t<M, N> gcd(M m, N n) { return n == 0 ? m : gcd(n, m % n); }
template <class M, class N> constexpr common_type_t<M, N> lcm(M m, N n) { return m / gcd(m, n) * n; }

// <new> <memory>
enum class align_val_t : size_t {};
struct nothrow_t { explicit nothrow_t() = default; };
extern const nothrow_t nothrow;
class bad_alloc;
void* align(size_t alignment, size_t size, void*& ptr, size_t& space);
template <class T> struct allocator {
    typedef T value_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    constexpr allocator() noexcept {}
    template <class U> constexpr allocator(const allocator<U>&) noexcept {}
    T* allocate(size_t n);
    void deallocate(T* p, size_t n);
};
template <class T> struct default_delete {
    constexpr default_delete() noexcept = default;
    void operator()(T* p) const { delete p; }
};
template <class T> struct default_delete<T[]> {
    constexpr default_delete() noexcept = default;
    void operator()(T* p) const { delete[] p; }
};
template <class T, class D = default_delete<T>> class unique_ptr {
    [[no_unique_address]] D __deleter;  // libstdc++: tuple<pointer, D>, an empty D takes no room
    T* __ptr;
  public:
    typedef T* pointer;
    typedef T element_type;
    typedef D deleter_type;
    constexpr unique_ptr() noexcept : __ptr(nullptr) {}
    constexpr unique_ptr(nullptr_t) noexcept : __ptr(nullptr) {}
    explicit unique_ptr(T* p) noexcept : __ptr(p) {}
    unique_ptr(T* p, const D& d) noexcept : __deleter(d), __ptr(p) {}
    D& get_deleter() noexcept { return __deleter; }
    unique_ptr(unique_ptr&& u) noexcept : __ptr(u.release()) {}
    template <class U, class E> unique_ptr(unique_ptr<U, E>&& u) noexcept : __ptr(u.release()) {}
    unique_ptr(const unique_ptr&) = delete;
    ~unique_ptr();
    unique_ptr& operator=(unique_ptr&& u) noexcept;
    unique_ptr& operator=(nullptr_t) noexcept;
    T& operator*() const { return *__ptr; }
    T* operator->() const noexcept { return __ptr; }
    T* get() const noexcept { return __ptr; }
    T* release() noexcept;
    void reset(T* p = nullptr) noexcept;
    explicit operator bool() const noexcept { return __ptr != nullptr; }
};
template <class T, class D> class unique_ptr<T[], D> {
    [[no_unique_address]] D __deleter;
    T* __ptr;
  public:
    typedef T* pointer;
    typedef T element_type;
    typedef D deleter_type;
    constexpr unique_ptr() noexcept : __ptr(nullptr) {}
    explicit unique_ptr(T* p) noexcept : __ptr(p) {}
    unique_ptr(T* p, const D& d) noexcept : __deleter(d), __ptr(p) {}
    D& get_deleter() noexcept { return __deleter; }
    unique_ptr(unique_ptr&& u) noexcept : __ptr(u.release()) {}
    ~unique_ptr();
    unique_ptr& operator=(unique_ptr&& u) noexcept;
    T& operator[](size_t i) const { return __ptr[i]; }
    T* get() const noexcept { return __ptr; }
    T* release() noexcept;
    void reset(T* p = nullptr) noexcept;
    explicit operator bool() const noexcept { return __ptr != nullptr; }
};
template <class T> class shared_ptr {
    T* __ptr;
    void* __count;
  public:
    typedef T element_type;
    constexpr shared_ptr() noexcept : __ptr(nullptr), __count(nullptr) {}
    constexpr shared_ptr(nullptr_t) noexcept : __ptr(nullptr), __count(nullptr) {}
    template <class U> explicit shared_ptr(U* p);
    template <class U, class D> shared_ptr(U* p, D d);
    shared_ptr(const shared_ptr& r) noexcept;
    template <class U> shared_ptr(const shared_ptr<U>& r) noexcept;
    template <class U, class D> shared_ptr(unique_ptr<U, D>&& r);
    ~shared_ptr();
    shared_ptr& operator=(const shared_ptr& r) noexcept;
    T& operator*() const noexcept { return *__ptr; }
    T* operator->() const noexcept { return __ptr; }
    T* get() const noexcept { return __ptr; }
    long use_count() const noexcept;
    void reset() noexcept;
    template <class U> void reset(U* p);
    explicit operator bool() const noexcept { return __ptr != nullptr; }
};
template <class T> class weak_ptr {
    T* __ptr;
    void* __count;
  public:
    constexpr weak_ptr() noexcept : __ptr(nullptr), __count(nullptr) {}
    template <class U> weak_ptr(const shared_ptr<U>& r) noexcept;
    shared_ptr<T> lock() const noexcept;
    bool expired() const noexcept;
};
template <class T> class enable_shared_from_this {
  public:
    shared_ptr<T> shared_from_this();
};
template <class T, class... A> unique_ptr<T> make_unique(A&&... a) { return unique_ptr<T>(new T(forward<A>(a)...)); }
template <class T, class... A> shared_ptr<T> make_shared(A&&... a);
template <class T, class U> shared_ptr<T> static_pointer_cast(const shared_ptr<U>& r) noexcept;
template <class T, class U> shared_ptr<T> dynamic_pointer_cast(const shared_ptr<U>& r) noexcept;

// <exception> <stdexcept>
class exception {
  public:
    exception() noexcept {}
    exception(const exception&) noexcept = default;
    exception& operator=(const exception&) noexcept = default;
    virtual ~exception() noexcept;
    virtual const char* what() const noexcept;
};
class bad_exception : public exception {};
class bad_alloc : public exception {};
class bad_cast : public exception {};
class bad_typeid : public exception {};
class bad_function_call : public exception {};
class exception_ptr {
    void* __ptr;
  public:
    exception_ptr() noexcept : __ptr(nullptr) {}
    exception_ptr(nullptr_t) noexcept : __ptr(nullptr) {}
    explicit operator bool() const noexcept { return __ptr != nullptr; }
    friend bool operator==(const exception_ptr& a, const exception_ptr& b) noexcept { return a.__ptr == b.__ptr; }
    friend bool operator!=(const exception_ptr& a, const exception_ptr& b) noexcept { return a.__ptr != b.__ptr; }
};
exception_ptr current_exception() noexcept;
[[noreturn]] void rethrow_exception(exception_ptr p);
template <class E> exception_ptr make_exception_ptr(E e) noexcept;
typedef void (*terminate_handler)();
terminate_handler set_terminate(terminate_handler f) noexcept;
[[noreturn]] void terminate() noexcept;
int uncaught_exceptions() noexcept;
class nested_exception {
  public:
    nested_exception() noexcept;
    virtual ~nested_exception();
    [[noreturn]] void rethrow_nested() const;
};
template <class T> [[noreturn]] void throw_with_nested(T&& t);

// <string> (libstdc++ layout: pointer, length, 16-byte local buffer: 32 bytes)
template <class C> struct char_traits {
    typedef C char_type;
    typedef int int_type;
    static constexpr size_t length(const C* s) { size_t n = 0; while (s[n]) ++n; return n; }
};
template <class C, class T = char_traits<C>, class A = allocator<C>> class basic_string {
    C* __data;
    size_t __length;
    union { C __local[16 / sizeof(C)]; size_t __capacity; };
  public:
    typedef C value_type;
    typedef T traits_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    typedef C& reference;
    typedef const C& const_reference;
    typedef C* pointer;
    typedef const C* const_pointer;
    typedef C* iterator;
    typedef const C* const_iterator;
    static constexpr size_t npos = static_cast<size_t>(-1);
    basic_string() noexcept;
    basic_string(const C* s);
    basic_string(const C* s, size_t n);
    basic_string(size_t n, C c);
    basic_string(const basic_string& s);
    basic_string(basic_string&& s) noexcept;
    basic_string(const basic_string& s, size_t pos, size_t n = npos);
    template <class I> basic_string(I first, I last);
    basic_string(initializer_list<C> l);
    ~basic_string();
    basic_string& operator=(const basic_string& s);
    basic_string& operator=(basic_string&& s) noexcept;
    basic_string& operator=(const C* s);
    basic_string& operator=(C c);
    size_t size() const noexcept { return __length; }
    size_t length() const noexcept { return __length; }
    size_t capacity() const noexcept;
    bool empty() const noexcept { return __length == 0; }
    const C* c_str() const noexcept { return __data; }
    const C* data() const noexcept { return __data; }
    C* data() noexcept { return __data; }
    C& operator[](size_t i) { return __data[i]; }
    const C& operator[](size_t i) const { return __data[i]; }
    C& at(size_t i);
    const C& at(size_t i) const;
    C& front() { return __data[0]; }
    C& back() { return __data[__length - 1]; }
    C* begin() noexcept { return __data; }
    C* end() noexcept { return __data + __length; }
    const C* begin() const noexcept { return __data; }
    const C* end() const noexcept { return __data + __length; }
    const C* cbegin() const noexcept { return __data; }
    const C* cend() const noexcept { return __data + __length; }
    void clear() noexcept;
    void resize(size_t n);
    void resize(size_t n, C c);
    void reserve(size_t n = 0);
    void push_back(C c);
    void pop_back();
    basic_string& append(const basic_string& s);
    basic_string& append(const C* s);
    basic_string& append(const C* s, size_t n);
    basic_string& append(size_t n, C c);
    basic_string& insert(size_t pos, const basic_string& s);
    basic_string& insert(size_t pos, const C* s);
    basic_string& erase(size_t pos = 0, size_t n = npos);
    basic_string& replace(size_t pos, size_t n, const basic_string& s);
    basic_string& assign(const basic_string& s);
    basic_string& assign(const C* s, size_t n);
    basic_string& operator+=(const basic_string& s);
    basic_string& operator+=(const C* s);
    basic_string& operator+=(C c);
    basic_string substr(size_t pos = 0, size_t n = npos) const;
    size_t find(const basic_string& s, size_t pos = 0) const noexcept;
    size_t find(const C* s, size_t pos = 0) const;
    size_t find(C c, size_t pos = 0) const noexcept;
    size_t rfind(const basic_string& s, size_t pos = npos) const noexcept;
    size_t rfind(C c, size_t pos = npos) const noexcept;
    size_t find_first_of(const C* s, size_t pos = 0) const;
    size_t find_first_not_of(const C* s, size_t pos = 0) const;
    size_t find_last_of(const C* s, size_t pos = npos) const;
    size_t find_last_not_of(const C* s, size_t pos = npos) const;
    int compare(const basic_string& s) const noexcept;
    int compare(const C* s) const;
    void swap(basic_string& s) noexcept;
};
typedef basic_string<char> string;
typedef basic_string<wchar_t> wstring;
template <class C, class T, class A> basic_string<C, T, A> operator+(const basic_string<C, T, A>& a, const basic_string<C, T, A>& b);
template <class C, class T, class A> basic_string<C, T, A> operator+(const basic_string<C, T, A>& a, const C* b);
template <class C, class T, class A> basic_string<C, T, A> operator+(const C* a, const basic_string<C, T, A>& b);
template <class C, class T, class A> basic_string<C, T, A> operator+(const basic_string<C, T, A>& a, C b);
template <class C, class T, class A> basic_string<C, T, A> operator+(C a, const basic_string<C, T, A>& b);
template <class C, class T, class A> bool operator==(const basic_string<C, T, A>& a, const basic_string<C, T, A>& b) noexcept;
template <class C, class T, class A> bool operator==(const basic_string<C, T, A>& a, const C* b);
template <class C, class T, class A> bool operator==(const C* a, const basic_string<C, T, A>& b);
template <class C, class T, class A> bool operator!=(const basic_string<C, T, A>& a, const basic_string<C, T, A>& b) noexcept;
template <class C, class T, class A> bool operator!=(const basic_string<C, T, A>& a, const C* b);
template <class C, class T, class A> bool operator<(const basic_string<C, T, A>& a, const basic_string<C, T, A>& b) noexcept;
int stoi(const string& s, size_t* idx = nullptr, int base = 10);
long stol(const string& s, size_t* idx = nullptr, int base = 10);
unsigned long stoul(const string& s, size_t* idx = nullptr, int base = 10);
long long stoll(const string& s, size_t* idx = nullptr, int base = 10);
unsigned long long stoull(const string& s, size_t* idx = nullptr, int base = 10);
float stof(const string& s, size_t* idx = nullptr);
double stod(const string& s, size_t* idx = nullptr);
string to_string(int v);
string to_string(unsigned v);
string to_string(long v);
string to_string(unsigned long v);
string to_string(long long v);
string to_string(unsigned long long v);
string to_string(float v);
string to_string(double v);
string to_string(long double v);
template <class C, class T = char_traits<C>> class basic_string_view {
    const C* __data;
    size_t __size;
  public:
    typedef C value_type;
    typedef size_t size_type;
    static constexpr size_t npos = static_cast<size_t>(-1);
    constexpr basic_string_view() noexcept : __data(nullptr), __size(0) {}
    constexpr basic_string_view(const C* s) : __data(s), __size(T::length(s)) {}
    constexpr basic_string_view(const C* s, size_t n) : __data(s), __size(n) {}
    template <class A> basic_string_view(const basic_string<C, T, A>& s) noexcept : __data(s.data()), __size(s.size()) {}
    constexpr size_t size() const noexcept { return __size; }
    constexpr size_t length() const noexcept { return __size; }
    constexpr bool empty() const noexcept { return __size == 0; }
    constexpr const C* data() const noexcept { return __data; }
    constexpr const C& operator[](size_t i) const { return __data[i]; }
    constexpr const C* begin() const noexcept { return __data; }
    constexpr const C* end() const noexcept { return __data + __size; }
    constexpr basic_string_view substr(size_t pos = 0, size_t n = npos) const;
    constexpr size_t find(basic_string_view s, size_t pos = 0) const noexcept;
};
typedef basic_string_view<char> string_view;
class logic_error : public exception {
  public:
    explicit logic_error(const string& what);
    explicit logic_error(const char* what);
    const char* what() const noexcept override;
};
class domain_error : public logic_error { public: using logic_error::logic_error; };
class invalid_argument : public logic_error { public: using logic_error::logic_error; };
class length_error : public logic_error { public: using logic_error::logic_error; };
class out_of_range : public logic_error { public: using logic_error::logic_error; };
class runtime_error : public exception {
  public:
    explicit runtime_error(const string& what);
    explicit runtime_error(const char* what);
    const char* what() const noexcept override;
};
class range_error : public runtime_error { public: using runtime_error::runtime_error; };
class overflow_error : public runtime_error { public: using runtime_error::runtime_error; };
class underflow_error : public runtime_error { public: using runtime_error::runtime_error; };
class error_code {
    int __value;
    const void* __category;
  public:
    error_code() noexcept;
    int value() const noexcept { return __value; }
    string message() const;
    explicit operator bool() const noexcept { return __value != 0; }
};
class system_error : public runtime_error {
  public:
    system_error(error_code ec, const string& what);
    const error_code& code() const noexcept;
};

// <functional>
template <class T = void> struct plus { constexpr T operator()(const T& a, const T& b) const { return a + b; } };
template <class T = void> struct minus { constexpr T operator()(const T& a, const T& b) const { return a - b; } };
template <class T = void> struct multiplies { constexpr T operator()(const T& a, const T& b) const { return a * b; } };
template <class T = void> struct divides { constexpr T operator()(const T& a, const T& b) const { return a / b; } };
template <class T = void> struct modulus { constexpr T operator()(const T& a, const T& b) const { return a % b; } };
template <class T = void> struct negate { constexpr T operator()(const T& a) const { return -a; } };
template <class T = void> struct equal_to { constexpr bool operator()(const T& a, const T& b) const { return a == b; } };
template <class T = void> struct not_equal_to { constexpr bool operator()(const T& a, const T& b) const { return a != b; } };
template <class T = void> struct less { constexpr bool operator()(const T& a, const T& b) const { return a < b; } };
template <class T = void> struct greater { constexpr bool operator()(const T& a, const T& b) const { return b < a; } };
template <class T = void> struct less_equal { constexpr bool operator()(const T& a, const T& b) const { return !(b < a); } };
template <class T = void> struct greater_equal { constexpr bool operator()(const T& a, const T& b) const { return !(a < b); } };
template <class T = void> struct logical_and { constexpr bool operator()(const T& a, const T& b) const { return a && b; } };
template <class T = void> struct logical_or { constexpr bool operator()(const T& a, const T& b) const { return a || b; } };
template <class T = void> struct bit_and { constexpr T operator()(const T& a, const T& b) const { return a & b; } };
template <class T = void> struct bit_or { constexpr T operator()(const T& a, const T& b) const { return a | b; } };
template <class T = void> struct bit_xor { constexpr T operator()(const T& a, const T& b) const { return a ^ b; } };
template <class T> struct hash;
#define __HLSIGHT_HASH(T) template <> struct hash<T> { size_t operator()(T v) const noexcept { return static_cast<size_t>(v); } };
__HLSIGHT_HASH(bool) __HLSIGHT_HASH(char) __HLSIGHT_HASH(signed char) __HLSIGHT_HASH(unsigned char) __HLSIGHT_HASH(short)
__HLSIGHT_HASH(unsigned short) __HLSIGHT_HASH(int) __HLSIGHT_HASH(unsigned int) __HLSIGHT_HASH(long)
__HLSIGHT_HASH(unsigned long) __HLSIGHT_HASH(long long) __HLSIGHT_HASH(unsigned long long)
#undef __HLSIGHT_HASH
template <> struct hash<string> { size_t operator()(const string& s) const noexcept; };
template <class T> struct hash<T*> { size_t operator()(T* p) const noexcept { return reinterpret_cast<size_t>(p); } };
template <class T> class reference_wrapper {
    T* __ptr;
  public:
    typedef T type;
    reference_wrapper(T& r) noexcept : __ptr(addressof(r)) {}
    operator T&() const noexcept { return *__ptr; }
    T& get() const noexcept { return *__ptr; }
    template <class... A> decltype(auto) operator()(A&&... a) const { return (*__ptr)(forward<A>(a)...); }
};
template <class T> reference_wrapper<T> ref(T& t) noexcept { return reference_wrapper<T>(t); }
template <class T> reference_wrapper<const T> cref(const T& t) noexcept { return reference_wrapper<const T>(t); }
template <class S> class function;
template <class R, class... A> class function<R(A...)> {
    alignas(8) unsigned char __storage[32];
  public:
    typedef R result_type;
    function() noexcept;
    function(nullptr_t) noexcept;
    function(const function& f);
    function(function&& f) noexcept;
    template <class F> function(F f);
    ~function();
    function& operator=(const function& f);
    template <class F> function& operator=(F&& f);
    R operator()(A... a) const;
    explicit operator bool() const noexcept;
};
template <class F, class... A> constexpr decltype(auto) invoke(F&& f, A&&... a) { return forward<F>(f)(forward<A>(a)...); }
template <class F, class T> constexpr decltype(auto) apply(F&& f, T&& t) {
    return [&]<size_t... I>(index_sequence<I...>) -> decltype(auto) {
        return forward<F>(f)(get<I>(forward<T>(t))...);
    }(make_index_sequence<tuple_size<typename remove_reference<T>::type>::value>{});
}
template <int N> struct _Placeholder {};
namespace placeholders {
extern const _Placeholder<1> _1; extern const _Placeholder<2> _2; extern const _Placeholder<3> _3;
extern const _Placeholder<4> _4; extern const _Placeholder<5> _5; extern const _Placeholder<6> _6;
}
// What a call of the bound object passes for one bound argument: the N-th
// call argument for placeholder _N, else the stored value.
template <class A, class... B> struct __hlsight_bound_arg { typedef A& type; };
template <int N, class... B> struct __hlsight_bound_arg<_Placeholder<N>, B...> { typedef typename tuple_element<N - 1, tuple<B...>>::type type; };
template <class F, class... A> struct __hlsight_binder {
    F __f;
    tuple<A...> __bound;
    template <class... B> typename invoke_result<F&, typename __hlsight_bound_arg<A, B&&...>::type...>::type operator()(B&&... b);
};
template <class F, class... A> __hlsight_binder<typename decay<F>::type, typename decay<A>::type...> bind(F&& f, A&&... a);

// <array> (an aggregate: T elems[N], as in libstdc++)
template <class T, size_t N> struct array {
    T __elems[N];
    typedef T value_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    typedef T& reference;
    typedef const T& const_reference;
    typedef T* pointer;
    typedef const T* const_pointer;
    typedef T* iterator;
    typedef const T* const_iterator;
    constexpr size_t size() const noexcept { return N; }
    constexpr size_t max_size() const noexcept { return N; }
    constexpr bool empty() const noexcept { return N == 0; }
    constexpr T& operator[](size_t i) { return __elems[i]; }
    constexpr const T& operator[](size_t i) const { return __elems[i]; }
    constexpr T& at(size_t i) { return __elems[i]; }
    constexpr const T& at(size_t i) const { return __elems[i]; }
    constexpr T& front() { return __elems[0]; }
    constexpr const T& front() const { return __elems[0]; }
    constexpr T& back() { return __elems[N - 1]; }
    constexpr const T& back() const { return __elems[N - 1]; }
    constexpr T* data() noexcept { return __elems; }
    constexpr const T* data() const noexcept { return __elems; }
    constexpr T* begin() noexcept { return __elems; }
    constexpr T* end() noexcept { return __elems + N; }
    constexpr const T* begin() const noexcept { return __elems; }
    constexpr const T* end() const noexcept { return __elems + N; }
    constexpr const T* cbegin() const noexcept { return __elems; }
    constexpr const T* cend() const noexcept { return __elems + N; }
    constexpr void fill(const T& v) { for (size_t i = 0; i < N; ++i) __elems[i] = v; }
    constexpr void swap(array& o) noexcept { for (size_t i = 0; i < N; ++i) std::swap(__elems[i], o.__elems[i]); }
};
template <class T> struct array<T, 0> {
    typedef T value_type;
    typedef size_t size_type;
    typedef T* iterator;
    typedef const T* const_iterator;
    constexpr size_t size() const noexcept { return 0; }
    constexpr bool empty() const noexcept { return true; }
    constexpr T* data() noexcept { return nullptr; }
    constexpr T* begin() noexcept { return nullptr; }
    constexpr T* end() noexcept { return nullptr; }
    constexpr const T* begin() const noexcept { return nullptr; }
    constexpr const T* end() const noexcept { return nullptr; }
};
template <class T, class... U> array(T, U...) -> array<T, 1 + sizeof...(U)>;
template <class T, size_t N> struct tuple_size<array<T, N>> : integral_constant<size_t, N> {};
template <size_t I, class T, size_t N> struct tuple_element<I, array<T, N>> { typedef T type; };
template <size_t I, class T, size_t N> constexpr T& get(array<T, N>& a) noexcept { return a.__elems[I]; }
template <size_t I, class T, size_t N> constexpr const T& get(const array<T, N>& a) noexcept { return a.__elems[I]; }
template <size_t I, class T, size_t N> constexpr T&& get(array<T, N>&& a) noexcept { return static_cast<T&&>(a.__elems[I]); }
template <class T, size_t N> constexpr bool operator==(const array<T, N>& a, const array<T, N>& b);

// <vector> (three pointers, as in libstdc++)
template <class T, class A = allocator<T>> class vector {
    T* __begin;
    T* __end;
    T* __capacity;
  public:
    typedef T value_type;
    typedef A allocator_type;
    typedef size_t size_type;
    typedef ptrdiff_t difference_type;
    typedef T& reference;
    typedef const T& const_reference;
    typedef T* pointer;
    typedef const T* const_pointer;
    typedef T* iterator;
    typedef const T* const_iterator;
    typedef std::reverse_iterator<T*> reverse_iterator;
    typedef std::reverse_iterator<const T*> const_reverse_iterator;
    vector() noexcept : __begin(nullptr), __end(nullptr), __capacity(nullptr) {}
    explicit vector(const A& a) noexcept;
    explicit vector(size_t n, const A& a = A());
    vector(size_t n, const T& value, const A& a = A());
    template <class I, class = typename iterator_traits<I>::iterator_category> vector(I first, I last, const A& a = A());
    vector(const vector& v);
    vector(vector&& v) noexcept;
    vector(initializer_list<T> l, const A& a = A());
    ~vector();
    vector& operator=(const vector& v);
    vector& operator=(vector&& v) noexcept;
    vector& operator=(initializer_list<T> l);
    void assign(size_t n, const T& value);
    template <class I> void assign(I first, I last);
    size_t size() const noexcept { return __end - __begin; }
    size_t max_size() const noexcept;
    size_t capacity() const noexcept { return __capacity - __begin; }
    bool empty() const noexcept { return __begin == __end; }
    void reserve(size_t n);
    void resize(size_t n);
    void resize(size_t n, const T& value);
    void shrink_to_fit();
    T& operator[](size_t i) { return __begin[i]; }
    const T& operator[](size_t i) const { return __begin[i]; }
    T& at(size_t i);
    const T& at(size_t i) const;
    T& front() { return *__begin; }
    const T& front() const { return *__begin; }
    T& back() { return *(__end - 1); }
    const T& back() const { return *(__end - 1); }
    T* data() noexcept { return __begin; }
    const T* data() const noexcept { return __begin; }
    T* begin() noexcept { return __begin; }
    T* end() noexcept { return __end; }
    const T* begin() const noexcept { return __begin; }
    const T* end() const noexcept { return __end; }
    const T* cbegin() const noexcept { return __begin; }
    const T* cend() const noexcept { return __end; }
    reverse_iterator rbegin() noexcept;
    reverse_iterator rend() noexcept;
    void push_back(const T& value);
    void push_back(T&& value);
    template <class... V> T& emplace_back(V&&... a);
    void pop_back();
    T* insert(const T* pos, const T& value);
    T* insert(const T* pos, size_t n, const T& value);
    template <class I> T* insert(const T* pos, I first, I last);
    template <class... V> T* emplace(const T* pos, V&&... a);
    T* erase(const T* pos);
    T* erase(const T* first, const T* last);
    void clear() noexcept;
    void swap(vector& v) noexcept;
    A get_allocator() const noexcept;
};
template <class I, class A = allocator<typename iterator_traits<I>::value_type>> vector(I, I, A = A()) -> vector<typename iterator_traits<I>::value_type, A>;
template <class T, class A> bool operator==(const vector<T, A>& a, const vector<T, A>& b);
template <class T, class A> bool operator!=(const vector<T, A>& a, const vector<T, A>& b);

// <bitset> (unsigned long words, as in libstdc++)
template <size_t N> class bitset {
    unsigned long __words[N == 0 ? 1 : (N + 63) / 64];
  public:
    class reference {
      public:
        reference& operator=(bool x) noexcept;
        reference& operator=(const reference& r) noexcept;
        operator bool() const noexcept;
        bool operator~() const noexcept;
        reference& flip() noexcept;
    };
    constexpr bitset() noexcept : __words() {}
    constexpr bitset(unsigned long long v) noexcept : __words{static_cast<unsigned long>(v)} {}
    explicit bitset(const string& s, size_t pos = 0, size_t n = string::npos);
    explicit bitset(const char* s);
    bitset& operator&=(const bitset& b) noexcept;
    bitset& operator|=(const bitset& b) noexcept;
    bitset& operator^=(const bitset& b) noexcept;
    bitset& operator<<=(size_t n) noexcept;
    bitset& operator>>=(size_t n) noexcept;
    bitset operator<<(size_t n) const noexcept;
    bitset operator>>(size_t n) const noexcept;
    bitset operator~() const noexcept;
    bitset& set() noexcept;
    bitset& set(size_t pos, bool value = true);
    bitset& reset() noexcept;
    bitset& reset(size_t pos);
    bitset& flip() noexcept;
    bitset& flip(size_t pos);
    constexpr bool operator[](size_t pos) const { return (__words[pos / 64] >> (pos % 64)) & 1UL; }
    reference operator[](size_t pos);
    unsigned long to_ulong() const;
    unsigned long long to_ullong() const;
    string to_string() const;
    size_t count() const noexcept;
    constexpr size_t size() const noexcept { return N; }
    bool test(size_t pos) const;
    bool all() const noexcept;
    bool any() const noexcept;
    bool none() const noexcept;
    bool operator==(const bitset& b) const noexcept;
    bool operator!=(const bitset& b) const noexcept;
};
template <size_t N> bitset<N> operator&(const bitset<N>& a, const bitset<N>& b) noexcept;
template <size_t N> bitset<N> operator|(const bitset<N>& a, const bitset<N>& b) noexcept;
template <size_t N> bitset<N> operator^(const bitset<N>& a, const bitset<N>& b) noexcept;

// node containers: the interface, with pointer-sized placeholders for the layout
template <class T, class A = allocator<T>> class deque {
    T* __map;
    size_t __map_size;
    T* __start[4];
    T* __finish[4];
  public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T& reference;
    typedef const T& const_reference;
    typedef T* iterator;
    typedef const T* const_iterator;
    deque();
    explicit deque(size_t n);
    deque(size_t n, const T& value);
    deque(initializer_list<T> l);
    size_t size() const noexcept;
    bool empty() const noexcept;
    T& operator[](size_t i);
    const T& operator[](size_t i) const;
    T& at(size_t i);
    T& front();
    T& back();
    const T& front() const;
    const T& back() const;
    T* begin() noexcept;
    T* end() noexcept;
    const T* begin() const noexcept;
    const T* end() const noexcept;
    void push_back(const T& value);
    void push_front(const T& value);
    template <class... V> T& emplace_back(V&&... a);
    template <class... V> T& emplace_front(V&&... a);
    void pop_back();
    void pop_front();
    void clear() noexcept;
    void resize(size_t n);
};
// the iterator of the node containers (list, map, set...)
template <class V> struct __hlsight_node_iterator {
    typedef V value_type;
    typedef ptrdiff_t difference_type;
    typedef V* pointer;
    typedef V& reference;
    typedef bidirectional_iterator_tag iterator_category;
    V& operator*() const;
    V* operator->() const;
    __hlsight_node_iterator& operator++();
    __hlsight_node_iterator operator++(int);
    __hlsight_node_iterator& operator--();
    bool operator==(const __hlsight_node_iterator& o) const;
    bool operator!=(const __hlsight_node_iterator& o) const;
};
template <class T, class A = allocator<T>> class list {
    void* __node[2];
    size_t __size;
  public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T& reference;
    typedef const T& const_reference;
    typedef __hlsight_node_iterator<T> iterator;
    typedef iterator const_iterator;
    list();
    list(initializer_list<T> l);
    size_t size() const noexcept;
    bool empty() const noexcept;
    T& front();
    T& back();
    iterator begin() noexcept;
    iterator end() noexcept;
    iterator begin() const noexcept;
    iterator end() const noexcept;
    void push_back(const T& value);
    void push_front(const T& value);
    template <class... V> T& emplace_back(V&&... a);
    void pop_back();
    void pop_front();
    iterator erase(iterator pos);
    iterator insert(iterator pos, const T& value);
    void clear() noexcept;
    void sort();
    void reverse() noexcept;
};
template <class K, class V, class Container> class __hlsight_associative {
    void* __tree[6];
  public:
    typedef K key_type;
    typedef V value_type;
    typedef size_t size_type;
    typedef V& reference;
    typedef const V& const_reference;
    typedef __hlsight_node_iterator<V> iterator;
    typedef iterator const_iterator;
    __hlsight_associative();
    __hlsight_associative(initializer_list<V> l);
    template <class I> __hlsight_associative(I first, I last);
    template <class C, class = typename enable_if<is_invocable<const C&, const K&, const K&>::value>::type>
    explicit __hlsight_associative(const C& comp);
    size_t size() const noexcept;
    bool empty() const noexcept;
    iterator begin() noexcept;
    iterator end() noexcept;
    iterator begin() const noexcept;
    iterator end() const noexcept;
    iterator find(const K& key);
    iterator find(const K& key) const;
    size_t count(const K& key) const;
    bool contains(const K& key) const;
    pair<iterator, bool> insert(const V& value);
    template <class I> void insert(I first, I last);
    template <class... A> pair<iterator, bool> emplace(A&&... a);
    iterator erase(iterator pos);
    size_t erase(const K& key);
    void clear() noexcept;
    iterator lower_bound(const K& key);
    iterator upper_bound(const K& key);
    void reserve(size_t n);
};
template <class K, class T, class C = less<K>, class A = allocator<pair<const K, T>>>
class map : public __hlsight_associative<K, pair<const K, T>, map<K, T, C, A>> {
  public:
    typedef T mapped_type;
    using __hlsight_associative<K, pair<const K, T>, map<K, T, C, A>>::__hlsight_associative;
    T& operator[](const K& key);
    T& at(const K& key);
    const T& at(const K& key) const;
};
template <class K, class T, class C = less<K>, class A = allocator<pair<const K, T>>>
class multimap : public __hlsight_associative<K, pair<const K, T>, multimap<K, T, C, A>> {
  public:
    typedef T mapped_type;
    using __hlsight_associative<K, pair<const K, T>, multimap<K, T, C, A>>::__hlsight_associative;
};
template <class K, class T, class H = hash<K>, class E = equal_to<K>, class A = allocator<pair<const K, T>>>
class unordered_map : public __hlsight_associative<K, pair<const K, T>, unordered_map<K, T, H, E, A>> {
  public:
    typedef T mapped_type;
    using __hlsight_associative<K, pair<const K, T>, unordered_map<K, T, H, E, A>>::__hlsight_associative;
    T& operator[](const K& key);
    T& at(const K& key);
    const T& at(const K& key) const;
};
template <class K, class T, class H = hash<K>, class E = equal_to<K>, class A = allocator<pair<const K, T>>>
class unordered_multimap : public __hlsight_associative<K, pair<const K, T>, unordered_multimap<K, T, H, E, A>> {
  public:
    using __hlsight_associative<K, pair<const K, T>, unordered_multimap<K, T, H, E, A>>::__hlsight_associative;
};
template <class K, class C = less<K>, class A = allocator<K>>
class set : public __hlsight_associative<K, K, set<K, C, A>> {
  public:
    using __hlsight_associative<K, K, set<K, C, A>>::__hlsight_associative;
};
template <class K, class C = less<K>, class A = allocator<K>>
class multiset : public __hlsight_associative<K, K, multiset<K, C, A>> {
  public:
    using __hlsight_associative<K, K, multiset<K, C, A>>::__hlsight_associative;
};
template <class K, class H = hash<K>, class E = equal_to<K>, class A = allocator<K>>
class unordered_set : public __hlsight_associative<K, K, unordered_set<K, H, E, A>> {
  public:
    using __hlsight_associative<K, K, unordered_set<K, H, E, A>>::__hlsight_associative;
};

// <optional> <variant> <any>
struct nullopt_t { explicit constexpr nullopt_t(int) {} };
inline constexpr nullopt_t nullopt{0};
class bad_optional_access : public exception {};
template <class T> class optional {
    union { char __empty; T __value; };
    bool __engaged;
  public:
    typedef T value_type;
    constexpr optional() noexcept : __empty(), __engaged(false) {}
    constexpr optional(nullopt_t) noexcept : __empty(), __engaged(false) {}
    template <class U = T> constexpr optional(U&& v) : __value(forward<U>(v)), __engaged(true) {}
    constexpr bool has_value() const noexcept { return __engaged; }
    constexpr explicit operator bool() const noexcept { return __engaged; }
    constexpr T& value() & { return __value; }
    constexpr const T& value() const& { return __value; }
    constexpr T& operator*() & { return __value; }
    constexpr const T& operator*() const& { return __value; }
    constexpr T* operator->() { return &__value; }
    constexpr const T* operator->() const { return &__value; }
    template <class U> constexpr T value_or(U&& d) const& { return __engaged ? __value : static_cast<T>(forward<U>(d)); }
    void reset() noexcept;
    template <class... A> T& emplace(A&&... a);
};
template <class T> optional(T) -> optional<T>;
template <class T> constexpr optional<typename decay<T>::type> make_optional(T&& v) { return optional<typename decay<T>::type>(forward<T>(v)); }
template <class... T> class variant {
    alignas(16) unsigned char __storage[64];
    unsigned char __index;
  public:
    constexpr variant() noexcept;
    template <class U> constexpr variant(U&& v);
    constexpr size_t index() const noexcept { return __index; }
};
template <class T, class... U> constexpr bool holds_alternative(const variant<U...>& v) noexcept;
template <class T, class... U> constexpr T& get(variant<U...>& v);
template <class T, class... U> constexpr const T& get(const variant<U...>& v);
template <class V> struct variant_size;
template <class... U> struct variant_size<variant<U...>> : integral_constant<size_t, sizeof...(U)> {};
template <class V> inline constexpr size_t variant_size_v = variant_size<V>::value;
template <size_t I, class V> struct variant_alternative;
template <size_t I, class... U> struct variant_alternative<I, variant<U...>> : tuple_element<I, tuple<U...>> {};
template <size_t I, class V> using variant_alternative_t = typename variant_alternative<I, V>::type;
template <size_t I, class... U> constexpr variant_alternative_t<I, variant<U...>>& get(variant<U...>& v);
template <size_t I, class... U> constexpr const variant_alternative_t<I, variant<U...>>& get(const variant<U...>& v);
template <class T, class... U> constexpr T* get_if(variant<U...>* v) noexcept;
template <class F, class... V> constexpr decltype(auto) visit(F&& f, V&&... v) { return forward<F>(f)(get<0>(v)...); }
class any {
    void* __manager;
    void* __storage;
  public:
    constexpr any() noexcept : __manager(nullptr), __storage(nullptr) {}
    template <class T> any(T&& v);
    bool has_value() const noexcept { return __manager != nullptr; }
};
template <class T> T any_cast(const any& a);

// <ratio> <chrono>
template <intmax_t N, intmax_t D = 1> struct ratio {
    static constexpr intmax_t num = N;
    static constexpr intmax_t den = D;
    typedef ratio<N, D> type;
};
typedef ratio<1, 1000000000000000000> atto;
typedef ratio<1, 1000000000> nano;
typedef ratio<1, 1000000> micro;
typedef ratio<1, 1000> milli;
typedef ratio<1, 100> centi;
typedef ratio<1, 10> deci;
typedef ratio<1000, 1> kilo;
typedef ratio<1000000, 1> mega;
typedef ratio<1000000000, 1> giga;
namespace chrono {
template <class Rep, class Period = ratio<1>> class duration {
    Rep __count;
  public:
    typedef Rep rep;
    typedef Period period;
    constexpr duration() = default;
    template <class R2> constexpr explicit duration(const R2& r) : __count(static_cast<Rep>(r)) {}
    template <class R2, class P2> constexpr duration(const duration<R2, P2>& d) : __count(static_cast<Rep>(d.count() * (double(P2::num) * Period::den) / (double(P2::den) * Period::num))) {}
    constexpr Rep count() const { return __count; }
    static constexpr duration zero() noexcept { return duration(0); }
    constexpr duration operator+() const { return *this; }
    constexpr duration operator-() const { return duration(-__count); }
    constexpr duration& operator+=(const duration& d) { __count += d.count(); return *this; }
    constexpr duration& operator-=(const duration& d) { __count -= d.count(); return *this; }
};
template <class R1, class P1, class R2, class P2>
constexpr duration<typename common_type<R1, R2>::type, P1> operator+(const duration<R1, P1>& a, const duration<R2, P2>& b);
template <class R1, class P1, class R2, class P2>
constexpr duration<typename common_type<R1, R2>::type, P1> operator-(const duration<R1, P1>& a, const duration<R2, P2>& b);
template <class R1, class P1, class R2> constexpr duration<typename common_type<R1, R2>::type, P1> operator*(const duration<R1, P1>& d, const R2& s);
template <class R1, class P1, class R2> constexpr duration<typename common_type<R1, R2>::type, P1> operator/(const duration<R1, P1>& d, const R2& s);
template <class R1, class P1, class R2, class P2> constexpr bool operator<(const duration<R1, P1>& a, const duration<R2, P2>& b);
template <class R1, class P1, class R2, class P2> constexpr bool operator>(const duration<R1, P1>& a, const duration<R2, P2>& b);
template <class To, class R, class P> constexpr To duration_cast(const duration<R, P>& d) { return To(d); }
typedef duration<long, nano> nanoseconds;
typedef duration<long, micro> microseconds;
typedef duration<long, milli> milliseconds;
typedef duration<long> seconds;
typedef duration<long, ratio<60>> minutes;
typedef duration<long, ratio<3600>> hours;
template <class Clock, class Dur = typename Clock::duration> class time_point {
    Dur __d;
  public:
    typedef Clock clock;
    typedef Dur duration;
    typedef typename Dur::rep rep;
    typedef typename Dur::period period;
    constexpr time_point() : __d() {}
    constexpr explicit time_point(const Dur& d) : __d(d) {}
    template <class D2> constexpr time_point(const time_point<Clock, D2>& t) : __d(t.time_since_epoch()) {}
    constexpr Dur time_since_epoch() const { return __d; }
};
template <class C, class D1, class D2> constexpr typename common_type<D1, D2>::type operator-(const time_point<C, D1>& a, const time_point<C, D2>& b);
template <class C, class D1, class R2, class P2> constexpr time_point<C, D1> operator+(const time_point<C, D1>& t, const duration<R2, P2>& d);
template <class C, class D1, class D2> constexpr bool operator<(const time_point<C, D1>& a, const time_point<C, D2>& b);
template <class To, class C, class D> constexpr time_point<C, To> time_point_cast(const time_point<C, D>& t);
struct system_clock {
    typedef nanoseconds duration;
    typedef duration::rep rep;
    typedef duration::period period;
    typedef chrono::time_point<system_clock> time_point;
    static constexpr bool is_steady = false;
    static time_point now() noexcept;
    static time_t to_time_t(const time_point& t) noexcept;
};
struct steady_clock {
    typedef nanoseconds duration;
    typedef duration::rep rep;
    typedef duration::period period;
    typedef chrono::time_point<steady_clock> time_point;
    static constexpr bool is_steady = true;
    static time_point now() noexcept;
};
typedef system_clock high_resolution_clock;
}  // namespace chrono
template <class R, class P> struct common_type<chrono::duration<R, P>, chrono::duration<R, P>> { typedef chrono::duration<R, P> type; };
template <class R1, class P1, class R2, class P2> struct common_type<chrono::duration<R1, P1>, chrono::duration<R2, P2>> {
    typedef chrono::duration<typename common_type<R1, R2>::type, nano> type;
};
inline namespace literals {
inline namespace chrono_literals {
constexpr chrono::hours operator""h(unsigned long long v) { return chrono::hours(v); }
constexpr chrono::minutes operator""min(unsigned long long v) { return chrono::minutes(v); }
constexpr chrono::seconds operator""s(unsigned long long v) { return chrono::seconds(v); }
constexpr chrono::milliseconds operator""ms(unsigned long long v) { return chrono::milliseconds(v); }
constexpr chrono::microseconds operator""us(unsigned long long v) { return chrono::microseconds(v); }
constexpr chrono::nanoseconds operator""ns(unsigned long long v) { return chrono::nanoseconds(v); }
}  // namespace chrono_literals
}  // namespace literals

// <ios> <ostream> <istream> <fstream> <sstream> <iomanip>
typedef long streamsize;
typedef long streamoff;
typedef long streampos;
class ios_base {
  public:
    typedef unsigned fmtflags;
    typedef unsigned openmode;
    typedef unsigned iostate;
    typedef int seekdir;
    static constexpr fmtflags boolalpha = 1, dec = 2, fixed = 4, hex = 8, internal = 16, left = 32, oct = 64,
        right = 128, scientific = 256, showbase = 512, showpoint = 1024, showpos = 2048, skipws = 4096,
        unitbuf = 8192, uppercase = 16384, adjustfield = left | right | internal, basefield = dec | oct | hex,
        floatfield = scientific | fixed;
    static constexpr openmode app = 1, ate = 2, binary = 4, in = 8, out = 16, trunc = 32;
    static constexpr iostate goodbit = 0, badbit = 1, eofbit = 2, failbit = 4;
    static constexpr seekdir beg = 0, cur = 1, end = 2;
    class failure : public system_error { public: using system_error::system_error; };
    fmtflags flags() const;
    fmtflags flags(fmtflags f);
    fmtflags setf(fmtflags f);
    fmtflags setf(fmtflags f, fmtflags mask);
    void unsetf(fmtflags f);
    streamsize precision() const;
    streamsize precision(streamsize p);
    streamsize width() const;
    streamsize width(streamsize w);
    static bool sync_with_stdio(bool sync = true);
  protected:
    ios_base();
};
class streambuf;
class basic_ios_base : public ios_base {
  public:
    bool good() const;
    bool eof() const;
    bool fail() const;
    bool bad() const;
    bool operator!() const;
    explicit operator bool() const;
    iostate rdstate() const;
    void clear(iostate s = goodbit);
    void setstate(iostate s);
    void exceptions(iostate s);
    char fill() const;
    char fill(char c);
    streambuf* rdbuf() const;
};
typedef basic_ios_base ios;
class ostream : virtual public basic_ios_base {
  public:
    ostream& operator<<(bool v);
    ostream& operator<<(short v);
    ostream& operator<<(unsigned short v);
    ostream& operator<<(int v);
    ostream& operator<<(unsigned int v);
    ostream& operator<<(long v);
    ostream& operator<<(unsigned long v);
    ostream& operator<<(long long v);
    ostream& operator<<(unsigned long long v);
    ostream& operator<<(float v);
    ostream& operator<<(double v);
    ostream& operator<<(long double v);
    ostream& operator<<(const void* p);
    ostream& operator<<(nullptr_t);
    ostream& operator<<(streambuf* sb);
    ostream& operator<<(ostream& (*manipulator)(ostream&));
    ostream& operator<<(ios_base& (*manipulator)(ios_base&));
    ostream& put(char c);
    ostream& write(const char* s, streamsize n);
    ostream& flush();
    streampos tellp();
    ostream& seekp(streampos pos);
    ostream& seekp(streamoff off, ios_base::seekdir dir);
};
ostream& operator<<(ostream& os, char c);
ostream& operator<<(ostream& os, signed char c);
ostream& operator<<(ostream& os, unsigned char c);
ostream& operator<<(ostream& os, const char* s);
ostream& operator<<(ostream& os, const signed char* s);
ostream& operator<<(ostream& os, const unsigned char* s);
template <class C, class T, class A> ostream& operator<<(ostream& os, const basic_string<C, T, A>& s);
ostream& operator<<(ostream& os, string_view s);
template <size_t N> ostream& operator<<(ostream& os, const bitset<N>& b);
template <class R, class P> ostream& operator<<(ostream& os, const chrono::duration<R, P>& d);
ostream& operator<<(ostream& os, const error_code& e);
class istream : virtual public basic_ios_base {
  public:
    istream& operator>>(bool& v);
    istream& operator>>(short& v);
    istream& operator>>(unsigned short& v);
    istream& operator>>(int& v);
    istream& operator>>(unsigned int& v);
    istream& operator>>(long& v);
    istream& operator>>(unsigned long& v);
    istream& operator>>(long long& v);
    istream& operator>>(unsigned long long& v);
    istream& operator>>(float& v);
    istream& operator>>(double& v);
    istream& operator>>(long double& v);
    istream& operator>>(void*& p);
    istream& operator>>(istream& (*manipulator)(istream&));
    istream& operator>>(ios_base& (*manipulator)(ios_base&));
    int get();
    istream& get(char& c);
    int peek();
    istream& unget();
    istream& putback(char c);
    istream& getline(char* s, streamsize n);
    istream& getline(char* s, streamsize n, char delim);
    istream& read(char* s, streamsize n);
    istream& ignore(streamsize n = 1, int delim = EOF);
    streamsize gcount() const;
    streamsize readsome(char* s, streamsize n);
    streampos tellg();
    istream& seekg(streampos pos);
    istream& seekg(streamoff off, ios_base::seekdir dir);
};
istream& operator>>(istream& is, char& c);
istream& operator>>(istream& is, signed char& c);
istream& operator>>(istream& is, unsigned char& c);
istream& operator>>(istream& is, char* s);
template <class C, class T, class A> istream& operator>>(istream& is, basic_string<C, T, A>& s);
template <class C, class T, class A> istream& getline(istream& is, basic_string<C, T, A>& s);
template <class C, class T, class A> istream& getline(istream& is, basic_string<C, T, A>& s, C delim);
class iostream : public istream, public ostream {};
// file and string streams: one shape, the default open mode differs
template <class Stream, unsigned Mode> class __hlsight_file_stream : public Stream {
  public:
    __hlsight_file_stream();
    explicit __hlsight_file_stream(const char* name, ios_base::openmode mode = Mode);
    explicit __hlsight_file_stream(const string& name, ios_base::openmode mode = Mode);
    void open(const char* name, ios_base::openmode mode = Mode);
    void open(const string& name, ios_base::openmode mode = Mode);
    bool is_open() const;
    void close();
};
template <class Stream, unsigned Mode> class __hlsight_string_stream : public Stream {
  public:
    __hlsight_string_stream();
    explicit __hlsight_string_stream(ios_base::openmode mode);
    explicit __hlsight_string_stream(const string& s, ios_base::openmode mode = Mode);
    string str() const;
    void str(const string& s);
};
class ifstream : public __hlsight_file_stream<istream, ios_base::in> {
  public:
    using __hlsight_file_stream::__hlsight_file_stream;
};
class ofstream : public __hlsight_file_stream<ostream, ios_base::out> {
  public:
    using __hlsight_file_stream::__hlsight_file_stream;
};
class fstream : public __hlsight_file_stream<iostream, ios_base::in | ios_base::out> {
  public:
    using __hlsight_file_stream::__hlsight_file_stream;
};
class istringstream : public __hlsight_string_stream<istream, ios_base::in> {
  public:
    using __hlsight_string_stream::__hlsight_string_stream;
};
class ostringstream : public __hlsight_string_stream<ostream, ios_base::out> {
  public:
    using __hlsight_string_stream::__hlsight_string_stream;
};
class stringstream : public __hlsight_string_stream<iostream, ios_base::in | ios_base::out> {
  public:
    using __hlsight_string_stream::__hlsight_string_stream;
};
extern istream cin;
extern ostream cout;
extern ostream cerr;
extern ostream clog;
ostream& endl(ostream& os);
ostream& ends(ostream& os);
ostream& flush(ostream& os);
istream& ws(istream& is);
ios_base& boolalpha(ios_base& s);
ios_base& noboolalpha(ios_base& s);
ios_base& showpoint(ios_base& s);
ios_base& noshowpoint(ios_base& s);
ios_base& showpos(ios_base& s);
ios_base& dec(ios_base& s);
ios_base& hex(ios_base& s);
ios_base& oct(ios_base& s);
ios_base& fixed(ios_base& s);
ios_base& scientific(ios_base& s);
ios_base& defaultfloat(ios_base& s);
ios_base& left(ios_base& s);
ios_base& right(ios_base& s);
ios_base& internal(ios_base& s);
ios_base& uppercase(ios_base& s);
ios_base& nouppercase(ios_base& s);
struct __hlsight_manipulator { int __value; };
__hlsight_manipulator setw(int n);
__hlsight_manipulator setprecision(int n);
__hlsight_manipulator setfill(char c);
__hlsight_manipulator setbase(int base);
__hlsight_manipulator setiosflags(ios_base::fmtflags mask);
__hlsight_manipulator resetiosflags(ios_base::fmtflags mask);
ostream& operator<<(ostream& os, __hlsight_manipulator m);
istream& operator>>(istream& is, __hlsight_manipulator m);

// <cmath> <complex>
using ::acos; using ::asin; using ::atan; using ::atan2; using ::cos; using ::sin; using ::tan; using ::acosh;
using ::asinh; using ::atanh; using ::cosh; using ::sinh; using ::tanh; using ::exp; using ::exp2; using ::expm1;
using ::log; using ::log10; using ::log2; using ::log1p; using ::logb; using ::sqrt; using ::cbrt; using ::fabs;
using ::ceil; using ::floor; using ::round; using ::trunc; using ::rint; using ::nearbyint; using ::erf; using ::erfc;
using ::tgamma; using ::lgamma; using ::pow; using ::fmod; using ::remainder; using ::fmin; using ::fmax; using ::fdim;
using ::hypot; using ::copysign; using ::nextafter; using ::fma; using ::ldexp; using ::frexp; using ::modf;
using ::lround; using ::llround; using ::lrint; using ::ilogb; using ::scalbn; using ::nan;
#define __HLSIGHT_CMATH(name) \
    inline float name(float x) { return ::name##f(x); } inline long double name(long double x) { return ::name##l(x); }
#define __HLSIGHT_CMATH2(name)                                                      \
    inline float name(float x, float y) { return ::name##f(x, y); }               \
    inline long double name(long double x, long double y) { return ::name##l(x, y); }
__HLSIGHT_CMATH(acos) __HLSIGHT_CMATH(asin) __HLSIGHT_CMATH(atan) __HLSIGHT_CMATH(cos) __HLSIGHT_CMATH(sin)
__HLSIGHT_CMATH(tan) __HLSIGHT_CMATH(cosh) __HLSIGHT_CMATH(sinh) __HLSIGHT_CMATH(tanh) __HLSIGHT_CMATH(exp)
__HLSIGHT_CMATH(exp2) __HLSIGHT_CMATH(log) __HLSIGHT_CMATH(log10) __HLSIGHT_CMATH(log2) __HLSIGHT_CMATH(sqrt)
__HLSIGHT_CMATH(cbrt) __HLSIGHT_CMATH(fabs) __HLSIGHT_CMATH(ceil) __HLSIGHT_CMATH(floor) __HLSIGHT_CMATH(round)
__HLSIGHT_CMATH(trunc) __HLSIGHT_CMATH(erf)
__HLSIGHT_CMATH2(atan2) __HLSIGHT_CMATH2(pow) __HLSIGHT_CMATH2(fmod) __HLSIGHT_CMATH2(fmin) __HLSIGHT_CMATH2(fmax)
__HLSIGHT_CMATH2(hypot) __HLSIGHT_CMATH2(copysign)
#undef __HLSIGHT_CMATH
#undef __HLSIGHT_CMATH2
inline float abs(float x) { return __builtin_fabsf(x); }
inline double abs(double x) { return __builtin_fabs(x); }
inline long double abs(long double x) { return __builtin_fabsl(x); }
template <class T> constexpr bool isnan(T x) { return __builtin_isnan(x); }
template <class T> constexpr bool isinf(T x) { return __builtin_isinf(x); }
template <class T> constexpr bool isfinite(T x) { return __builtin_isfinite(x); }
template <class T> constexpr bool signbit(T x) { return __builtin_signbit(x); }
template <class T> class complex {
    T __re;
    T __im;
  public:
    typedef T value_type;
    constexpr complex(const T& re = T(), const T& im = T()) : __re(re), __im(im) {}
    template <class U> constexpr complex(const complex<U>& c) : __re(c.real()), __im(c.imag()) {}
    constexpr T real() const { return __re; }
    constexpr T imag() const { return __im; }
    constexpr void real(T v) { __re = v; }
    constexpr void imag(T v) { __im = v; }
    constexpr complex& operator+=(const complex& c) { __re += c.__re; __im += c.__im; return *this; }
    constexpr complex& operator-=(const complex& c) { __re -= c.__re; __im -= c.__im; return *this; }
    constexpr complex& operator*=(const complex& c) { T r = __re * c.__re - __im * c.__im; __im = __re * c.__im + __im * c.__re; __re = r; return *this; }
    constexpr complex& operator*=(const T& s) { __re *= s; __im *= s; return *this; }
    complex& operator/=(const complex& c);
};
template <class T> constexpr complex<T> operator+(const complex<T>& a, const complex<T>& b) { return complex<T>(a.real() + b.real(), a.imag() + b.imag()); }
template <class T> constexpr complex<T> operator-(const complex<T>& a, const complex<T>& b) { return complex<T>(a.real() - b.real(), a.imag() - b.imag()); }
template <class T> constexpr complex<T> operator*(const complex<T>& a, const complex<T>& b) { complex<T> r = a; r *= b; return r; }
template <class T> constexpr complex<T> operator*(const complex<T>& a, const T& s) { return complex<T>(a.real() * s, a.imag() * s); }
template <class T> constexpr complex<T> operator*(const T& s, const complex<T>& a) { return complex<T>(a.real() * s, a.imag() * s); }
template <class T> complex<T> operator/(const complex<T>& a, const complex<T>& b);
template <class T> constexpr complex<T> operator-(const complex<T>& a) { return complex<T>(-a.real(), -a.imag()); }
template <class T> constexpr bool operator==(const complex<T>& a, const complex<T>& b) { return a.real() == b.real() && a.imag() == b.imag(); }
template <class T> T abs(const complex<T>& c);
template <class T> T arg(const complex<T>& c);
template <class T> T norm(const complex<T>& c);
template <class T> constexpr complex<T> conj(const complex<T>& c) { return complex<T>(c.real(), -c.imag()); }
template <class T> complex<T> polar(const T& r, const T& theta = T());
template <class T> complex<T> exp(const complex<T>& c);
template <class T> complex<T> sqrt(const complex<T>& c);
template <class T> constexpr T real(const complex<T>& c) { return c.real(); }
template <class T> constexpr T imag(const complex<T>& c) { return c.imag(); }
template <class T> ostream& operator<<(ostream& os, const complex<T>& c);

// <random>
class random_device {
  public:
    typedef unsigned int result_type;
    random_device();
    explicit random_device(const string& token);
    unsigned int operator()();
    static constexpr unsigned int min() { return 0; }
    static constexpr unsigned int max() { return 0xffffffffu; }
    double entropy() const noexcept;
};
template <class U, size_t W, size_t N, size_t M, size_t R, U A, size_t Uu, U D, size_t S, U B, size_t T, U C, size_t L, U F>
class mersenne_twister_engine {
    U __state[N];
    size_t __index;
  public:
    typedef U result_type;
    static constexpr U default_seed = 5489u;
    explicit mersenne_twister_engine(U seed = default_seed);
    template <class Seq> explicit mersenne_twister_engine(Seq& seq);
    void seed(U value = default_seed);
    U operator()();
    void discard(unsigned long long z);
    static constexpr U min() { return 0; }
    static constexpr U max() { return W == 64 ? ~U(0) : (U(1) << W) - 1; }
};
typedef mersenne_twister_engine<uint_fast32_t, 32, 624, 397, 31, 0x9908b0dfUL, 11, 0xffffffffUL, 7, 0x9d2c5680UL, 15, 0xefc60000UL, 18, 1812433253UL> mt19937;
typedef mersenne_twister_engine<uint_fast64_t, 64, 312, 156, 31, 0xb5026f5aa96619e9ULL, 29, 0x5555555555555555ULL, 17, 0x71d67fffeda60000ULL, 37, 0xfff7eee000000000ULL, 43, 6364136223846793005ULL> mt19937_64;
template <class U, U A, U C, U M> class linear_congruential_engine {
    U __x;
  public:
    typedef U result_type;
    explicit linear_congruential_engine(U seed = 1u);
    void seed(U value = 1u);
    U operator()();
    static constexpr U min() { return C == 0u ? 1u : 0u; }
    static constexpr U max() { return M - 1u; }
};
typedef linear_congruential_engine<uint_fast32_t, 16807UL, 0UL, 2147483647UL> minstd_rand0;
typedef linear_congruential_engine<uint_fast32_t, 48271UL, 0UL, 2147483647UL> minstd_rand;
typedef minstd_rand0 default_random_engine;
class seed_seq {
  public:
    seed_seq();
    template <class T> seed_seq(initializer_list<T> l);
    template <class I> seed_seq(I first, I last);
};
template <class T = int> class uniform_int_distribution {
    T __a, __b;
  public:
    typedef T result_type;
    explicit uniform_int_distribution(T a = 0, T b = numeric_limits<T>::max()) : __a(a), __b(b) {}
    template <class G> T operator()(G& g);
    T a() const { return __a; }
    T b() const { return __b; }
};
template <class T = double> class uniform_real_distribution {
    T __a, __b;
  public:
    typedef T result_type;
    explicit uniform_real_distribution(T a = T(0), T b = T(1)) : __a(a), __b(b) {}
    template <class G> T operator()(G& g);
};
template <class T = double> class normal_distribution {
    T __mean, __stddev, __saved;
    bool __saved_available;
  public:
    typedef T result_type;
    explicit normal_distribution(T mean = T(0), T stddev = T(1)) : __mean(mean), __stddev(stddev), __saved(), __saved_available(false) {}
    template <class G> T operator()(G& g);
};
class bernoulli_distribution {
    double __p;
  public:
    typedef bool result_type;
    explicit bernoulli_distribution(double p = 0.5) : __p(p) {}
    template <class G> bool operator()(G& g);
};

// <atomic> <thread> <mutex> <condition_variable>
enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release, memory_order_acq_rel, memory_order_seq_cst };
template <class T> struct atomic {
    alignas(sizeof(T)) T __value;
    constexpr atomic() noexcept : __value() {}
    constexpr atomic(T v) noexcept : __value(v) {}
    atomic(const atomic&) = delete;
    T load(memory_order order = memory_order_seq_cst) const noexcept;
    void store(T v, memory_order order = memory_order_seq_cst) noexcept;
    T exchange(T v, memory_order order = memory_order_seq_cst) noexcept;
    bool compare_exchange_weak(T& expected, T desired, memory_order order = memory_order_seq_cst) noexcept;
    bool compare_exchange_strong(T& expected, T desired, memory_order order = memory_order_seq_cst) noexcept;
    T fetch_add(T v, memory_order order = memory_order_seq_cst) noexcept;
    T fetch_sub(T v, memory_order order = memory_order_seq_cst) noexcept;
    T fetch_and(T v, memory_order order = memory_order_seq_cst) noexcept;
    T fetch_or(T v, memory_order order = memory_order_seq_cst) noexcept;
    operator T() const noexcept;
    T operator=(T v) noexcept;
    T operator++() noexcept;
    T operator++(int) noexcept;
    T operator--() noexcept;
    T operator--(int) noexcept;
    T operator+=(T v) noexcept;
    T operator-=(T v) noexcept;
};
typedef atomic<bool> atomic_bool;
typedef atomic<int> atomic_int;
typedef atomic<unsigned> atomic_uint;
typedef atomic<long> atomic_long;
typedef atomic<size_t> atomic_size_t;
void atomic_thread_fence(memory_order order) noexcept;
class thread {
    unsigned long __id;
  public:
    class id {
        unsigned long __id;
      public:
        id() noexcept : __id(0) {}
    };
    thread() noexcept : __id(0) {}
    template <class F, class... A> explicit thread(F&& f, A&&... a);
    thread(thread&& t) noexcept;
    thread& operator=(thread&& t) noexcept;
    ~thread();
    bool joinable() const noexcept;
    void join();
    void detach();
    id get_id() const noexcept;
    static unsigned hardware_concurrency() noexcept;
};
namespace this_thread {
thread::id get_id() noexcept;
void yield() noexcept;
template <class R, class P> void sleep_for(const chrono::duration<R, P>& d);
}  // namespace this_thread
class mutex {
    alignas(8) unsigned char __storage[40];
  public:
    constexpr mutex() noexcept : __storage() {}
    mutex(const mutex&) = delete;
    void lock();
    bool try_lock();
    void unlock();
};
class recursive_mutex : public mutex {};
struct once_flag {  // libstdc++: one __gthread_once_t (an int)
    int __once;
    constexpr once_flag() noexcept : __once(0) {}
    once_flag(const once_flag&) = delete;
};
template <class F, class... A> void call_once(once_flag& flag, F&& f, A&&... a);
template <class M> class lock_guard {
    M& __m;
  public:
    typedef M mutex_type;
    explicit lock_guard(M& m) : __m(m) { m.lock(); }
    ~lock_guard() { __m.unlock(); }
    lock_guard(const lock_guard&) = delete;
};
template <class M> class unique_lock {
    M* __m;
    bool __owns;
  public:
    typedef M mutex_type;
    unique_lock() noexcept : __m(nullptr), __owns(false) {}
    explicit unique_lock(M& m) : __m(&m), __owns(true) { m.lock(); }
    ~unique_lock();
    void lock();
    void unlock();
    bool owns_lock() const noexcept { return __owns; }
};
template <class... M> class scoped_lock {
  public:
    explicit scoped_lock(M&... m);
    ~scoped_lock();
};
class condition_variable {
    alignas(8) unsigned char __storage[48];
  public:
    condition_variable();
    void notify_one() noexcept;
    void notify_all() noexcept;
    void wait(unique_lock<mutex>& lock);
    template <class P> void wait(unique_lock<mutex>& lock, P pred);
};
template <class T> class future {
    void* __state;
  public:
    future() noexcept : __state(nullptr) {}
    T get();
    bool valid() const noexcept;
    void wait() const;
};
enum class launch { async = 1, deferred = 2 };
template <class F, class... A> future<invoke_result_t<typename decay<F>::type, typename decay<A>::type...>> async(F&& f, A&&... a);
template <class F, class... A> future<invoke_result_t<typename decay<F>::type, typename decay<A>::type...>> async(launch policy, F&& f, A&&... a);

// <typeinfo> <typeindex>
class type_info {
  public:
    virtual ~type_info();
    const char* name() const noexcept;
    bool operator==(const type_info& o) const noexcept;
    bool operator!=(const type_info& o) const noexcept;
    size_t hash_code() const noexcept;
  protected:
    const char* __name;
};
class type_index {
    const type_info* __target;
  public:
    type_index(const type_info& info) noexcept : __target(&info) {}
    const char* name() const noexcept;
    size_t hash_code() const noexcept;
};
}  // namespace std

// <new>: the global allocation functions, with placement forms
void* operator new(std::size_t size);
void* operator new[](std::size_t size);
void* operator new(std::size_t size, const std::nothrow_t&) noexcept;
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept;
void* operator new(std::size_t size, std::align_val_t alignment);
void* operator new[](std::size_t size, std::align_val_t alignment);
inline void* operator new(std::size_t, void* place) noexcept { return place; }
inline void* operator new[](std::size_t, void* place) noexcept { return place; }
void operator delete(void* ptr) noexcept;
void operator delete[](void* ptr) noexcept;
void operator delete(void* ptr, std::size_t size) noexcept;
void operator delete[](void* ptr, std::size_t size) noexcept;
void operator delete(void* ptr, std::align_val_t alignment) noexcept;
void operator delete[](void* ptr, std::align_val_t alignment) noexcept;
inline void operator delete(void*, void*) noexcept {}
inline void operator delete[](void*, void*) noexcept {}
