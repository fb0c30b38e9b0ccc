"""Port widths the interface table gives. ap_bus ports (Vivado HLS): the data moves on ``<x>_datain`` and
``<x>_dataout``; ``<x>_req_din`` is the 1-bit request line.

Found on a public Vivado HLS 2018.3 accelerator whose three pointers are
ap_bus (skalogerakis/Reconfigurable_Computing_High_Level_Synthesis, not in
the corpus): each read as a 1-bit output, its ``_req_din`` taken for data;
and the headline said the schedule timed "its ap_memory, AXI-lite and
stream ports", none of which it has. The rows below are that report's
interface table for ``data0``.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.boards import board_profile
from hlsight.core.model import Design, Kernel, KernelKind, Product, ToolInfo, Vendor
from hlsight.parsers.vivado.assemble import interfaces_from_ports
from hlsight.parsers.vivado.module_report import RtlPort

ROWS = [("data0_req_din", "out", 1), ("data0_req_full_n", "in", 1), ("data0_req_write", "out", 1),
        ("data0_rsp_empty_n", "in", 1), ("data0_rsp_read", "out", 1), ("data0_address", "out", 32),
        ("data0_datain", "in", 32), ("data0_dataout", "out", 32), ("data0_size", "out", 32)]


def _ports() -> list[RtlPort]:
    control = [RtlPort(name, "myFuncAccel", "ap_ctrl_hs", "in", 1, "return value") for name in ("ap_clk", "ap_rst")]
    return [*control, *(RtlPort(name, "data0", "ap_bus", direction, bits, "pointer") for name, direction, bits in ROWS)]


def test_an_ap_bus_pointer_is_as_wide_as_its_data_ports() -> None:
    (bus,) = [interface for interface in interfaces_from_ports(_ports()) if interface.protocol == "ap_bus"]
    assert (bus.name, bus.width_bits, bus.direction) == ("data0", 32, None)  # reads and writes


def test_the_headline_names_the_ports_the_schedule_times() -> None:
    top = Kernel(name="myFuncAccel", kind=KernelKind.FUNCTION, is_top=True, interfaces=interfaces_from_ports(_ports()))
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2018.3"), root=Path("."), kernels=[top])
    choice = board_profile(design)
    assert choice.why == "no DRAM profile: no m_axi port (the schedule times its ap_bus ports)"
    assert not choice.known


#: a public Vivado HLS 2019.1 AXI-stream top's table (sampp098/DLU, not in the corpus): each field of its
#: ``ap_axis`` struct a C object, TVALID/TREADY under the TDEST field
AXIS_ROWS = [("inStream_TDATA", "in", 32, "inStream_V_data_V"), ("inStream_TVALID", "in", 1, "inStream_V_dest_V"),
             ("inStream_TREADY", "out", 1, "inStream_V_dest_V"), ("inStream_TDEST", "in", 6, "inStream_V_dest_V"),
             ("inStream_TKEEP", "in", 4, "inStream_V_keep_V"), ("inStream_TSTRB", "in", 4, "inStream_V_strb_V"),
             ("inStream_TUSER", "in", 2, "inStream_V_user_V"), ("inStream_TLAST", "in", 1, "inStream_V_last_V"),
             ("inStream_TID", "in", 5, "inStream_V_id_V")]


def test_axi_stream_side_channels_are_as_wide_as_their_one_port() -> None:
    """Listed with no width before (public 2019.1 and 2024.2 reports)."""
    ports = [RtlPort(name, field, "axis", direction, bits, "pointer") for name, direction, bits, field in AXIS_ROWS]
    widths = {interface.name: (interface.width_bits, interface.direction) for interface in interfaces_from_ports(ports)}
    assert widths == {"inStream_V_data_V": (32, "in"), "inStream_V_dest_V": (6, "in"), "inStream_V_keep_V": (4, "in"),
                      "inStream_V_strb_V": (4, "in"), "inStream_V_user_V": (2, "in"), "inStream_V_last_V": (1, "in"),
                      "inStream_V_id_V": (5, "in")}
