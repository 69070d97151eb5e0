"""A refused step: the trace shows what it did up to the refusal, and the answer is the table before it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from checker.engine.decisions import Untap
from checker.scenarios.load import load_scenario
from checker.scenarios.run import run
from reference.corpus import corpus
from reference.rulesets import rulesets
from tests.conftest import ROOT

OUTSTEALTHED = ROOT / "scenarios/blocking/outstealthed-blocker-stays-tapped.yaml"


def test_refused_step_keeps_its_trace_up_to_the_refusal() -> None:
    loaded = load_scenario(OUTSTEALTHED, set(corpus().rules), rulesets())
    outcome = run(loaded, rulesets()["vtes-basic"])
    assert outcome.status == "pass"
    assert outcome.illegal is not None and outcome.illegal["step"] == 2
    step2 = [t for t in outcome.trace if t.step == 2]
    # Dominic tapped to act before Eliza's block was refused: shown, and marked undone.
    assert step2[0].message == "Dominic taps to take the action" and step2[0].undone
    assert step2[-1].message.startswith("illegal: Eliza must be ready and untapped") and not step2[-1].undone
    assert all(not t.undone for t in outcome.trace if t.step == 1)
    # The refused step changes nothing: Dominic is untapped in the answer; its lines are marked undone.
    assert outcome.answer["minions"]["Dominic"]["tapped"] is False
    assert outcome.to_json()["trace"][-2]["undone"] is True


def test_untap_order_names_each_step_once() -> None:
    assert Untap.model_validate({"order": ["withdraw"]}).steps == ("withdraw", "edge", "contests", "cards")
    with pytest.raises(ValidationError, match="once"):
        Untap.model_validate({"order": ["edge", "edge"]})
    with pytest.raises(ValidationError):
        Untap.model_validate({"order": ["discard"]})
