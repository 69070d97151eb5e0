"""Every early ruling on an era card is stated by a passing scenario or listed with why not yet, never both."""

from __future__ import annotations

import yaml

from checker.scenarios.load import PENDING_RULINGS
from checker.scenarios.suite import SCENARIOS_DIR, load_all, run_all, runs
from reference.cardlayer import CardLayer, build_card_layer
from reference.corpus import Corpus


def early_rulings(layer: CardLayer) -> set[str]:
    """Rulings dated 1994-1997 by TOM, SFC, JON or the rules team on cards of the era (121 lines)."""
    def early(key: str) -> bool:
        ref = layer.references[key]
        return ref.authority != "LSJ" and ref.date is not None and ref.date.year <= 1997

    return {r.id for r in layer.rulings.values()
            if r.subject.startswith("card:") and any(early(k) for k in r.references)}


def test_each_early_ruling_has_a_scenario_or_a_reason(the_corpus: Corpus) -> None:
    layer = build_card_layer(the_corpus)
    wanted = early_rulings(layer)
    assert len(wanted) == 121
    pending = yaml.safe_load((SCENARIOS_DIR / PENDING_RULINGS).read_text(encoding="utf-8"))
    reasons = {e["ruling"]: e["why"] for e in pending}
    assert len(reasons) == len(pending) and all(len(why) >= 10 for why in reasons.values())
    loaded, problems = load_all([SCENARIOS_DIR / "rulings"])
    assert problems == []
    stated = {rid for s in loaded for rid in s.scenario.rulings}
    assert set(reasons) <= set(layer.rulings)
    assert stated & set(reasons) == set(), "a ruling with a scenario is still listed as pending"
    assert wanted - stated - set(reasons) == set(), "an early ruling with neither a scenario nor a reason"
    assert {o.status for o in run_all(runs(loaded))} == {"pass"}
    assert len(stated & wanted) >= 14
