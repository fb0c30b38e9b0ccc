"""The stand-in C++ standard library of the SYCL front end (issue 10, cold start).

libclang used to read the machine's libstdc++ for every oneAPI source (about
2 s of the 5 s of ``hlsight analyze`` on kmers). The parse now reads only
``parsers/cxx/std_include`` (``-nostdinc``). What must hold:

* the parse reads no file of the machine: every included file is a stand-in
  or a file the report embeds;
* types a kernel may keep in memory have libstdc++'s sizes (checked against
  a program compiled with the machine's g++ and run);
* the access facts of every oneAPI report of the corpus are the ones the
  source analysis derived with the real headers (fixed in test_sycl_access);
* an include nothing provides is left out with one error line, and an
  include that climbs out of the stand-in folders is never read.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.parsers.cxx import sycl_headers
from hlsight.parsers.cxx.clang_frontend import STD_INCLUDE
from hlsight.parsers.cxx.sycl_headers import SYCL_INCLUDE, parse_sycl
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"

#: types a kernel may hold in device memory or pass by value, with a variable of each
TYPES = {
    "std::array<int, 5>": "a5",
    "std::array<double, 3>": "ad3",
    "std::pair<int, double>": "pid",
    "std::pair<char, short>": "pcs",
    "std::tuple<int, char, double>": "ticd",
    "std::complex<float>": "cf",
    "std::complex<double>": "cd",
    "std::bitset<100>": "b100",
    "std::bitset<8>": "b8",
    "std::vector<int>": "vi",
    "std::string": "s",
    "std::optional<int>": "oi",
    "std::size_t": "sz",
    "std::int64_t": "i64",
    "std::uint8_t": "u8",
    "std::chrono::milliseconds": "ms",
    "std::unique_ptr<int>": "up",
    "std::unique_ptr<int, void (*)(int*)>": "upd",
}

HEADERS = "#include <array>\n#include <bitset>\n#include <chrono>\n#include <complex>\n#include <cstdint>\n" \
          "#include <memory>\n#include <optional>\n#include <string>\n#include <tuple>\n#include <vector>\n"


def _gxx_sizes(work: Path) -> dict[str, tuple[int, int]]:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.fail("g++ is required to compare the stand-ins' sizes with libstdc++")
    lines = [f'    std::printf("%zu %zu\\n", sizeof({t}), alignof({t}));' for t in TYPES]
    program = HEADERS + "#include <cstdio>\nint main() {\n" + "\n".join(lines) + "\n    return 0;\n}\n"
    (work / "sizes.cpp").write_text(program)
    binary = work / "sizes"
    subprocess.run([gxx, "-std=c++17", "-o", str(binary), str(work / "sizes.cpp")], check=True)
    output = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout.split("\n")
    return {t: (int(line.split()[0]), int(line.split()[1])) for t, line in zip(TYPES, output, strict=False)}


def test_types_have_the_sizes_of_libstdcxx(tmp_path: Path) -> None:
    expected = _gxx_sizes(tmp_path)
    source = HEADERS + "".join(f"{t} {name};\n" for t, name in TYPES.items())
    unit = parse_sycl(tmp_path / "types.cpp", source)
    assert unit.errors == []
    found = {
        cursor.spelling: (cursor.type.get_size(), cursor.type.get_align())
        for cursor in unit.translation_unit.cursor.get_children()  # type: ignore[attr-defined]
        if cursor.spelling in TYPES.values()
    }
    assert {t: found[name] for t, name in TYPES.items()} == expected


def test_kmers_parse_reads_only_stand_ins_and_embedded_files() -> None:
    design = load_design(KMERS)
    embedded = {source.path: source.content for source in design.source_files if source.content}
    main = next(path for path in embedded if path.endswith("two_bit_v19_HBM_test_v12_medium_v9_half.cpp"))
    others = {path: text for path, text in embedded.items() if path != main}
    unit = parse_sycl(Path(main), embedded[main], others)
    included = {Path(str(inclusion.include)).resolve()  # type: ignore[attr-defined]
                for inclusion in unit.translation_unit.get_includes()}  # type: ignore[attr-defined]
    assert included  # <bits/stdc++.h>, <sycl/sycl.hpp>, the user's pipe_utils.hpp...
    outside = {
        path for path in included
        if not path.is_relative_to(STD_INCLUDE) and not path.is_relative_to(SYCL_INCLUDE)
        and str(path) not in others
    }
    assert outside == set()
    # no error left: line 517's `__declspec( align(64) )` (MSVC syntax icpx accepts) parses with -fdeclspec
    assert unit.errors == []


def test_metaprogramming_of_unrolled_loops_types_kernel_values(tmp_path: Path) -> None:
    """fpga_tools::UnrolledLoop (oneAPI samples, kmers' unrolled_loop.hpp)
    is built on make_integer_sequence and type traits; the loop body's value
    types must come out as written."""
    source = """
#include <type_traits>
#include <utility>
#include <limits>
#include <algorithm>
template <typename T, T... is, typename F> constexpr void Unrolled(std::integer_sequence<T, is...>, F&& f) {
  (f(std::integral_constant<T, is>()), ...);
}
template <std::size_t N, typename F> constexpr void UnrolledLoop(F&& f) { Unrolled(std::make_index_sequence<N>(), f); }
constexpr int kSize = std::max(4, 8);
static_assert(std::is_same_v<std::decay_t<const int&>, int>);
static_assert(std::numeric_limits<unsigned short>::max() == 65535);
static_assert(std::make_index_sequence<kSize>::size() == 8);
void kernel(int* out) { UnrolledLoop<kSize>([&](auto i) { out[i] = i; }); }
"""
    unit = parse_sycl(tmp_path / "unrolled.cpp", source)
    assert unit.errors == []


def test_include_nothing_provides_is_left_out_with_one_line(tmp_path: Path) -> None:
    source = '#include <vector>\n#include <tbb/parallel_for.h>\n#include "../../../../etc/passwd"\nint x;\n'
    unit = parse_sycl(tmp_path / "host.cpp", source)
    assert len(unit.errors) == 2
    assert "<tbb/parallel_for.h> is neither embedded in the report nor one of hlsight's stand-ins" in unit.errors[0]
    assert '"../../../../etc/passwd" is neither embedded' in unit.errors[1]
    included = [str(inclusion.include) for inclusion in unit.translation_unit.get_includes()]  # type: ignore[attr-defined]
    assert not any("passwd" in name or "tbb" in name for name in included)



def _record_parses(monkeypatch: pytest.MonkeyPatch, module: object) -> list[Path | None]:
    """The ``system_include`` of every parse_cxx call ``module`` makes."""
    seen: list[Path | None] = []
    real = module.parse_cxx  # type: ignore[attr-defined]

    def recording(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("system_include"))  # type: ignore[arg-type]
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "parse_cxx", recording)
    return seen


def test_hls_cxx_with_the_model_headers_reads_the_stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vitis quicksort (../shared/instrument): <hls_stream.h>, <ap_int.h>
    from hlsight's model, the C++ library from the stand-ins, one parse."""
    from hlsight.parsers.cxx import as_c
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    seen = _record_parses(monkeypatch, as_c)
    source = CORPUS.parent / "instrument" / "vitis2022.2.2_c2hlsc_quicksort" / "upstream" / "qs_fast.cpp"
    unit = parse_cxx_as_c(source)
    assert seen == [STD_INCLUDE]
    assert list(unit.functions()) == ["qs"]


def test_hls_cxx_beyond_the_stand_ins_is_parsed_with_the_system_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """std::valarray is not among the stand-ins: the source is parsed again
    against the machine's libstdc++ instead of being rejected."""
    from hlsight.parsers.cxx import as_c
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    seen = _record_parses(monkeypatch, as_c)
    source = tmp_path / "kernel.cpp"
    source.write_text("#include <valarray>\n#include <ap_int.h>\n"
                      "int top(int n) {\n  std::valarray<int> v(n);\n  int s = 0;\n"
                      "  for (int i = 0; i < 8; i++) s += v[i];\n  return s;\n}\n")
    unit = parse_cxx_as_c(source)
    assert seen == [STD_INCLUDE, None]
    assert "top" in unit.functions()


def test_sycl_source_beyond_the_stand_ins_is_parsed_with_the_system_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kernel using std::valarray (not a stand-in): the stand-in parse says
    so, the machine's libstdc++ parse has no error and is kept."""
    seen = _record_parses(monkeypatch, sycl_headers)
    source = ("#include <sycl/sycl.hpp>\n#include <valarray>\n"
              "void run(sycl::queue& q, int* out) {\n"
              "  q.single_task([=]() { std::valarray<int> v(4); out[0] = v.size(); });\n}\n")
    unit = parse_sycl(tmp_path / "k.cpp", source)
    assert seen == [STD_INCLUDE, None]
    assert unit.errors == []


def test_kmers_takes_one_stand_in_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """kmers parses once, with the stand-ins (its __declspec, which icpx accepts, is no error)."""
    seen = _record_parses(monkeypatch, sycl_headers)
    design = load_design(KMERS)
    embedded = {source.path: source.content for source in design.source_files if source.content}
    main = next(path for path in embedded if path.endswith("two_bit_v19_HBM_test_v12_medium_v9_half.cpp"))
    parse_sycl(Path(main), embedded[main], {path: text for path, text in embedded.items() if path != main})
    assert seen == [STD_INCLUDE]


def test_host_code_passing_lambdas_to_the_library_takes_one_stand_in_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lambdas handed to declared-only library templates (clang's end-of-unit
    'type does not have linkage' check on the stand-ins is not a gap), and the
    callable forms oneAPI hosts use: async with a policy, call_once, visit,
    bind, a comparator object, a deleter."""
    seen = _record_parses(monkeypatch, sycl_headers)
    source = """
#include <algorithm>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <variant>
#include <vector>
int host(std::vector<int>& v) {
  auto by_size = [](int a, int b) { return a < b; };
  std::sort(v.begin(), v.end(), by_size);
  std::for_each(v.begin(), v.end(), [](int& x) { x += 1; });
  std::function<int(int)> twice = [](int x) { return 2 * x; };
  auto answer = std::async(std::launch::async, [] { return 42; });
  std::once_flag once;
  std::call_once(once, [] {});
  std::variant<int, float> number = 1;
  int as_int = std::visit([](auto x) { return int(x); }, number);
  auto plus_one = std::bind([](int x, int y) { return x + y; }, 1, std::placeholders::_1);
  std::map<int, int, std::function<bool(int, int)>> ordered(by_size);
  std::unique_ptr<int, void (*)(int*)> owned(new int(1), [](int* p) { delete p; });
  return twice(1) + answer.get() + as_int + plus_one(2) + int(ordered.size()) + *owned;
}
"""
    unit = parse_sycl(tmp_path / "host.cpp", source)
    assert unit.errors == []
    assert seen == [STD_INCLUDE]


def test_sycl_built_ins_and_scalar_aliases(tmp_path: Path) -> None:
    """sycl::sqrt and friends take floating types (sqrt of an int stays
    ::sqrt(double) after `using namespace sycl`); `ulong` is DPC++'s alias."""
    source = """
#include <sycl/sycl.hpp>
using namespace sycl;
ulong ticks;
auto root_f = sycl::sqrt(2.0f);
auto root_i = sqrt(4);
auto low = sycl::min(3u, 5u);
auto lanes = sycl::fabs(float4{});
"""
    unit = parse_sycl(tmp_path / "math.cpp", source)
    assert unit.errors == []
    types = {cursor.spelling: cursor.type.get_canonical().spelling
             for cursor in unit.translation_unit.cursor.get_children()}  # type: ignore[attr-defined]
    assert (types["ticks"], types["root_f"], types["root_i"], types["low"]) == (
        "unsigned long", "float", "double", "unsigned int")
    assert types["lanes"].startswith("sycl::") and "vec<float, 4>" in types["lanes"]


def test_old_sycl_header_path_in_a_user_header_keeps_the_system_library_parse(tmp_path: Path) -> None:
    """<CL/sycl/intel/fpga_extensions.hpp> (beta releases) is a stand-in; the
    machine has no SYCL, so the libstdc++ parse must not look for it there."""
    header = "#include <CL/sycl.hpp>\n#include <CL/sycl/intel/fpga_extensions.hpp>\n" \
             "using Feed = cl::sycl::intel::pipe<class FeedId, int, 4>;\n"
    source = '#include "feed.hpp"\nvoid run(sycl::queue& q) { q.single_task([=]() { Feed::write(1); }); }\n'
    others = {str(tmp_path / "feed.hpp"): header}
    for system_library in (False, True):
        unit = sycl_headers._parse(tmp_path / "k.cpp", source, dict(others), system_library=system_library)
        assert unit.errors == [], system_library


def test_host_streaming_forms_parse_clean_and_type_the_kernel(tmp_path: Path) -> None:
    """USM host streaming: host_ptr in the kernel, sycl::pipe, a long8 payload
    compared lane-wise on the host, get_info<usm_host_allocations>() as bool,
    std::generate_n with a lambda."""
    source = """
#include <sycl/sycl.hpp>
#include <algorithm>
using namespace sycl;
using Lanes = long8;
using Feed = pipe<class FeedId, Lanes>;
class Copy;
void stream(queue& q, Lanes* in_ptr, std::size_t count) {
  q.single_task<Copy>([=]() {
    host_ptr<Lanes> in(in_ptr);
    for (std::size_t i = 0; i < count; i++) Feed::write(in[i]);
  });
}
bool check(queue& q, Lanes* a, Lanes* b, std::size_t n) {
  if (!q.get_device().get_info<info::device::usm_host_allocations>()) return false;
  std::generate_n(a, n, [] { return Lanes(1); });
  auto same = a[0] == b[0];
  return same.size() == 8 && same[0] != 0;
}
"""
    unit = parse_sycl(tmp_path / "stream.cpp", source)
    assert unit.errors == []
    (kernel,) = find_kernels(unit.translation_unit, str(tmp_path / "stream.cpp"))
    sites = walk_kernel(kernel, "Copy", source.splitlines()).sites
    assert [(site.kind, site.index_text, site.element.bytes) for site in sites] == [("load", "i", 64)]
