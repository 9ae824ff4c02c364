"""``python -m kozyr.web`` runs the server, as ``kozyr serve``."""

import sys

from kozyr.web.server import main

sys.exit(main())
