"""HLScope+ section IV in the instrumented program: DRAM terms of ``memcpy``
transfers over m_axi ports.

Each ``memcpy`` whose source or destination is an m_axi pointer adds
``t_MEM = DSIZE/DBW + DLAT`` cycles (eq. 7) with ``DSIZE`` the run-time size
argument and ``DBW = min(DBW_P, DBW_C, DBW_B)`` (eqs. 8-11; the physical and
controller terms come from the memory profile through
:mod:`hlsight.analyzer.hlscope_model`, the bus term from the port width in the report
and the report's clock). The data term also accumulates as bus occupancy
``t_BO`` (eq. 13), summed up the block tree (eq. 15); a group of parallel
calls lasts ``max(max t_c, t_BO)`` (eq. 16).

m_axi pointers are the parameters named by ``#pragma HLS interface m_axi
port=...`` (width from the report interface of their bundle, default bundle
``gmem``) or listed as m_axi by the module's report, and the parameters of
instrumented callees that receive such a pointer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

from hlsight.analyzer.access.axi_ports import all_nodes, axi_pragma_ports, pointer_root
from hlsight.analyzer.instrument.codegen import MemoryConstants
from hlsight.analyzer.instrument.plan import Plan
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel

if TYPE_CHECKING:  # a profile is loaded only with --memory: pass 2 without it reads no TOML (cold start)
    from hlsight.analyzer.memory_profiles import MemoryProfile

DEFAULT_PORT_BITS = 32


def memory_constants(profile: MemoryProfile, clock_ns: float) -> MemoryConstants:
    """Per-cycle constants of eqs. 7-10 at the report's clock (consecutive
    bursts: memcpy transfers are consecutive by construction)."""
    # the section IV model is sympy: imported only with --memory (a cold instrument need not pay for sympy)
    from hlsight.analyzer.hlscope_model import dbw_c, dbw_p, dlat

    cycle_s = clock_ns * 1e-9
    physical = float(dbw_p(profile, 4, 1))  # consecutive branch of eq. 10 (stride 1)
    return MemoryConstants(
        name=profile.name,
        dbw_p_bytes_per_cycle=physical * cycle_s,
        dbw_c_read_bytes_per_cycle=dbw_c(profile, write=False) * cycle_s,
        dbw_c_write_bytes_per_cycle=dbw_c(profile, write=True) * cycle_s,
        dlat_read_cycles=math.ceil(dlat(profile, write=False) / cycle_s - 1e-9),
        dlat_write_cycles=math.ceil(dlat(profile, write=True) / cycle_s - 1e-9),
    )


@dataclass(frozen=True)
class Transfer:
    """One instrumented ``memcpy``: ``call`` node, direction and port width."""

    call: c_ast.FuncCall
    function: str
    is_write: bool
    port_bits: int


def _pragma_ports(pragmas: list[str]) -> dict[str, str]:
    """``port -> bundle`` of ``#pragma HLS interface m_axi port=X bundle=B``
    (Vivado's default bundle ``gmem`` when none is named)."""
    return {port: bundle or "gmem" for port, bundle in axi_pragma_ports(pragmas).items()}


def _report_width(kernel: Kernel, port: str, bundle: str | None) -> int | None:
    for interface in kernel.interfaces:
        if not interface.is_axi_master:
            continue
        names = {interface.bundle, interface.source_object, interface.name}
        if port in names or (bundle is not None and (bundle in names or f"m_axi_{bundle}" in names)):
            return interface.width_bits
    return None


def _pure(node: c_ast.Node) -> bool:
    """No side effects: the size argument is evaluated once more by the hook."""
    if isinstance(node, (c_ast.FuncCall, c_ast.Assignment)):
        return False
    if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
        return False
    return all(_pure(child) for _name, child in node.children())


def find_transfers(plan: Plan) -> tuple[list[Transfer], list[Diagnostic]]:
    """memcpy statements on m_axi pointers in the instrumented functions."""
    widths: dict[str, dict[str, int]] = {}
    diagnostics: list[Diagnostic] = []
    for name, item in plan.functions.items():  # callers before callees (reachability order)
        own = widths.setdefault(name, {})
        for port, bundle in _pragma_ports(item.source.pragmas).items():
            own[port] = _report_width(item.kernel, port, bundle) or DEFAULT_PORT_BITS
        parameters = _parameters(item.source.node)
        for parameter in parameters:
            width = _report_width(item.kernel, parameter, None)
            if width is not None and parameter not in own:
                own[parameter] = width
        for node in all_nodes(item.source.node.body):
            if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
                callee = plan.functions.get(str(node.name.name))
                if callee is None or node.args is None:
                    continue
                callee_parameters = _parameters(callee.source.node)
                for position, argument in enumerate(node.args.exprs):
                    root = pointer_root(argument)
                    if root is not None and root in own and position < len(callee_parameters):
                        widths.setdefault(callee.source.name, {}).setdefault(callee_parameters[position], own[root])
    transfers: list[Transfer] = []
    for name, item in plan.functions.items():
        ports = widths.get(name, {})
        for node in all_nodes(item.source.node.body):
            if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)
                    and node.name.name == "memcpy" and node.args is not None and len(node.args.exprs) == 3):
                continue
            destination, source, size = node.args.exprs
            write_root, read_root = pointer_root(destination), pointer_root(source)
            if write_root not in ports and read_root not in ports:
                continue
            if not _pure(size):
                diagnostics.append(Diagnostic("instrument-memcpy-size", Severity.WARNING,
                                              "memcpy size has side effects: DRAM terms not counted",
                                              line=int(node.coord.line), kernel=name))
                continue
            is_write = write_root is not None and write_root in ports
            bits = ports[str(write_root if is_write else read_root)]
            transfers.append(Transfer(node, name, is_write, bits))
    return transfers, diagnostics


def _parameters(definition: c_ast.FuncDef) -> list[str]:
    arguments = definition.decl.type.args
    if arguments is None:
        return []
    return [str(parameter.name) for parameter in arguments.params if isinstance(parameter, c_ast.Decl)]
