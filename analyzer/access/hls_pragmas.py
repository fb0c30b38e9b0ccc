"""Vivado/Vitis ``#pragma HLS`` lines of a loop or function body, read
without sympy: the instrumenter's pass 1 uses them and must start fast
(tests/test_cli_basics.py checks that it does not import sympy)."""

from __future__ import annotations

from pycparser import c_ast


def body_pragmas(body: c_ast.Node | None) -> list[str]:
    """The pragma strings written directly in a loop or function body (Vivado
    and Vitis read an ``HLS`` pragma anywhere there)."""
    if isinstance(body, c_ast.Compound):
        return [str(item.string) for item in body.block_items or [] if isinstance(item, c_ast.Pragma)]
    return []


def pragma_words(text: str) -> list[str]:
    """A pragma's words, lower case, with ``=`` a word of its own."""
    return text.lower().replace("=", " = ").split()


def hls_unroll_factor(pragmas: list[str]) -> int | None:
    """N of ``#pragma HLS unroll factor=N`` (a partial unroll: the report's
    loop runs one iteration per N source iterations), else ``None``; a
    pragma cut short (``factor=`` at its end) or a factor that is not a
    number gives none."""
    for text in pragmas:
        words = pragma_words(text)
        if words[:2] == ["hls", "unroll"] and "factor" in words:
            position = words.index("factor")
            after = words[position + 1 : position + 3]
            value = after[1] if len(after) == 2 and after[0] == "=" else ""
            if value.isdigit() and int(value) > 1:
                return int(value)
    return None


def pipelined(pragmas: list[str]) -> bool:
    """``#pragma HLS pipeline`` among them, and none turned ``off``."""
    return any(pragma_words(text)[:2] == ["hls", "pipeline"] for text in pragmas) \
        and not any("off" in pragma_words(text) for text in pragmas)


def pipeline_ii(pragmas: list[str]) -> int | None:
    """N of ``#pragma HLS pipeline II=N`` among them (the II the user asks
    for), else ``None`` (no pipeline pragma, no ``II=``, or one cut short)."""
    for text in pragmas:
        words = pragma_words(text)
        if words[:2] == ["hls", "pipeline"] and "ii" in words:
            after = words[words.index("ii") + 1 : words.index("ii") + 3]
            if len(after) == 2 and after[0] == "=" and after[1].isdigit():
                return int(after[1])
    return None


def unrolled_fully(pragmas: list[str]) -> bool:
    """``#pragma HLS unroll`` without a factor among them."""
    return any(pragma_words(text)[:2] == ["hls", "unroll"] and "factor" not in text.lower() for text in pragmas)
