"""``python -m checker.cli``: the same as the ``rules`` command."""

from checker.cli import main

main()
