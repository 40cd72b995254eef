"""Use cases: the only layer the UI and the CLI call. Rules decide, the store keeps, services join them."""
