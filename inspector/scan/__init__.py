"""Scan: import targets, list their classes and methods, and build the neutral model of each
method from its signature, type hints and docstring."""
