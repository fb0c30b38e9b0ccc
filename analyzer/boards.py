"""Which external memory a design's board has: the report's board/BSP and
part -> a built-in memory profile (``analyzer/profiles/*.toml``, each with its
datasheet / JEDEC provenance).

aoc and oneAPI reports name the board package and board variant
(``s10_ref:s10gx``, ``intel_a10gx_pac:pac_a10``, ``de10_nano:...``); Vivado
and Vitis reports name the part only (``xcu280-...``, ``xc7z020-...``). A
board that matches no rule says so: the estimate then uses a stated
fallback and asks for ``--memory``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.core.model import Design, MemoryKind, Product, Vendor
from hlsight.core.units import name_list
from hlsight.parsers.intel.info import avalon_component


@dataclass(frozen=True)
class BoardRule:
    """Substrings of ``part board family`` (lower case) -> profile."""

    patterns: tuple[str, ...]
    profile: str
    board: str
    vendor: Vendor
    hbm_profile: str | None = None  # when the report's global memory is HBM


BOARD_RULES: tuple[BoardRule, ...] = (
    # The 520N-MX's board variants (p520_hpc_m210h_g3x16, p520_max_m210h_g3x16) also
    # start with p520: matched before the 520N, whose DDR4 this card does not have.
    # Both variants expose HBM0..HBM31 (aoc -list-boards in gt-crnch-rg/read-the-docs
    # docs/reconfig/intel/oneapi-fpga-crnch-workflow.rst @83b5dc5c): the dev kit's 32
    # pseudo-channels; the card's HBM clock is in no public source found.
    BoardRule(
        ("m210h", "520nmx", "520n_mx", "520n-mx"), "hbm2-s10mx",
        "Bittware 520N-MX (Stratix 10 MX HBM2: 32 pseudo-channels as its BSP lists; HBM clock assumed"
        " as the MX dev kit's)", Vendor.INTEL,
    ),
    # Agilex 7 (no Agilex report in hlsight's corpus; the names are the BSPs' own, see
    # docs/model.md "Board -> memory profile"): the Terasic BSP "de10_agilex" with its
    # variant B2E2_8GBx4, and the OFS oneAPI ASP of the N6001 ("ofs_n6001_shim" or
    # "n6001" : ofs_n6001[_usm][_iopipes]).
    BoardRule(
        ("de10_agilex", "de10-agilex", "b2e2_8gbx4"), "ddr4-2666-de10agilex",
        "Terasic DE10-Agilex (Agilex 7, 4 DDR4 banks)", Vendor.INTEL,
    ),
    BoardRule(
        ("n6001",), "ddr4-2400-n6001", "Intel FPGA SmartNIC N6001-PL (Agilex 7, 4 DDR4 x32 banks)", Vendor.INTEL,
    ),
    BoardRule(("s10mx",), "hbm2-s10mx", "Intel Stratix 10 MX dev kit (HBM2)", Vendor.INTEL),
    BoardRule(("p520", "520n", "nalla"), "ddr4-2400-520n", "Bittware/Nallatech 520N", Vendor.INTEL),
    BoardRule(("pac_a10", "a10gx_pac"), "ddr4-2133-a10pac", "Intel PAC with Arria 10 GX", Vendor.INTEL),
    # the D5005's BSP board name (aoc -board=pac_s10_dc); its part is a Stratix 10 SX 2800
    BoardRule(("pac_s10", "d5005"), "ddr4-2400-d5005", "Intel FPGA PAC D5005 (Stratix 10 SX)", Vendor.INTEL),
    BoardRule(("s10gx", "s10_ref"), "ddr4-1866", "Intel Stratix 10 GX dev kit", Vendor.INTEL, "hbm2-s10mx"),
    BoardRule(("a10_ref", "a10gx"), "ddr4-2133-a10gx", "Intel Arria 10 GX dev kit", Vendor.INTEL),
    BoardRule(("de5net", "de5-net"), "ddr3-1600-de5net", "Terasic DE5-Net", Vendor.INTEL),
    BoardRule(
        ("c5soc", "de10_nano", "de10-nano", "de1soc", "5csx", "5cse", "5csea"),
        "ddr3-800-c5soc", "Cyclone V SoC (c5soc / DE1-SoC / DE10-Nano)", Vendor.INTEL,
    ),
    BoardRule(("u280", "xcu280"), "ddr4-u280", "Xilinx Alveo U280", Vendor.XILINX, "hbm2-u280"),
    BoardRule(("u55c", "xcu55c"), "hbm2-u280", "Xilinx Alveo U55C (HBM2, as the U280's)", Vendor.XILINX, "hbm2-u280"),
    BoardRule(("xcu50",), "hbm2-u280", "Xilinx Alveo U50 (HBM2, as the U280's)", Vendor.XILINX, "hbm2-u280"),
    BoardRule(
        ("xcu200", "xcu250"), "ddr4-u250", "Xilinx Alveo U200/U250 (4 DDR4-2400 channels)", Vendor.XILINX,
    ),
    # the AWS EC2 F1 card's VU9P (the F1 HDK's part; a VCU118 dev kit's VU9P is xcvu9p-flga2104)
    BoardRule(
        ("xcvu9p-flgb2104",), "ddr4-2133-f1",
        "AWS EC2 F1, whose VU9P this part is (another card with it: --memory)", Vendor.XILINX,
    ),
    BoardRule(("ku060", "ku3", "xcku060"), "ddr3-1333-ku3", "Alpha Data ADM-PCIE-KU3", Vendor.XILINX),
    BoardRule(("7v3", "xc7vx690t"), "ddr3-1333-7v3", "Alpha Data ADM-PCIE-7V3", Vendor.XILINX),
    BoardRule(("xc7z",), "ddr3-1066-zynq", "Zynq-7000 (PS DDR3)", Vendor.XILINX),
    # Zynq UltraScale+ MPSoC parts and the Kria SOMs (xck26 on the KV260/KR260): a public KV260
    # design was given the 7V3's DDR3 PCIe card
    BoardRule(("xczu", "xck26", "xck24"), "ddr4-2400-zynqmp", "Zynq UltraScale+ MPSoC (PS DDR4)", Vendor.XILINX),
)

#: How the reason starts when no DRAM profile applies (reporters print it as it is).
NO_PROFILE = "no DRAM profile"

#: When no rule matches: the profile the estimate falls back to, per vendor.
FALLBACK = {Vendor.INTEL: "ddr4-1866", Vendor.XILINX: "ddr3-1333-7v3"}


@dataclass(frozen=True)
class BoardChoice:
    profile: str
    why: str
    known: bool


def board_profile(design: Design) -> BoardChoice:
    """The profile for ``design``'s board, and why (shown with the estimate)."""
    target = " ".join(filter(None, (design.device.part, design.device.board, design.device.family))).lower()
    if without_board_memory(design):
        name = FALLBACK[Vendor.INTEL]
        if avalon_component(design.tool, design.device):
            hosts = any(memory.kind is MemoryKind.HOST for memory in design.memory_systems)
            reach = ("; its Avalon host interfaces reach memory the report does not describe (their pipelined LSUs'"
                     " commands are counted, one a cycle; the memory behind them is not timed)" if hosts
                     else " or an Avalon host interface: no memory outside the component to time")
            if design.tool.product is Product.IPP:
                return BoardChoice(name, (
                    f"{NO_PROFILE}: i++ component ({target or 'no part in the report'}) without board memory{reach}"),
                    False)
            named = ", ".join(filter(None, (design.device.family, design.device.part)))
            return BoardChoice(name, (
                f"{NO_PROFILE}: oneAPI IP component, built for a device ({named}) and not a board (the"
                f" IP-authoring flow){reach}"), False)
        return BoardChoice(name, (
            f"{NO_PROFILE}: the kernels' global memory is the host's ({target or 'no part in the report'}; a USM/SVM"
            " BSP's \"host\", reached over PCIe), which the DRAM model does not time"
        ), False)
    if reaches_no_dram(design):
        return BoardChoice(FALLBACK[Vendor.XILINX], (
            f"{NO_PROFILE}: no m_axi port (the schedule times its {_port_kinds(design)} ports)"), False)
    hbm = any(memory.kind is MemoryKind.HBM for memory in design.memory_systems if memory.is_global)
    for rule in BOARD_RULES:
        if rule.vendor is not design.tool.vendor and design.tool.vendor in FALLBACK:
            continue
        if any(pattern in target for pattern in rule.patterns):
            name = rule.hbm_profile if hbm and rule.hbm_profile else rule.profile
            why = f"memory profile {name} for the board {rule.board} ({target})"
            if not hbm and rule.hbm_profile not in (None, rule.profile) and design.tool.vendor is Vendor.XILINX:
                # a Vitis kernel's ports go where v++ links them, which no HLS report says (a public U280
                # build's run used HBM[0] only): the choice is said where the number is read
                why += (f": the card has DDR4 and HBM2 and the HLS report does not say which memory v++ links"
                        f" the m_axi ports to ([connectivity] sp=): DDR4 assumed; --memory {rule.hbm_profile}"
                        " for HBM")
            return BoardChoice(name, why, True)
    fallback = "hbm2-s10mx" if hbm and design.tool.vendor is not Vendor.XILINX else None
    if hbm and design.tool.vendor is Vendor.XILINX:
        fallback = "hbm2-u280"
    name = fallback or FALLBACK.get(design.tool.vendor, "ddr4-1866")
    if family_only(design):
        return BoardChoice(name, (
            f"unknown board: the report names the device family only ({design.device.family}"
            f"{', ' + design.device.part if design.device.part else ''}), as a family-only target"
            " (-Xstarget=Agilex7) or an aoc command without -board gives: memory profile"
            f" {name} assumed; pass --memory (see 'hlsight memory list')"
        ), False)
    shown = target or "no board or part in the report"
    return BoardChoice(name, f"unknown board ({shown}): memory profile {name} assumed; pass --memory", False)


def board_rule(design: Design) -> BoardRule | None:
    """The rule that names ``design``'s board, as :func:`board_profile` finds it."""
    target = " ".join(filter(None, (design.device.part, design.device.board, design.device.family))).lower()
    for rule in BOARD_RULES:
        if rule.vendor is not design.tool.vendor and design.tool.vendor in FALLBACK:
            continue
        if any(pattern in target for pattern in rule.patterns):
            return rule
    return None


def family_only(design: Design) -> bool:
    """An aoc/oneAPI report with a device family but no board: a family
    target (oneAPI ``-Xstarget=Agilex7``, the IP-authoring, simulator and
    report flows) or a pre-17 report whose command named no board. Any
    board of that family could be meant, so none of their memories is
    picked: the headline says the board is unknown and asks for
    ``--memory``, as for a board no rule knows."""
    return (design.tool.product in (Product.AOC, Product.ONEAPI) and not design.device.board
            and bool(design.device.family))


def with_assumed(why: str, profile: MemoryProfile) -> str:
    """``why`` with what the profile assumes (``[provenance] assumed``), so
    the ``using:`` line of analyze and whatif shows a figure carried from
    another board as assumed, not only ``hlsight memory show``."""
    return f"{why}; assumed: {profile.assumed}" if profile.assumed else why


def without_board_memory(design: Design) -> bool:
    """No board DRAM is reached: an i++ component whose global memories are
    all its Avalon host interfaces ("System Memory"; the memory they reach
    is the surrounding system's, which no report names), or an aoc/oneAPI
    design whose global memories are all a USM/SVM BSP's "host" (the host's
    DRAM over PCIe). A board profile would be a guess, and ``--memory``
    would change nothing: said in the headline instead of "unknown board"."""
    board = [memory for memory in design.memory_systems if memory.is_global and memory.kind is not MemoryKind.HOST]
    if design.tool.product is Product.IPP:
        return not board
    return not board and any(memory.is_global for memory in design.memory_systems)


#: how the headline names the port protocols a schedule times, in this order
_PORT_KINDS = {"ap_memory": "ap_memory", "bram": "BRAM", "ap_bus": "ap_bus", "ap_fifo": "ap_fifo",
               "axis": "AXI-stream", "s_axilite": "AXI-lite", "s_axi": "AXI-lite"}
#: scalar port protocols, named where a top has no other data port (a public Vitis 2020.2 256-bit
#: adder has only ap_none ones, and was told of ap_memory, AXI-lite and stream ports)
_SCALAR_KINDS = {"ap_none": "ap_none", "ap_vld": "ap_vld", "ap_ack": "ap_ack", "ap_hs": "ap_hs", "ap_ovld": "ap_ovld"}


def _port_kinds(design: Design) -> str:
    """The top functions' port protocols, named (a public 2018.3 design whose
    data moves over ap_bus was told its ap_memory, AXI-lite and stream ports
    were timed); the old generic list when the report names none of them."""
    protocols = {interface.protocol for kernel in design.top_kernels() for interface in kernel.interfaces}
    kinds = list(dict.fromkeys(name for protocol, name in _PORT_KINDS.items() if protocol in protocols))
    scalars = [name for protocol, name in _SCALAR_KINDS.items() if protocol in protocols]
    if not kinds and scalars:
        return f"scalar {name_list(scalars)}"
    return name_list(kinds) if kinds else "ap_memory, AXI-lite and stream"


def reaches_no_dram(design: Design) -> bool:
    """A Vivado/Vitis design without an m_axi port reaches no DRAM: a board
    profile named beside its number would read as if it timed something (a
    public 2018.2 dot product; text said "no DRAM model", HTML and JSON an
    "unknown board ... assumed")."""
    ports = [interface for kernel in design.kernels for interface in kernel.interfaces]
    # no port read at all (a report without the interface table) decides nothing
    return design.tool.vendor is Vendor.XILINX and bool(ports) and not any(port.is_axi_master for port in ports)
