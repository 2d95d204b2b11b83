"""Stubs: typed Python modules written from the neutral model."""
