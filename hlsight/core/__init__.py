"""The design model every layer shares: facts read from reports (``model``),
findings about them (``diagnostics``) and the one error type for bad input
(``errors``). It imports nothing else of hlsight, so parsers, the analyzer
and the renderers can all build on it."""
