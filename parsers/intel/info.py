"""Producing tool, version and target device of an aoc/oneAPI/i++ report.

Two shapes (aoc-report-formats.md 1.3): the 17.1.1-19.4 row table
``{"rows":[{"name":"AOC Version","data":["18.1.0 Build 222"]},...]}`` (i++
says ``i++ Version`` and ``Target Family, Device``), and the 20.4+
``{"compileInfo":{"nodes":[{"version":..,"product":"OPENCL"|"SYCL"|"HLS",..}]}}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hlsight.core.model import Device, Product, ToolInfo, Vendor

_VERSION = re.compile(r"(\d+(?:\.\d+)*)")


@dataclass(frozen=True)
class ReportInfo:
    tool: ToolInfo
    device: Device
    project: str = ""


def normalize_version(raw: str) -> str:
    """``"19.4.0 Build 64"`` -> ``"19.4.0"``; ``"2023.0.0 Build a5..."`` ->
    ``"2023.0.0"``."""
    match = _VERSION.search(raw)
    return match.group(1) if match else raw.strip()


def parse_target(text: str) -> Device:
    """``"Stratix 10, 1SG280LU3F50E1VGS1, s10_ref:s10gx"`` -> family, part, board.
    i++ omits the board (``"Stratix10, 1SG280LU3F50I2VG"``)."""
    parts = [part.strip() for part in text.split(",")]
    return Device(
        family=parts[0] or None if parts else None,
        part=parts[1] or None if len(parts) > 1 else None,
        board=", ".join(parts[2:]) or None if len(parts) > 2 else None,
    )


def ip_authoring(tool: ToolInfo, device: Device) -> bool:
    """A oneAPI build for a device family or part, not a board: the IP-authoring
    flow, which the oneAPI programming guide (2023.2, "FPGA IP Authoring Flow")
    selects "by targeting your compilation to a supported Intel FPGA device
    family or part number instead of a specific acceleration platform"
    (``-Xstarget=Agilex7``). Its kernels are IP components whose pointer
    arguments are Avalon memory-mapped host interfaces to whatever memory the
    system around them connects, as an i++ component's are: no board memory
    is reached, so none may be timed (a public 2025.0 Dijkstra IP was told to
    widen a 1 B store 15x for the Stratix 10 dev kit's DDR4)."""
    return tool.product is Product.ONEAPI and bool(device.family) and not device.board


def avalon_component(tool: ToolInfo, device: Device) -> bool:
    """An i++ component or a oneAPI IP-authoring build (:func:`ip_authoring`):
    a kernel whose global memory is reached through Avalon host interfaces
    into a system no report describes, not through a board's banks."""
    return tool.product is Product.IPP or ip_authoring(tool, device)


def _rows(info: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for row in info.get("rows") or []:
        if isinstance(row, dict):
            data = row.get("data")
            value = data[0] if isinstance(data, list) and data else ""
            out[str(row.get("name"))] = str(value)
    return out


#: ``compileInfo``'s ``product``: "OPENCL" (aoc), "SYCL" (oneAPI), "HLS" (i++ 20.x)
_PRODUCTS = {"SYCL": Product.ONEAPI, "HLS": Product.IPP, "OPENCL": Product.AOC}


def read_info(info: Any, fallback_version: str = "") -> ReportInfo | None:
    """Tool and device, or ``None`` when ``info`` has neither known shape."""
    if not isinstance(info, dict):
        return None
    nodes = (info.get("compileInfo") or {}).get("nodes") if isinstance(info.get("compileInfo"), dict) else None
    if isinstance(nodes, list) and nodes and isinstance(nodes[0], dict):
        node = nodes[0]
        raw = str(node.get("version", ""))
        # i++ 20.x writes "HLS" (a public i++ 20.4 atax was read as an OpenCL kernel: host memory over
        # PCIe, an OpenCL launch cost, its .c refused as C++)
        product = _PRODUCTS.get(str(node.get("product", "")).upper(), Product.AOC)
        return ReportInfo(
            tool=ToolInfo(Vendor.INTEL, product, normalize_version(raw), raw,
                          quartus_version=str(node.get("quartus") or "") or None,
                          command=str(node["command"]) if node.get("command") else None),
            device=parse_target(str(node.get("family", ""))),
            project=str(node.get("name", "")),
        )
    rows = _rows(info)
    if not rows:
        return None
    product = Product.AOC
    raw = rows.get("AOC Version", "")
    if "i++ Version" in rows:
        product, raw = Product.IPP, rows["i++ Version"]
    if not raw:
        raw = fallback_version
    target = rows.get("Target Family, Device, Board", rows.get("Target Family, Device", ""))
    return ReportInfo(
        tool=ToolInfo(Vendor.INTEL, product, normalize_version(raw), raw,
                      quartus_version=rows.get("Quartus Version") or None,
                      command=rows.get("Command") or None),
        device=parse_target(target),
        project=rows.get("Project Name", "").lstrip("./"),
    )
