"""Scenario files: the format, loading with located errors, running, and comparing answers."""
