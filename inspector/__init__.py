"""toolsinspector: turn Python classes into function-calling tools for every LLM provider."""
