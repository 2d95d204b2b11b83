"""What the user keeps on disk: tools.json, the classification file and provider files read
back, written atomically and only when changed."""
