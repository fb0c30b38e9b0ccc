"""i++ task functions (``ihc::launch``) and the specializations the report names.

The seed authors' HiFlipVX Sobel for the Stratix 10 MX (zaragoza hbm2/sobel-hiflipvx,
i++ 19.4) is a component, ``ImgSobelFunc``, that launches four task functions
joined by ``ihc::stream``: a DRAM reader, the filter and two DRAM writers.
loops.json lists each task under a ``Task:`` row, which hlsight read as no
kernel's loops: the tasks had "no global LSUs, loops or latency", and the
design was "at least 41.2 ns" (the component's own call) for a 3840 x 2160
image. The tasks are function templates, instantiated inside classes the
component declares (``vxDramRead<...> vxCopyDRAM_In0(&InputImg)``), which
the testbench walk does not follow; summary.json's function name mapping
names each task's specialization with its template arguments.

Hand counts from the source (link_OpenCLIntel.h, img_filter_core.h) at the
report's arguments VEC_NUM 8, WIDTH 3840, HEIGHT 2160, KERN_SIZE 3,
COALESCED 8:
- vxReadDram / vxWriteDram: ``i < WIDTH * HEIGHT / (VEC_NUM * COALESCED)`` =
  129,600, the inner ``j < COALESCED`` = 8;
- ImgSobelIntel (ComputeFilter2dFunc): ``y < IMG_ROWS + KERN_RAD`` = 2160 + 1,
  ``x < VEC_COLS + OHD_COLS`` = 3840 / 8 + (17 - 1) / 8 - 1 = 481
  (WIN_COLS = 2 * 1 + 8 + (8 - 1 % 8) % 8 = 17).
"""

from __future__ import annotations

import dataclasses

import pytest

from hlsight.analyzer.access.ipp_trips import component_loop_trips, signature_arguments
from hlsight.core.model import KernelKind, SourceFile
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_json

HIFLIPVX = CORPUS / "zaragoza" / "reports" / "hbm2" / "sobel-hiflipvx"
FMAX_HZ = 388.8e6  # the filter task's pre-fit clock: the design's slowest


def test_task_rows_are_kernels_with_their_loops() -> None:
    design = load_design(HIFLIPVX)
    kernels = {kernel.name: kernel for kernel in design.kernels}
    assert set(kernels) == {"ImgSobelFunc", "ImgSobelIntel", "vxReadDram", "vxWriteDram", "vxWriteDram_1"}
    assert all(kernel.kind is KernelKind.COMPONENT for kernel in kernels.values())
    reader = [(loop.name, loop.location.line if loop.location else None) for loop in kernels["vxReadDram"].all_loops()
              if not loop.fully_unrolled]
    assert reader == [("vxReadDram.B1.start", None), ("vxReadDram.B2", 26), ("vxReadDram.B5", 38)]  # one per call
    signature = kernels["vxWriteDram_1"].signature
    assert signature is not None and signature.startswith("void vxWriteDram<signed char, ")


@pytest.mark.parametrize(("signature", "expected"), [
    ("void vxReadDram<unsigned char, ihc::stream<vx_image_t<unsigned char, 8ul>, ihc::buffer<256> >&, stream_r_0,"
     " ihc::mm_master<vx_image_t<unsigned char, 8ul>, ihc::aspace<1>, ihc::awidth<32> >, (unsigned char)8,"
     " (unsigned short)3840, (unsigned short)2160, 8u>(ihc::mm_master<vx_image_t<unsigned char, 8ul> >*)",
     ("vxReadDram", [None, None, None, None, 8, 3840, 2160, 8])),
    ("void ImgSobelFunc<unsigned char, signed char, (unsigned char)8, (vx_border_e)49153>(int&)",
     ("ImgSobelFunc", [None, None, 8, 49153])),
    ("void f<-3, 2>()", ("f", [-3, 2])),
    ("void hls::detail::g<true, 4l>(float*)", ("g", [None, 4])),  # the template is found by its own name
    ("std::array<int, 4> h<2>()", ("h", [2])),  # a template return type is not the function's arguments
    ("int plain(int, int)", None),  # no template: nothing to bind
    ("void cut<1, 2", None),  # a truncated name binds nothing
])
def test_signature_arguments(signature: str, expected: tuple[str, list[int | None]] | None) -> None:
    assert signature_arguments(signature) == expected


def test_task_loops_are_counted_from_the_named_specializations() -> None:
    document = run_json("analyze", str(HIFLIPVX), "-v")
    notes = {diag["message"].split(":")[0]: diag["message"] for diag in document["diagnostics"]
             if diag["rule"] == "access-trip-count"}
    expected = {"ImgSobelIntel.B2": 2161, "ImgSobelIntel.B4": 481, "vxReadDram.B2": 129600, "vxReadDram.B5": 8,
                "vxWriteDram.B2": 129600, "vxWriteDram.B5": 8, "vxWriteDram_1.B2": 129600, "vxWriteDram_1.B5": 8}
    assert set(notes) == {f"loop {name}" for name in expected}
    for name, count in expected.items():
        assert f"trip count {count} from the source's template arguments (the specialization the report names" \
            in notes[f"loop {name}"]
    kernels = {kernel["name"]: kernel["estimate"]["seconds"] for kernel in document["kernels"]}
    # the reader moves one 8-pixel vector per cycle: 129,600 x 8 cycles at its 480 MHz pre-fit
    # clock would be 2.16 ms; the design runs at its slowest kernel's 388.8 MHz
    assert kernels["vxReadDram"] == pytest.approx(129600 * 8 / FMAX_HZ, rel=0.01)
    # tasks joined by streams run together: the design takes the slowest, the filter
    assert document["estimate"]["seconds"] == pytest.approx(max(kernels.values()), rel=1e-9)
    assert document["estimate"]["seconds"] == pytest.approx(kernels["ImgSobelIntel"], rel=1e-9)
    assert 2161 * 481 / FMAX_HZ < kernels["ImgSobelIntel"] < 2161 * (481 + 200) / FMAX_HZ


def test_the_report_and_the_testbench_agree_on_a_called_component() -> None:
    """The seed authors' DDR4 build calls its component from the testbench's
    main (``ImgSobel<uchar, schar, 8, 1920, 1080, 3, ...>``), which the
    testbench walk already followed: the specialization the report names
    gives the same counts (1081 x 241 for the filter's nest)."""
    design = load_design(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel")
    trips = component_loop_trips(design)
    assert trips.by_kernel["ImgSobel"] == trips.from_testbench
    assert trips.from_testbench[("img_filter_core.h", 1430)] == 1081
    assert trips.from_testbench[("img_filter_core.h", 1431)] == 241


def test_a_constant_whose_type_is_a_header_macro_counts_a_loop() -> None:
    """``DT const HALF = N / 2;`` with ``DT`` defined in a header: libclang
    gives no tokens for a declaration that starts with a macro, so the
    constant was not bound and the loop it bounds was not counted."""
    design = load_design(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel")
    component = ('#include "types.h"\ntemplate <int N> void ImgSobel(int *y) {\n  DT const HALF = N / 2;\n'
                 "  for (int i = 0; i < HALF; i++) { y[i] = 0; }\n}\n"
                 "int main() { int y[64]; ImgSobel<64>(y); return 0; }\n")
    sources = [SourceFile(path="k.cpp", name="k.cpp", content=component),
               SourceFile(path="types.h", name="types.h", content="#define DT int\n")]
    trips = component_loop_trips(dataclasses.replace(design, source_files=sources))
    assert trips.from_testbench == {("k.cpp", 4): 32}


def test_a_component_that_is_no_template_counts_its_literal_bounds() -> None:
    """A public i++ 18.1 component ``dout_t loop_pipeline(din_t A[N])`` with
    ``for (i = 0; i < 20; i++)``: only function templates were walked, and
    the loop's count was asked for although the source says 20. A plain
    component's literal and const bounds count (the sobel report's design,
    its sources replaced by such a component)."""
    design = load_design(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel")
    component = ("const int ROWS = 8;\nint ImgSobel(int *y) {\n  int acc = 0;\n"
                 "  for (int i = 0; i < 20; i++) { acc += y[i]; }\n"
                 "  for (int r = 0; r <= ROWS; r++) { acc -= y[r]; }\n  return acc;\n}\n")
    sources = [SourceFile(path="k.cpp", name="k.cpp", content=component)]
    trips = component_loop_trips(dataclasses.replace(design, source_files=sources))
    assert trips.plain == {"ImgSobel": {("k.cpp", 4): 20, ("k.cpp", 5): 9}}
    assert trips.trip("ImgSobel", "/build/k.cpp", 4) == (20, "the source", "the component's loop bounds")
