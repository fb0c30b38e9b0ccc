"""Where the HLS vendor headers (``ap_int.h``, ``hls_stream.h``...) come from.

The user's own Vivado/Vitis installation is preferred: ``--hls-include DIR``,
else ``$XILINX_HLS/include``, else ``$XILINX_VIVADO/include``. Without one,
hlsight's small software model in ``hls_include/`` is used (limits in its
README.md); which one was used is reported to the user.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hlsight.core.errors import InputError

MODEL_INCLUDE = Path(__file__).resolve().parent / "hls_include"


@dataclass(frozen=True)
class HlsHeaders:
    directory: Path
    origin: str  # "--hls-include", "$XILINX_HLS", "$XILINX_VIVADO" or "hlsight model"

    @property
    def is_model(self) -> bool:
        return self.directory == MODEL_INCLUDE


def find_hls_headers(option: str | None = None, environment: dict[str, str] | None = None) -> HlsHeaders:
    """The vendor include folder to compile HLS C++ against."""
    if option is not None:
        folder = Path(option)
        if not (folder / "ap_int.h").is_file():
            raise InputError(option, "no ap_int.h in the --hls-include folder",
                             expected="the include folder of a Vivado/Vitis HLS installation")
        return HlsHeaders(folder, "--hls-include")
    variables = os.environ if environment is None else environment
    for variable in ("XILINX_HLS", "XILINX_VIVADO"):
        root = variables.get(variable)
        if root and (Path(root) / "include" / "ap_int.h").is_file():
            return HlsHeaders(Path(root) / "include", f"${variable}")
    return HlsHeaders(MODEL_INCLUDE, "hlsight model")
