"""``python -m knight_py``: see :mod:`knight_py.cli`."""

import sys

from .cli import main

try:
    sys.exit(main())
except KeyboardInterrupt:
    print("cancelled", file=sys.stderr)
    sys.exit(130)
except BrokenPipeError:
    # The reader went away (e.g. `| head`): not an error of ours.
    sys.stderr.close()
    sys.exit(0)
