"""The answered questions by topic: the scenario folders, in words, each question with its status.

A player browses the questions the way the scenario files are kept: by what they are about
(actions, blocking, combat, real cards by kind, rulings, ...). Each entry is the scenario's title,
which states the question and its answer, linked to its page, with its status under the editions
it is asked under.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome
from checker.site.page_models import Topic, TopicScenario, TopicsPage

TOPICS = {
    "actions": "Actions: bleeding, hunting, equipping, employing, recruiting",
    "blocking": "Blocking, stealth and intercept",
    "combat": "Combat: range, strikes, damage, presses",
    "contested": "Contested cards and titles",
    "editions": "Where the editions differ",
    "ousting": "Ousting, victory points and the end of the game",
    "phases": "The turn's phases",
    "politics": "Referendums and votes",
    "rulings": "Rulings of 1994-1997, as questions",
    "setup": "Setting up a game",
    "solitaire": "Jyhad Solitaire",
    "withdrawal": "Withdrawing from the game",
    "cards": "Real cards",
    "cards/actions": "Real cards: action cards",
    "cards/allies": "Real cards: allies",
    "cards/combat": "Real cards: combat",
    "cards/combat-basics": "Real cards: combat basics",
    "cards/combat-more": "Real cards: more combat cards",
    "cards/disciplines": "Real cards: Discipline cards",
    "cards/locations": "Real cards: locations",
    "cards/masters": "Real cards: master cards",
    "cards/masters-moves": "Real cards: master cards moving counters",
    "cards/modifiers": "Real cards: action modifiers",
    "cards/politics": "Real cards: political actions",
    "cards/weapons": "Real cards: weapons",
}
"""Each scenario folder's topic in words; a folder not listed is shown by its name."""


def topic_of(path: str) -> str:
    """The folder of a scenario file under ``scenarios/`` (``cards/weapons``), or ``other``."""
    parts = PurePosixPath(path).parts
    rel = parts[parts.index("scenarios") + 1:-1] if "scenarios" in parts[:-1] else ()
    return "/".join(rel[:2]) if rel else "other"


def topics_page(loaded: Iterable[LoadedScenario], outcomes: Iterable[Outcome], doc_of: Callable[[str], str]
                ) -> TopicsPage:
    """The topics page: topics in the order of TOPICS, then any other folder by name."""
    status: dict[str, list[str]] = {}
    for o in outcomes:
        status.setdefault(o.scenario, []).append(o.status)
    groups: dict[str, list[TopicScenario]] = {}
    for sc in loaded:
        runs = status.get(sc.path, [])
        overall = "fail" if "fail" in runs else "pass" if runs and all(r == "pass" for r in runs) else "answered"
        groups.setdefault(topic_of(sc.path), []).append(
            TopicScenario(title=sc.scenario.title, doc=doc_of(sc.path), status=overall, editions=len(runs)))
    order = [t for t in TOPICS if t in groups] + sorted(t for t in groups if t not in TOPICS)
    return TopicsPage(kind="topics", topics=[
        Topic(id=t, title=TOPICS.get(t, t.replace("-", " ").replace("/", ": ")),
              scenarios=sorted(groups[t], key=lambda s: s.title.casefold()))
        for t in order])
