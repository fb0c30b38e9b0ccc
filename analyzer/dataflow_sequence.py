"""Whether a dataflow region's report says its processes ran one after
another: one reading of the report's latencies, shared by ``analyze``
(:mod:`hlsight.analyzer.vivado_cycles`) and ``simulate``'s instrumenter
(:mod:`hlsight.analyzer.instrument.plan`), so the two never disagree on a
region.

HLScope+ composes a region's blocks serially (eq. 1, a true dependency),
in parallel (eq. 2) or in parallel by dataflow (eq. 3, streams). A process
that reads a scalar or ping-pong channel starts only once its producer has
finished, so within one call such processes add up (eq. 1) though the
region is marked dataflow. The report shows it: its latency holds the sum of
the processes' latencies, not only the longest (public topk_sort, Vitis
2022.1: 1,208 = 1,002 + 101 + 103 + 2). Where some processes run beside the
others (a public Vivado HLS 2019.1 DES decrypter: the initial permutation
beside the key schedule, then the rounds, then the final permutation), the
latency holds the sum of one chain of them: 4,984 = 113 + 1,585 + 3,153 +
129 + 4, where all five processes add up to 5,109 and the longest is 3,153.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hlsight.core.units import cycle_count, name_list


@dataclass(frozen=True)
class ProcessChain:
    """The processes (indices into the parts weighed) that ran one after
    another, read from the report's latency of the region."""

    #: the chains that fit: each a tuple of indices (one tuple, every part, where all add up)
    chains: tuple[tuple[int, ...], ...]
    #: the region's latency, the parts' sum and the longest part, at the report's values
    latency: int
    total: int
    longest: int
    #: the fewest control cycles a chain leaves (the region's latency minus the chain's sum; the
    #: chains' own where they compose alike)
    slack: int
    #: the parts' cycles weighed
    parts: tuple[int, ...]

    @property
    def complete(self) -> bool:
        """Every process in the one chain (all add up within the latency)."""
        return self.total <= self.latency

    def members(self, names: Sequence[str]) -> tuple[str, str]:
        """The processes in the chain and those with cycles beside it, as the
        user reads them (``names``: the parts' names, by index). Where
        several chains fit equally (two processes of 129 cycles each, one in
        the chain), the ones they share are named, then how many of the
        others. ``("", "")`` for a complete chain."""
        if self.complete:
            return "", ""
        chain = self.chains[0]
        always = [index for index in chain if all(index in other for other in self.chains)]
        either = sorted({index for other in self.chains for index in other} - set(always))
        outside = [index for index, value in enumerate(self.parts) if value > 0 and index not in always
                   and index not in either]
        inside = [names[index] for index in always]
        beside = [names[index] for index in outside]
        if either:
            choice = " or ".join(names[index] for index in either)
            inside.append(f"{len(chain) - len(always)} of {choice}")
            beside.append(f"{len(either) - len(chain) + len(always)} of {choice}")
        return " + ".join(inside), name_list(beside)

    def evidence(self, names: Sequence[str]) -> str:
        """The numbers the reading rests on, for the note the user reads:
        the region's maximum against the chain's sum, every process's sum
        and the longest process."""
        if self.complete:
            return (f"maximum ({self.latency:,} cycles) holds the sum of its processes' worst cases"
                    f" ({self.total:,})")
        inside, _ = self.members(names)
        return (f"maximum ({self.latency:,} cycles) holds the sum {inside} ({self.latency - self.slack:,}) plus"
                f" {cycle_count(self.slack)} of control, below the sum of all its processes ({self.total:,}) and"
                f" above the longest ({self.longest:,})")


def processes_in_sequence(latency: int, parts: Sequence[int]) -> ProcessChain | None:
    """How the processes with cycles ``parts`` (at the report's values) of a
    dataflow region of report latency ``latency`` ran, where the latencies
    show some ran one after another; ``None`` where they show overlap only.

    All of them add up within the latency: all in sequence, whatever the
    region's own cycles. Otherwise, where the latency holds the sum of all
    the processes but one, with at least one cycle per hand-over between
    them and at most one per process of the region (its start/done
    handshakes: topk_sort's chain of 3 leaves 2 cycles, a dataflow lab's
    diamond of 4, 51 cycles each, two side by side, 155 = 3 x 51 + 2, the DES
    decrypter's chain of 4 of 8 processes 4), those ran one after another
    and the one left out beside them. Two or more left out are not read so:
    with many processes some subset's sum falls near any latency (a public
    hls4ml network of 15 streaming processes reports 695 cycles, which four
    of them add up to exactly). No chain fits: the processes overlap
    (HLScope+ eq. 3)."""
    if not parts:
        return None
    total, longest = sum(parts), max(parts)
    if latency >= total:
        return ProcessChain((tuple(range(len(parts))),), latency, total, longest, latency - total, tuple(parts))
    busy = [index for index, value in enumerate(parts) if value > 0]
    fits = []
    for left_out in busy:
        chain = tuple(index for index in busy if index != left_out)
        slack = latency - (total - parts[left_out])
        if len(chain) >= 2 and len(chain) - 1 <= slack <= len(parts):
            fits.append((slack, chain))
    if not fits:
        return None
    # every chain that fits is kept, the tightest fit no likelier than the others: the caller
    # takes them only where they compose alike (two processes of equal cycles, either beside)
    return ProcessChain(tuple(chain for _, chain in fits), latency, total, longest,
                        min(value for value, _ in fits), tuple(parts))
