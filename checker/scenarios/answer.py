"""A scenario's answer in words: one sentence per edition, and what differs between editions.

Generated from the engine's answer (``Outcome``: the table before the first step, the table at
the end, the refused or illegal steps and the rules that decided them), never written by hand.
Each clause has a subject (a Methuselah, a minion, the Edge, a step ...); two editions give the
same answer when their clauses say the same, rule ids aside (each edition cites its own
document), and the difference line names the subjects on which they part.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from checker.scenarios.load import LoadedScenario
from checker.scenarios.run import Outcome
from reference.rulesets import Ruleset

SAME = "Same answer under every edition."
ONLY_ONE = "Asked under one edition only."


@dataclass(frozen=True)
class Clause:
    """One thing that happened, in words: "Bob loses 1 pool", "Step 2 (bleed) is refused: ... (rule x)"."""

    subject: str  # what it is about, the key editions are compared on: "player:bob", "minion:Eliza", "step:2", ...
    text: str
    plain: str  # the text without the rule ids: two editions citing their own documents still agree


@dataclass(frozen=True)
class RunAnswer:
    """The answer of one run (an edition, or a variant of one) in words."""

    ruleset: str  # the run label: a ruleset name, or a variant's name
    edition: str  # the edition in words, with its id: "Jyhad Complete Rules Reference 1.4 (jyhad-1.4)"
    status: str
    clauses: tuple[Clause, ...]
    sentence: str
    unchanged: Mapping[str, str]  # what this run says of a subject it has no clause for, by subject
    stopped_at: int | None = None  # the illegal step, where the run stopped

    @property
    def plain(self) -> tuple[str, ...]:
        return tuple(c.plain for c in self.clauses)

    def about(self, subject: str) -> str:
        """This run's words on one subject: its clause, or that nothing happened to it."""
        for c in self.clauses:
            if c.subject == subject:
                return c.text
        kind, _, name = subject.partition(":")
        if kind == "step":
            n = int(name)
            return f"step {n} is never reached" if self.stopped_at and n > self.stopped_at else f"step {n} is allowed"
        if kind == "minion" and subject not in self.unchanged:  # a minion another edition brought into play
            return f"{name} does not enter play"
        return self.unchanged.get(subject) or f"{name} is unchanged"

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "edition": self.edition, "status": self.status, "sentence": self.sentence,
                "clauses": [{"subject": c.subject, "text": c.text} for c in self.clauses]}


@dataclass(frozen=True)
class ScenarioAnswer:
    """Every run's sentence, and the line saying whether and where the editions differ."""

    runs: tuple[RunAnswer, ...]
    difference: str

    @property
    def differs(self) -> bool:
        return len({r.plain for r in self.runs}) > 1

    def to_json(self) -> dict[str, Any]:
        return {"runs": [r.to_json() for r in self.runs], "difference": self.difference, "differs": self.differs}


def person(name: str) -> str:
    """A Methuselah's name as a sentence shows it: scenario files write them in lower case (``alice``)."""
    return name[:1].upper() + name[1:] if name.islower() else name


def _and(items: Sequence[str]) -> str:
    """Phrases joined: "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _verb_once(phrases: Sequence[str]) -> list[str]:
    """A verb said once for two phrases in a row: "gains 12 pool", "gains 2 victory points" -> "gains 12 pool",
    "2 victory points"."""
    out: list[str] = []
    for i, phrase in enumerate(phrases):
        verb, _, rest = phrase.partition(" ")
        out.append(rest if i and verb in ("gains", "loses") and phrases[i - 1].partition(" ")[0] == verb else phrase)
    return out


def _list(items: Sequence[str]) -> str:
    """Clauses joined: "a, b and c", or "a; b; c" when a clause has its own "and" or comma."""
    return "; ".join(items) if any(" and " in x or ", " in x or ": " in x for x in items) else _and(items)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _more_or_less(delta: int, what: str) -> str:
    return f"gains {delta} {what}" if delta > 0 else f"loses {-delta} {what}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _rule(rule: str) -> str:
    return f" (rule {rule})"


def edition_words(label: str, editions: Mapping[str, Ruleset], loaded: LoadedScenario | None = None) -> str:
    """An edition in words with its id; a variant as its edition read with other values."""
    variant = loaded.scenario.variants.get(label) if loaded is not None else None
    base = editions.get(variant.ruleset if variant else label)
    title = base.title if base else label
    if title.endswith(")") and " (" in title:  # "V:TES Basic Game (1995 rulebook)": no parentheses twice
        head, _, tail = title[:-1].partition(" (")
        title = f"{head}, {tail}"
    if variant is None:
        return f"{title} ({label})"
    values = ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in variant.parameters.items())
    return f"{title}, read with {values} ({label}, a variant of {variant.ruleset})"


# --- what changed, subject by subject ------------------------------------------------------------------------


def _player_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    if after["pool"] != before["pool"]:
        out.append(_more_or_less(after["pool"] - before["pool"], "pool"))
    if after["vp"] != before["vp"]:
        delta = after["vp"] - before["vp"]
        out.append(_more_or_less(delta, "victory point" if abs(delta) == 1 else "victory points"))
    if after["hand"] != before["hand"]:
        out.append(f"goes from {before['hand']} to {_plural(after['hand'], 'card')} in hand")
    out += _set_changes(before["in_play"], after["in_play"], "puts {} in play", "no longer has {} in play")
    out += _set_changes(before["locked"], after["locked"], "locks {}", "unlocks {}")
    out += _set_changes(before["contested"], after["contested"], "has {} contested", "no longer has {} contested")
    if after["withdrawing"] and not before["withdrawing"] and not after["withdrawn"]:
        out.append("announces a withdrawal")
    if after["withdrawn"] and not before["withdrawn"]:
        out.append("withdraws from the game")
    if after["ousted"] and not before["ousted"]:
        out.append("is ousted")
    elif before["ousted"] and not after["ousted"]:
        out.append("is back in the game")
    return out


def _added(before: Iterable[str], after: Iterable[str]) -> tuple[list[str], list[str]]:
    b, a = list(before), list(after)
    return [x for x in a if x not in b], [x for x in b if x not in a]


def _set_changes(before: Iterable[str], after: Iterable[str], added: str, removed: str) -> list[str]:
    """The clauses for what a list gained and lost, each a phrase with {} for the names: "locks {}"."""
    gained, lost = _added(before, after)
    return [*([added.format(_and(gained))] if gained else []), *([removed.format(_and(lost))] if lost else [])]


LEAVING = {"ash_heap": "is burned", "removed": "leaves play", "crypt": "goes back to the crypt"}


def _moves(frm: str, to: str) -> str:
    if to in LEAVING:
        return LEAVING[to]
    if to == "torpor":
        return "goes to torpor"
    if to == "uncontrolled":
        return "moves from the crypt to the uncontrolled region" if frm == "crypt" else "becomes uncontrolled"
    if to == "ready":
        return {"torpor": "leaves torpor", "new": "becomes ready"}.get(frm, "comes into play")
    return f"is moved to {to.replace('_', ' ')}"


def _amount(m: Mapping[str, Any]) -> tuple[str, int]:
    return ("blood", m["blood"]) if "blood" in m else ("life", m["life"])


def _minion_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    if after["controller"] != before["controller"]:
        out.append(f"passes to {person(after['controller'])}'s control")
    if after["location"] != before["location"] and after["location"] in LEAVING:
        return [*out, LEAVING[after["location"]]]  # burned or gone: its counters and cards went with it
    what, now = _amount(after)
    was = _amount(before)[1]
    if now != was:
        out.append(_more_or_less(now - was, what))
    if after["location"] != before["location"]:
        out.append(_moves(before["location"], after["location"]))
    if after["tapped"] != before["tapped"]:
        out.append("is tapped" if after["tapped"] else "untaps")
    if after["paralyzed"] != before["paralyzed"]:
        out.append("is paralyzed" if after["paralyzed"] else "is no longer paralyzed")
    out += _set_changes(before["equipment"], after["equipment"], "gains the equipment {}", "loses the equipment {}")
    out += _set_changes(before["retainers"], after["retainers"], "gains the retainer {}", "loses the retainer {}")
    if after["title"] != before["title"]:
        out.append(f"loses the title {before['title']}" if after["title"] == "none" else f"becomes {after['title']}")
    if after["title_contested"] != before["title_contested"]:
        out.append("has its title contested" if after["title_contested"] else "no longer has its title contested")
    if after["contested"] != before["contested"]:
        out.append("is contested" if after["contested"] else "is no longer contested")
    if after["capacity"] != before["capacity"]:
        out.append(f"goes from capacity {before['capacity']} to {after['capacity']}")
    out += _disciplines(before["disciplines"], after["disciplines"])
    return out


def _disciplines(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    out = [f"gains {level} {d}" for d, level in after.items() if before.get(d) != level]
    lost = [d for d in before if d not in after]
    return out + ([f"loses {_and(lost)}"] if lost else [])


def _new_minion(m: Mapping[str, Any]) -> str:
    who = person(m["controller"])
    what, amount = _amount(m)
    where = {"new": f"enters play for {who}, new (it cannot act this turn)",
             "ready": f"enters play for {who}, ready",
             "uncontrolled": f"enters {who}'s uncontrolled region"}.get(
        m["location"], f"enters play for {who}, {m['location'].replace('_', ' ')}")
    return f"{where}, with {amount} {what}"


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Clause]:
    """What changed from the table as set up (``before``) to the answer (``after``), in words."""
    out: list[Clause] = []

    def add(subject: str, text: str) -> None:
        out.append(Clause(subject, text, text))

    action = after.get("action")
    if action and action["blocked"] and action != before.get("action"):
        add("game:block", f"{action['blocked_by']} blocks {action['actor']}")
    vote = after.get("vote")
    if vote and vote != before.get("vote"):
        if vote.get("canceled"):
            add("game:vote", "the referendum is canceled before it is tallied")
        else:
            add("game:vote", f"the referendum {'passes' if vote['passed'] else 'fails'}, "
                        f"{_plural(vote['for'], 'vote')} to {vote['against']}")
    for name, p in after["players"].items():
        said = _player_changes(before["players"].get(name, p), p)
        if said:
            add(f"player:{name}", f"{person(name)} {_and(_verb_once(said))}")
    for name, m in after["minions"].items():
        was = before["minions"].get(name)
        said = [_new_minion(m)] if was is None else _minion_changes(was, m)
        if said:
            add(f"minion:{name}", f"{name} {_and(_verb_once(said))}")
        if was is not None and m["location"] not in LEAVING:
            for r, life in m["retainer_life"].items():
                old = was["retainer_life"].get(r)
                if old is not None and old != life:
                    add(f"retainer:{name}/{r}", f"{name}'s retainer {r} {_more_or_less(life - old, 'life')}")
    for name in before["minions"]:
        if name not in after["minions"]:
            add(f"minion:{name}", f"{name} leaves the game")
    edge, had = after["game"]["edge"], before["game"]["edge"]
    if edge != had:
        add("game:edge", f"{person(had)} loses the Edge" if edge == "nobody"
            else f"{person(edge)} takes the Edge" + ("" if had == "nobody" else f" from {person(had)}"))
    g, b = after["game"], before["game"]
    if g["over"] and not b["over"]:
        winners = [person(w) for w in g["winners"]]
        add("game:end", f"the game ends: {_and(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners
            else "the game ends")
    if (g["turn"], g["game_turn"]) != (b["turn"], b["game_turn"]):
        nxt = "turn" if g["turn"] != b["turn"] else "next turn"
        add("game:turn", f"play moves on to {person(g['turn'])}'s {nxt}, {g['phase']} phase")
    elif g["phase"] != b["phase"]:
        add("game:turn", f"play moves on to the {g['phase']} phase")
    return out


def _unchanged(before: Mapping[str, Any]) -> dict[str, str]:
    """What a run says of each subject it has no clause for (to contrast it with one that has)."""
    g = before["game"]
    out = {"game:block": "nobody blocks", "game:vote": "there is no referendum", "game:end": "the game goes on",
           "game:turn": f"play stays in {person(g['turn'])}'s {g['phase']} phase",
           "game:edge": "nobody takes the Edge" if g["edge"] == "nobody"
           else f"the Edge stays with {person(g['edge'])}"}
    out |= {f"player:{name}": f"{person(name)} is unchanged" for name in before["players"]}
    out |= {f"minion:{name}": f"{name} is unchanged" for name in before["minions"]}
    return out


# --- the table before and after, side by side ----------------------------------------------------------------


def _player_state(p: Mapping[str, Any]) -> str:
    gone = ", ousted" if p["ousted"] else ", withdrawn" if p["withdrawn"] else ""
    return f"pool {p['pool']}, {_plural(p['vp'], 'victory point')}, {_plural(p['hand'], 'card')} in hand{gone}"


def _minion_state(m: Mapping[str, Any]) -> str:
    what, amount = _amount(m)
    parts = [f"{amount} {what}", m["location"].replace("_", " "), *(["tapped"] if m["tapped"] else []),
             *(["paralyzed"] if m["paralyzed"] else []), *m["equipment"], *m["retainers"]]
    return ", ".join(str(p) for p in parts) + ("" if m["title"] == "none" else f"; {m['title']}")


def _game_state(g: Mapping[str, Any]) -> str:
    edge = "nobody has the Edge" if g["edge"] == "nobody" else f"{person(g['edge'])} has the Edge"
    return f"{edge}; {person(g['turn'])}'s turn, {g['phase']} phase" + ("; the game is over" if g["over"] else "")


def state_rows(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The table before the first step and at the end, in words: (who, before, after), "" where absent."""
    rows: list[tuple[str, str, str]] = []
    for name in dict.fromkeys([*before["players"], *after["players"]]):
        b, a = before["players"].get(name), after["players"].get(name)
        rows.append((person(name), _player_state(b) if b else "", _player_state(a) if a else ""))
    for name in dict.fromkeys([*before["minions"], *after["minions"]]):
        mb, ma = before["minions"].get(name), after["minions"].get(name)
        who = person((ma or mb or {}).get("controller", ""))
        rows.append((f"{name} ({who})", _minion_state(mb) if mb else "", _minion_state(ma) if ma else ""))
    rows.append(("The Edge and the turn", _game_state(before["game"]), _game_state(after["game"])))
    return rows


# --- the steps refused or illegal ----------------------------------------------------------------------------


def _steps(outcome: Outcome) -> list[Clause]:
    out: list[Clause] = []
    for r in outcome.refused:
        head = f"step {r['step']} ({r['key'].replace('_', ' ')}) is refused: {r['message']}"
        out.append(Clause(f"step:{r['step']}", head + _rule(r["rule"]), head))
    if outcome.illegal:
        i = outcome.illegal
        head = f"step {i['step']} ({i['key'].replace('_', ' ')}) is illegal: {i['message']}"
        out.append(Clause(f"step:{i['step']}", head + _rule(i["rule"]), head))
    return out


def run_answer(outcome: Outcome, edition: str = "", before: Mapping[str, Any] | None = None) -> RunAnswer:
    """One run's answer in words: what changed, then the steps refused or illegal and the rule deciding each."""
    start = before if before is not None else outcome.before
    if start is None:
        raise ValueError(f"{outcome.scenario} [{outcome.ruleset}]: the outcome has no table before the first step")
    changed = changes(start, outcome.answer)
    steps = _steps(outcome)
    said = [_sentence(_list([c.text for c in changed]))] if changed else []
    if steps:
        stop = ", and the scenario stops there" if outcome.illegal and changed else ""
        text = "; ".join(c.text for c in steps) + stop + ("" if changed else ", so nothing changes")
        said.append(_sentence(text))
    sentence = " ".join(said) or "Nothing changes."
    return RunAnswer(outcome.ruleset, edition or outcome.ruleset, outcome.status, (*changed, *steps), sentence,
                     _unchanged(start), outcome.illegal["step"] if outcome.illegal else None)


def summary(outcome: Outcome) -> str:
    """One run's sentence (`rules check --json` carries it as ``summary``)."""
    return run_answer(outcome).sentence


def scenario_answer(outcomes: Sequence[Outcome], editions: Mapping[str, Ruleset],
                    loaded: LoadedScenario | None = None) -> ScenarioAnswer:
    """Every run of one scenario in words, and the line saying what differs between the editions."""
    runs = tuple(run_answer(o, edition_words(o.ruleset, editions, loaded)) for o in outcomes)
    return ScenarioAnswer(runs, difference(runs))


def difference(runs: Sequence[RunAnswer]) -> str:
    """"Same answer under every edition.", or where they part: each group of editions agreeing, in words."""
    if len(runs) <= 1:
        return ONLY_ONE
    groups: dict[tuple[str, ...], list[RunAnswer]] = {}
    for r in runs:
        groups.setdefault(r.plain, []).append(r)
    if len(groups) == 1:
        return SAME
    subjects = list(dict.fromkeys(c.subject for r in runs for c in r.clauses))
    parting = sorted((s for s in subjects
                      if len({next((c.plain for c in r.clauses if c.subject == s), "") for r in runs}) > 1),
                     key=lambda s: not s.startswith("step:"))  # the steps first: what was allowed, then its effect
    return " ".join(_sentence(f"under {_and([r.ruleset for r in members])}, "
                              + _list([members[0].about(s) for s in parting]))
                    for members in groups.values())
