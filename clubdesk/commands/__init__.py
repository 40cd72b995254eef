"""Command-line subcommands of `clubdesk`."""
