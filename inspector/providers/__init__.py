"""One module per provider: its name rules, limits, schema dialect and tool-call messages;
``registry`` lists them with their templates."""
