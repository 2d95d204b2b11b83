"""Render: the selected tools through a provider's Jinja template, with the dialect filters and
the per-request limit checks."""
