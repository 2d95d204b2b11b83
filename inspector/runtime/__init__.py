"""Run time: a model's tool calls executed on live objects (Toolbox), arguments converted and
results serialized."""
