"""hlsight front ends: vendor reports, generated RTL and kernel sources."""
