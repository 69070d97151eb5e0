"""The rules engine, scenario files and the ``rules`` command."""
