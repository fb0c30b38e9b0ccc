"""Sub-commands of the ``hlsight`` CLI (see :mod:`hlsight.cli`)."""
