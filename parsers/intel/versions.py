"""Which Intel compiler releases the reader was checked against.

Every rule of this front end was verified on the real artifacts of
``../shared/corpus/aoc`` and ``../shared/corpus/zaragoza``. A report from a
release outside that set is still read with the rules of its generation —
the shapes have been stable for years — but the user gets a note, so a
surprising number can be traced to an unverified layout instead of being
trusted silently.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Product, ToolInfo

#: (product, major, minor) of releases with a real sample in the corpus.
VERIFIED: frozenset[tuple[Product, int, int]] = frozenset({
    (Product.AOC, 16, 1), (Product.AOC, 17, 1), (Product.AOC, 18, 1), (Product.AOC, 19, 3),
    (Product.AOC, 19, 4), (Product.AOC, 20, 4), (Product.AOC, 21, 2),
    (Product.ONEAPI, 20, 3), (Product.ONEAPI, 2021, 4), (Product.ONEAPI, 2022, 1), (Product.ONEAPI, 2023, 0),
    (Product.IPP, 18, 1), (Product.IPP, 19, 1), (Product.IPP, 19, 4),
})
#: 14.x/15.x are identified by major release only (RTL copyright year).
VERIFIED_MAJOR: frozenset[tuple[Product, int]] = frozenset({(Product.AOC, 14), (Product.AOC, 15)})
VERIFIED_TEXT = ("aoc 14.x, 15.x, 16.1, 17.1, 18.1, 19.3, 19.4, 20.4, 21.2; oneAPI 20.3, 2021.4, 2022.1, 2023.0; "
                 "i++ 18.1, 19.1, 19.4")


def version_diagnostics(tool: ToolInfo, where: Path) -> list[Diagnostic]:
    parts = tool.version_tuple()
    if len(parts) >= 2 and (tool.product, parts[0], parts[1]) in VERIFIED:
        return []
    if len(parts) == 1 and (tool.product, parts[0]) in VERIFIED_MAJOR:
        return []
    return [Diagnostic(
        rule="intel-unverified-version", severity=Severity.NOTE,
        message=(f"{tool.product.value} {tool.version_raw or tool.version or 'of unknown version'} has no sample in "
                 f"hlsight's corpus; read with the rules of the nearest generation (verified: {VERIFIED_TEXT})"),
        file=str(where),
        data={"version": tool.version, "product": tool.product.value},
    )]
