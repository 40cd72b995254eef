"""`python -m clubdesk` is the `clubdesk` command."""

import sys

from clubdesk.cli import main

sys.exit(main())
