"""``python -m hlsight`` runs the command-line interface."""

import sys

from hlsight.cli import main

sys.exit(main())
