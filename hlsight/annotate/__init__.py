"""``hlsight annotate``: hlsight's findings inside the vendor report users know.

:mod:`.staging` copies the report directory safely (the input is never
modified; an existing output needs ``--force``), :mod:`.inject` builds the
panel, the JSON data island and the decorating script, and :mod:`.intel` /
:mod:`.vivado` put them into an aoc/oneAPI ``report.html`` or into an HTML
rendering of a Vivado/Vitis csynth report.
"""
