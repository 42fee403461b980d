"""``python -m compile_receipt_capture``: the command line of :mod:`compile_receipt_capture.cli`."""

import sys

from .cli import main

sys.exit(main())
