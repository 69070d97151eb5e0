"""Scenario files: the format, loading with located errors, running, and comparing answers.

Scenario files may play the solitaire variant: importing it registers its steps and their handlers with
the engine (checker/solitaire/__init__.py), before any file is read or run.
"""

import checker.solitaire  # noqa: F401  (registers the variant's steps)
