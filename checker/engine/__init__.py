"""A deterministic engine of the generic rules: frozen state and pure transitions.

``apply(state, decision, ruleset) -> (state, events)``; every event names the rule it
applied, and an illegal decision raises :class:`IllegalDecision` naming the rule it breaks.
"""
