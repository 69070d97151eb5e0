"""The rules engine, scenario files and the ``rules`` command.

Before any of its modules is loaded, the package records its files as they are (reference/provenance.py):
answers are cached under a digest of the code that computed them, not of what is on disk later.
"""

from pathlib import Path

from reference import provenance

provenance.begin(Path(__file__).resolve().parent)
