"""The bundle's entry point: the `clubdesk` command (PyInstaller runs a script, not `python -m`)."""

import sys

from clubdesk.cli import main

sys.exit(main())
