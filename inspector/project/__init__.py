"""The project: the one pipeline every door calls, ``[tool.toolsinspector]`` configuration,
and diff."""
