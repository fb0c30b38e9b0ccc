"""hlsight analyzer: the design model and the analyses that consume it."""
