"""Which report module a C++ template instance is (``parsers/vivado/names``).

Vivado/Vitis HLS print a class template argument of an instance either
bare or with every argument (defaults after the written ones): one public
hls4ml report (Vivado HLS 2019.2, ChiRuiChen/Face_detection_HLS) names
``conv_2d_cl_me<ap_fixed<16, 4>, ap_fixed<16, 4>, config2>``
``conv_2d_cl_me_ap_fixed_ap_fixed_16_4_5_3_0_config2_s`` and its
``zeropad2d_cl_me`` instance ``..._ap_fixed_ap_fixed_config20_s``; the
corpus's Vitis 2023.1 hls4ml design prints ``nnet::array<ap_fixed<16, 6>,
32>`` as ``array_ap_fixed_32u`` or as ``array``. Checked against every module
name of that corpus report, so a rule that takes a wrong module, or two,
fails here."""

from __future__ import annotations

import pytest

from hlsight.parsers.loader import ReadOptions, load_design
from hlsight.parsers.vivado.names import cxx_module_abbreviates, instance_modules
from tests.conftest import SHARED

PULSE = SHARED / "corpus" / "vivado" / "vitis2023.1_hls4ml_pulse_dataflow"

#: instances as clang names them (the design's typedefs resolved), and the one module each is
INSTANCES = [
    ("nnet::relu<nnet::array<ap_fixed<16, 6>, 32>, nnet::array<ap_ufixed<6, 0, AP_RND_CONV, AP_SAT>, 32>,"
     " relu_config14>", "relu_array_ap_fixed_32u_array_ap_ufixed_6_0_4_0_0_32u_relu_config14_s"),
    ("nnet::relu<nnet::array<ap_fixed<16, 6>, 64>, nnet::array<ap_ufixed<6, 0, AP_RND_CONV, AP_SAT>, 64>,"
     " relu_config10>", "relu_array_ap_fixed_64u_array_ap_ufixed_6_0_4_0_0_64u_relu_config10_s"),
    ("nnet::conv_1d_cl<nnet::array<ap_ufixed<6, 0, AP_RND_CONV, AP_SAT>, 32>, nnet::array<ap_fixed<22, 11>, 32>,"
     " config5>", "conv_1d_cl_array_array_ap_fixed_22_11_5_3_0_32u_config5_s"),
    ("nnet::zeropad1d_cl<nnet::array<ap_fixed<16, 6>, 1>, nnet::array<ap_fixed<16, 6>, 1>, config18>",
     "zeropad1d_cl_array_ap_fixed_1u_array_ap_fixed_16_6_5_3_0_1u_config18_s"),
]


@pytest.mark.parametrize(("instance", "module"), INSTANCES)
def test_each_instance_names_exactly_its_module_of_a_real_report(instance: str, module: str) -> None:
    design = load_design(str(PULSE), ReadOptions(read_rtl=False))
    # the modules with a report of their own and those the top's instance table names
    names = list(dict.fromkeys([*(kernel.name for kernel in design.kernels),
                                *(instance.module for kernel in design.kernels for instance in kernel.instances)]))
    assert module in names
    assert instance_modules(names, instance) == [module]


def test_an_argument_printed_bare_or_in_full_matches_and_another_does_not() -> None:
    instance = "nnet::conv_2d_cl_me<ap_fixed<16, 4>, ap_fixed<16, 4>, config2>"
    assert cxx_module_abbreviates("conv_2d_cl_me_ap_fixed_ap_fixed_16_4_5_3_0_config2_s", instance)
    assert cxx_module_abbreviates("conv_2d_cl_me_ap_fixed_ap_fixed_config2_s", instance)
    assert not cxx_module_abbreviates("conv_2d_cl_me_ap_fixed_ap_fixed_16_4_5_3_0_config12_s", instance)
    assert not cxx_module_abbreviates("conv_2d_cl_me_ap_fixed_ap_fixed_8_3_5_3_0_config2_s", instance)


def test_a_module_named_by_the_template_alone_is_the_last_resort() -> None:
    """Vivado HLS 2019.2 named one of two pooling instances by the template
    alone; it is taken only where nothing names the instance otherwise."""
    modules = ["pooling2d_large_cl_nopad_pad_me", "pooling2d_large_cl_nopad_pad_me_ap_fixed_ap_fixed_config8_s"]
    assert instance_modules(modules, "pooling2d_large_cl_nopad_pad_me<ap_fixed<16, 4>, ap_fixed<16, 4>, config8>") \
        == ["pooling2d_large_cl_nopad_pad_me_ap_fixed_ap_fixed_config8_s"]
    assert instance_modules(modules, "pooling2d_large_cl_nopad_pad_me<ap_fixed<16, 4>, ap_fixed<16, 4>, config15>") \
        == ["pooling2d_large_cl_nopad_pad_me"]
