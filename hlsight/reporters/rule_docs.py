"""Names, summaries and help texts of diagnostic rules, for SARIF rule
metadata (``shortDescription``/``help``) and the HTML report.

The one-line summary of a bottleneck hint comes from the analyzer's own
registry (:data:`hlsight.analyzer.hints.RULES`), so the two never drift apart; the
help texts here say what the rule means for an FPGA engineer and what to do.
A rule nobody documented still gets valid SARIF: its summary is derived from
its id and the help from its first finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlsight.analyzer.hints import RULES as HINT_SUMMARIES
from hlsight.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class RuleDoc:
    name: str
    summary: str
    help: str
    tags: tuple[str, ...] = ()


#: id -> (summary, help, tags). Summaries of the hint rules come from analyzer.hints.
_DOCS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "mem-shared-bank": (
        "", "LSUs that share one DDR bank interleave their bursts, and every switch between them opens a new row "
        "(T_row per burst, Dávila-Guzmán eq. 8, observation 1). Put buffers in different banks (buffer_location, "
        "-no-interleaving) or give each buffer its own HBM pseudo-channel.", ("performance", "memory")),
    "mem-stride": (
        "", "A strided access fetches whole bursts but uses 1/stride of each, so its time grows linearly with the "
        "stride (eq. 2, observation 2). Make the access contiguous (struct of arrays, transpose in local memory).",
        ("performance", "memory")),
    "mem-write-ack": (
        "", "A store whose address depends on data is built as a write-ack LSU that waits for each write to "
        "complete (eq. 13, observation 3). Compute the index without loaded data, or buffer the writes on chip.",
        ("performance", "memory")),
    "mem-atomic": (
        "", "Atomic LSUs serialise a read-modify-write per access, each a row miss (eq. 14, observation 4). "
        "Accumulate locally and write once.", ("performance", "memory")),
    "mem-fmax-below-fmin": (
        "", "The kernel clock is below f_min = bw_dram * stride / width (eq. 5): the LSU cannot saturate the "
        "memory and the kernel is not memory-bound (eqs. 4-7). Widen the LSU (vectorize, unroll), raise SIMD "
        "or raise fmax.", ("performance", "memory")),
    "mem-narrow-lsu": (
        "", "The LSU asks for fewer bytes per cycle than one DRAM burst delivers (section 2, PAD example). "
        "Vectorize or unroll the access so that it coalesces into full bursts.", ("performance", "memory")),
    "resource-over-device": (
        "Estimated resources exceed the device", "The report estimates more LUTs, FFs, DSPs or RAM blocks than the "
        "target part offers (Vivado/Vitis: the top module's figures; aoc/oneAPI/i++: the kernels' sum). The run time "
        "is computed for the loops as reported, but a design that does not fit has none: reduce unrolling, array "
        "partitioning or compute-unit replication, or move large arrays off chip. aoc's estimate is made before "
        "synthesis and can run high (the seed authors' HBM2 matrix multiply, 107 % of the DSPs, was built).",
        ("correctness", "resources")),
    "loop-ii": (
        "", "The loop starts a new iteration only every II cycles; the report names the reason (memory or "
        "loop-carried dependency, resource sharing). Where a Vivado/Vitis report gives none and the source's "
        "accesses per iteration need exactly that many cycles of the arrays' RAM ports (banks from "
        "ARRAY_PARTITION, two ports each), that is said, with the banks II 1 needs. A loop at the II its "
        "pipeline pragma asks for (the report's target II, else the source's II=N) is a note; one above it "
        "says which II was asked. Remove the dependency, partition the array, or restructure the loop.",
        ("performance", "loop")),
    "access-derived": (
        "Access pattern derived from the kernel source",
        "hlsight matched the LSU to its array access in the kernel source and derived stride, offset, element "
        "size and access count; the estimate uses these values unless --set overrides them.", ("source",)),
    "access-free-symbols": (
        "Access counts depend on values the report does not contain",
        "The number of accesses depends on a kernel argument or loop bound; give it with --set NAME=VALUE or "
        "--hints FILE.toml to get a numeric estimate.", ("source",)),
    "access-ambiguous": (
        "LSU could not be matched to one access of its source line",
        "The LSU's source line holds several array accesses of its kind with different strides or counts, and "
        "neither the report's variable name nor the number of LSUs decides which one it serves. hlsight does not "
        "guess: give the values with --set lsu.<id>.stride|accesses|bytes.", ("source",)),
    "mem-constant-cache": (
        "Load through the constant cache (not timed)",
        "A __constant argument's load goes through aoc's constant cache, not straight to DRAM; no model here times "
        "a cache, so the estimate leaves its misses out and is a lower bound. Pass small read-only data by value, "
        "or make the argument __global const to have the load timed.", ("performance", "memory")),
    "access-unmatched": (
        "No array access of the LSU's kind on its source line",
        "The report points the LSU at a line without a matching array access (an access inside a helper called "
        "there, a pointer pattern hlsight does not follow); its facts stay symbols.", ("source",)),
    "access-trip-count": (
        "Loop trip count derived from the kernel source",
        "The report gives no trip count for this loop; hlsight read it from the loop bounds as an expression of "
        "kernel arguments. It is used once those arguments have values (--set); --set loop.<name>.trip wins.",
        ("source",)),
    "access-channel-fed": (
        "Endless loop counted from the channel that feeds it",
        "An endless loop (an autorun kernel's while (1)) runs as long as it is fed. hlsight counted the blocking "
        "reads of a channel in the loop and the writes of that channel in the other kernels: a channel hands its "
        "reader exactly what its writer puts, so the loop's iterations are the writes over the reads per "
        "iteration, in the writers' arguments. --set trips_<kernel>_L<line> still wins.",
        ("source",)),
    "channel-unbalanced": (
        "The values given make a channel's writes and reads differ",
        "A blocking channel hands its reader exactly what its writer puts: over a launch the writer kernels' "
        "writes and the reader kernels' reads must be equal, or one end waits for ever. hlsight counted both ends "
        "in the sources; with the values given they differ, so those values are not what the host program "
        "passes. Give the sizes the host uses (--set, the hints file or each [[launch]] table).",
        ("source", "correctness")),
    "access-coalesced-levels": (
        "Loop levels a loop_coalesce merges, read from the source",
        "The loop carries #pragma loop_coalesce / [[intel::loop_coalesce(N)]] and the report lists no \"Coalesced "
        "loop\" entry for the levels it merged (oneAPI 20.3 keeps the outer level's count alone): hlsight counts "
        "the merged nested levels' iterations into the loop's, in the pipeline time and the access counts alike. "
        "A level the report still lists as a loop of its own was not merged.", ("source",)),
    "memory-interface-differs": (
        "The report's kernel-side bus width differs from the memory profile's",
        "aoc's Global memory view lists the width of the bus to each channel for this very build; the estimate "
        "uses it (eqs. 5-6 bound the LSUs sharing a bank by fmax x that bus), not the profile's board default. "
        "Check that --memory names the board the report was built for (docs/model.md decision 47).",
        ("input", "memory")),
    "vitis-config-unread": (
        "A line of a v++ link configuration file could not be read",
        "hlsight reads the [connectivity] sp=<compute unit>.<argument>:<memory> and nk=<kernel>:<count>:<cu>,... "
        "lines of the *.cfg files in a Vitis build root (the folder holding _x.<target>.<platform>) and its "
        "parent, to time the m_axi ports on the memory v++ links them to (HBM, DDR). A line in no such shape, or "
        "a memory tag other than HBM, DDR, PLRAM or HOST, is left out of that choice; the estimate still runs.",
        ("input", "memory")),
    "memory-rate-differs": (
        "The BSP's DRAM data rate differs from the memory profile's",
        "aoc's Global memory view gives the bandwidth the BSP delivers (its board_spec.xml max_bandwidth): per "
        "channel, the rate its controllers run the memory at, which can be below the parts' rating (the Arria 10 "
        "PAC runs DDR4-2400 parts at 2133 MT/s). The estimate uses the report's rate; --set f_dram=MHZ overrides "
        "it (docs/model.md decision 48).", ("input", "memory")),
    "runtime-kernel-left-out": (
        "A kernel the OpenCL runtime adds is left out of the design time",
        "aoc builds Intel_Internal_Collect_Autorun_Profiling beside autorun kernels compiled with -profile: the "
        "runtime's readback of their profiling counters, which the host never enqueues. It is no part of the "
        "run time, so the design estimate leaves it out.", ("input",)),
    "axi-derived": (
        "m_axi traffic derived from the Vivado/Vitis source",
        "hlsight walked the top function and counted each access to a pointer its m_axi pragmas (or the report's "
        "only bundle) tie to a bundle: accesses x element bytes, as an expression of the function's arguments, "
        "and whether every access is consecutive. --set axi.<top>.<bundle>.bytes|stride wins.", ("source",)),
    "axi-direction-disagreement": (
        "The report and the source give an m_axi bundle different directions",
        "The report (csynth.xml READ_WRITE_MODE, or csynth.rpt's M_AXI Read/Write) says the bundle reads, writes "
        "or both, and the loads and stores hlsight counted in the source say otherwise. The estimate times the "
        "bundle as the report says (the hardware built). Re-run synthesis if the source changed since, or check "
        "the accesses the message lists.", ("source",)),
    "axi-count-unknown": (
        "An m_axi access the source does not count",
        "An access to the bundle's pointer has no count the loop bounds give (or no element size): the bundle's "
        "bytes stay a value to give with --set axi.<top>.<bundle>.bytes.", ("source",)),
    "loop-exclusive-arms": (
        "Report loops in exclusive arms of one if/else chain or switch",
        "The loops of one function (or of one loop's body) sit in different arms of an if / else if / else chain "
        "or of a switch (cases that fall through are one arm), so one call runs only one arm's loops; the "
        "function's cycles add every loop at the trip count given (HLScope+ eq. 1). At least one of them has a "
        "trip count to give: give 0 to the loops a call skips, one [[launch]] table per kind of call, so each "
        "call is counted for the arm it takes.", ("source", "performance")),
    "loop-pipeline-dropped": (
        "A loop's pipeline pragma did not give a pipelined loop",
        "The source asks for #pragma HLS pipeline on the loop, and the report schedules it sequentially. A pipeline "
        "unrolls every loop inside it, and a loop without a constant trip count cannot be unrolled; the message "
        "lists the report loops still inside it. The time shown is the report's sequential schedule. Give the "
        "inner loops constant bounds (a LOOP_TRIPCOUNT pragma does not make them unrollable) or pipeline the "
        "innermost loops instead.", ("performance",)),
    "source-lines-moved": (
        "A source file edited after synthesis",
        "The report names VITIS_LOOP_<line>_<k> loops of a file that was read at lines where that file has no loop: "
        "it is not the file that was synthesized. Its loops are not matched to the report's by line (a loop that "
        "moved onto a named line is another loop), and the counts it gives may not be the report's. The same is "
        "said when the report's pragmas sit at lines of a file read that hold none, or when the top's body calls a "
        "function (a report module) that no file read names while a file read defines the top. Point "
        "--source-root at the sources that were synthesized, or synthesize again.", ("source",)),
    "source-loops-shifted": (
        "Source loops matched a few lines from their Vitis names",
        "The report names VITIS_LOOP_<line>_<k> loops at lines where the file read has no loop, and the function's "
        "unlabelled loops of those ranks k all sit the same number of lines from their names: the file moved as a "
        "whole since synthesis (a line added or removed above the loops), and each is matched to the loop of its "
        "rank, the rule simulate uses (instrument-loop-moved). The counts the source gives them rest on that reading; "
        "the note names the offset and every loop so matched. Loops at differing offsets are matched to none. Point "
        "--source-root at the sources that were synthesized to be sure.", ("source",)),
    "source-root-unmatched": (
        "--source-root holds none of the design's sources",
        "No source file the report names was found below --source-root, by its path or by its file name (one file "
        "of that name at any depth), and no file there, at any depth, defines the top function; nothing else found "
        "one either. "
        "The estimate then waits for the loop counts and m_axi bytes the source would give. Point --source-root at "
        "the folder that holds the synthesized sources.", ("source",)),
    "access-source-unparsed": (
        "Kernel source could not be parsed",
        "hlsight could not parse the kernel source embedded in the report, so stride and access counts stay "
        "symbolic; give them with --set lsu.<id>.stride|accesses|bytes.", ("source",)),
    "access-source-errors": (
        "C++ errors while parsing a oneAPI source with the stand-in SYCL headers",
        "Reports do not embed the SYCL headers; hlsight parses SYCL sources with its own declarations "
        "(parsers/cxx/sycl_include). Code using SYCL features they do not declare (images, reductions, "
        "sub-groups) gives errors; kernels whose code has errors may lack access facts.", ("source",)),
    "access-kernel-unmatched": (
        "oneAPI kernel without a single_task/parallel_for lambda in the embedded sources",
        "The report's kernel location and name match no kernel launch of the embedded C++ sources (a kernel "
        "written as a functor class, a source built with -g0); its LSUs keep symbolic stride, size and count.",
        ("source",)),
    "access-global-size": (
        "work_items of a parallel_for kernel",
        "work_items, the count of every access of an NDRange kernel, is the global size argument of its "
        "parallel_for; give it with --set work_items=N (the host program's array length).", ("source",)),
    "rtl-unpaired-lsu": (
        "Report LSU without a matching lsu_top instance in the RTL",
        "No lsu_top instance of the generated RTL could be paired with this LSU (docs/rtl-pairing.md), so "
        "BURSTCOUNT_WIDTH and MAX_THREADS fall back to per-family defaults.", ("input", "rtl")),
    "rtl-unmatched-instance": (
        "RTL lsu_top instance without a report LSU",
        "An lsu_top instance in the generated RTL matches no LSU of the report (docs/rtl-pairing.md).",
        ("input", "rtl")),
    "intel-unverified-version": (
        "Intel compiler release without a corpus sample",
        "hlsight verified its aoc/oneAPI/i++ rules on real reports of specific releases (parsers/intel/versions.py); "
        "this report comes from another release and was read with the rules of its generation. Check the "
        "inventory.", ("input",)),
    "vivado-missing-module-report": (
        "Sub-module without its own csynth report",
        "A module instantiated by the design has no <module>_csynth.xml/.rpt in the report directory; its loops "
        "are not analysed. Point hlsight at the complete syn/report directory.", ("input",)),
    "vivado-module-from-summary": (
        "Module read from the aggregate csynth report",
        "The module has no per-module report; its figures come from the aggregate csynth.xml.", ("input",)),
    "vivado-report-disagreement": (
        "csynth.rpt and csynth.xml disagree",
        "The text and XML reports of a module list different loops, or csynth.xml and csynth.rpt give an m_axi "
        "bundle different directions; hlsight uses the XML.", ("input",)),
    "vivado-summary-interfaces": (
        "csynth.rpt's M_AXI table not read",
        "The synthesis summary could not be read (too large, or its M_AXI table cut short): the m_axi directions "
        "and bus parameters it would give are not used; the module reports are read as usual.", ("input",)),
    "vivado-bind-ops": (
        "csynth.rpt's bind-op table not read",
        "The synthesis summary's Bind Op Report could not be read (too large, or cut short): the operator latencies "
        "that tell a loop's recurrence are not used; the module reports are read as usual.", ("input",)),
    "vivado-interval-disagreement": (
        "csynth.rpt and csynth.xml give different top intervals",
        "The text and XML reports of the top module give different initiation intervals; hlsight uses the XML. "
        "One cycle apart (every 2018.1-2020.1 report seen: the XML's is one more) is a note, more a warning. A "
        "report without an XML interval (Vivado HLS 2013.x) takes the rpt's.", ("input",)),
    "vivado-top-guessed": (
        "Top module guessed",
        "No report names the top module; hlsight chose the largest uninstantiated module. Read the solution "
        "directory (with csynth.xml) to remove the guess.", ("input",)),
    "vivado-kernels": (
        "Several kernels of a Vitis kernel flow",
        "The folder holds reports of several top functions, each with an s_axi control port (v++ -c writes one "
        "report per kernel into hls_reports/). Each is a kernel: the design time adds them, or takes the slowest "
        "of the kernels the host runs at the same time (hints concurrent = [\"k1\", \"k2\"]).", ("input",)),
    "vivado-untested-version": (
        "Vivado/Vitis HLS version outside the tested range",
        "The report comes from a tool version hlsight was not tested with; check the inventory.", ("input",)),
    "vivado-clock-implausible": (
        "A target clock no FPGA runs at",
        "The report's target clock period lies outside 1 MHz .. 2 GHz (a Vitis 2025.1 report wrote '1.00 sec'): it is "
        "read as written, so times at the target clock are at that rate. Give the clock the design will run at with "
        "--set fmax=MHZ.", ("input",)),
    "source-include-case": (
        "An include found by a name in another case",
        "The source includes a file that is not there under that name, and one file of its folder has the same "
        "name but for its letters' case (a project built where file names ignore case, Windows). That file is "
        "read instead; with two such files none is.", ("source",)),
    "vivado-cosim-differs": (
        "Estimate far from the co-simulated latency",
        "The solution's C/RTL co-simulation report (sim/report/<top>_cosim.rpt) measured the top's latency for the "
        "testbench's inputs; the estimate at the values given is more than 5 % away (HLScope+ reports 1.1 % and "
        "5.0 % average error against measured cycles) and outside the measured min..max. Either the trip counts "
        "given (--set) are not the ones the testbench runs, or the model misses a stall (an AXI burst, a FIFO).",
        ("consistency",)),
    "vivado-cosim-implied": (
        "Trip count at which the estimate equals the co-simulated latency",
        "The estimate still has one unknown trip count; the co-simulation report gives the latency the testbench "
        "measured, and the estimate equals it at the value named. That is what the testbench ran if the model "
        "holds; hlsight does not use it until it is given with --set.", ("consistency",)),
    "ipp-cosim-differs": (
        "Estimate far from the simulated latency of an i++ component",
        "The i++ report's verification statistics (reports/lib/verification_data.js: the testbench run against "
        "the component's RTL in the simulator) give the latency of a call; the estimate at the values given (its "
        "pipeline time times fmax) is more than 5 % away and outside the measured min..max. Either the trip counts "
        "given are not the testbench's, or the model misses a stall or an overlap the RTL makes.",
        ("consistency",)),
    "ipp-cosim-implied": (
        "Trip count at which the estimate equals the simulated latency of an i++ component",
        "The estimate still has one unknown trip count; the verification statistics give the latency the "
        "testbench measured, and the estimate equals it at the value named. hlsight does not use it until it is "
        "given with --set.", ("consistency",)),
    "vivado-cosim-failed": (
        "Co-simulation without a passing run",
        "The co-simulation report has no run that passed with a latency (Fail, or NA for every RTL language): "
        "nothing measured to compare the estimate with.", ("input",)),
    "vivado-cosim-unreadable": (
        "Co-simulation report not read",
        "A sim/report/*_cosim.rpt file beside the synthesis reports could not be read (too large, unreadable, or "
        "no RTL row in it). The synthesis reports are analysed as usual; nothing is compared.", ("input",)),
    "vivado-cosim-stale": (
        "Co-simulation older than the synthesis",
        "The co-simulation report's 'Report time' is earlier than the '* Date' of the top's synthesis report: "
        "the design was synthesized again after co-simulation, so the measured latency may be an earlier "
        "design's. It is still shown beside the estimate; rerun co-simulation to compare.", ("input",)),
    "vivado-cosim-other-top": (
        "Co-simulation report of another top function",
        "The solution's sim/report folder holds a co-simulation report named for a function that is not the top "
        "of these synthesis reports (an earlier run with another top); it is not compared.", ("input",)),
    "vivado-latency-mismatch": (
        "Loop latency disagrees with II, trip count and iteration latency",
        "For a pipelined loop the report's latency should be II*(TC-1)+IL (HLScope+ eq. 1); a mismatch means "
        "the report's trip count or II is not what the hardware does.", ("consistency",)),
    "report-implausible-ii": (
        "Reported II cannot be real",
        "The report's initiation interval exceeds 2^16 cycles and the loop's own latency (aoc 18.1 prints "
        "52628672 for some loops). hlsight does not multiply it: the pipeline estimate keeps loop.<name>.ii as a "
        "symbol; give the real II with --set loop.<name>.ii=VALUE.", ("consistency", "input")),
    "report-hdl-library-call": (
        "Kernel calls an RTL library function",
        "The kernel calls a function from an RTL library (aoc -l lib.aoclib). The report shows the call as one "
        "instruction: the function's memory accesses, loops and latency are inside the library's RTL, so the "
        "estimate cannot include them. The estimate (if any) is a lower bound; a caution line beside it says so.",
        ("consistency",)),
    "input-work-items-unused": (
        "work_items given to a design without NDRange kernels",
        "work_items (or global_size0..2, range0..2: the launch's sizes per dimension) is the NDRange global size. "
        "Every kernel here is single-work-item, so it is not used; give the "
        "kernel arguments the access counts depend on (named in the message).", ("input",)),
    "input-global-size-incomplete": (
        "the launch's sizes given stop short of a dimension the kernel reads",
        "work_items is the product of the launch's sizes per dimension (global_size0 x global_size1 ...; oneAPI "
        "range0 x range1 ...). Sizes that leave out a dimension the kernel reads (get_global_id(1), a "
        "reqd_work_group_size with Y above 1, an nd_item<2>) give no product: work_items stays a symbol, and the "
        "message names the size to add.", ("input",)),
    "input-trip-outside-report": (
        "Trip count given outside the report's range",
        "The value given for loop.<kernel>.<loop>.trip lies outside the min ~ max iterations the report prints for "
        "that loop (the loop's bound, or a loop_tripcount pragma). hlsight takes it, but the report's schedule was "
        "made for its range: check that the testbench or host really runs that count.", ("input",)),
    "input-argument-unused": (
        "Kernel argument the estimate does not depend on",
        "The host program sets this kernel argument, but no access count or loop trip count depends on it (it "
        "moves addresses, e.g. a matrix row pitch, or sits in a test the access notes count as always true), so its "
        "value changes nothing in the estimate.", ("input",)),
    "input-unused": (
        "Global stride or element size no LSU falls back to",
        "stride and element_bytes are fallbacks: an LSU uses them only when neither the source analysis nor "
        "lsu.<id>.stride / lsu.<id>.bytes gives its own value (and a single-work-item LSU without source moves its "
        "width). Here no global memory access falls back (or the design has none), so the value changed "
        "nothing; -v shows each LSU's facts and where they "
        "came from. Override one LSU with lsu.<id>.stride=VALUE.", ("input",)),
    "input-macro-compiled": (
        "Value given for a macro the design was compiled with",
        "The macro (a -D value or a #define in an embedded source or header) is fixed in the compiled design; a "
        "different --set value changes nothing. Recompile with the new value to model it.", ("input",)),
}


def rule_doc(rule: str, example: Diagnostic) -> RuleDoc:
    """Documentation of ``rule``; ``example`` is one of its findings."""
    summary, help_text, tags = _DOCS.get(rule, ("", "", ()))
    summary = HINT_SUMMARIES.get(rule) or summary or f"hlsight finding {rule}"
    if summary and summary[0].islower():
        summary = summary[0].upper() + summary[1:]
    return RuleDoc(
        name=rule,
        summary=summary,
        help=help_text or f"{summary}. Example: {example.message}",
        tags=("hls", *tags),
    )
