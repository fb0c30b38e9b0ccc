"""hlsight: a compiler-style static analyzer for FPGA HLS reports."""

__version__ = "0.1.0"
