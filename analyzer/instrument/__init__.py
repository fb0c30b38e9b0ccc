"""HLScope+ source-to-source instrumentation (Choi et al., ICCAD 2017, sections II-IV).

Pass 1 (:mod:`hlsight.analyzer.instrument.tripcount_pragmas`) inserts ``loop_tripcount``
pragmas so the next HLS run reports the iteration latency of imperfect nests;
pass 2 (:mod:`hlsight.analyzer.instrument.cycles`) splices cycle-counting code into the
original C text so a plain software run yields a hardware cycle estimate;
:mod:`hlsight.analyzer.instrument.simulate` compiles and runs it with a testbench.
"""
