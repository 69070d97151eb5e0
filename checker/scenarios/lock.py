"""Suspect citations: each scenario remembers a fingerprint of every rule it cites.

When a rule's text, its errata or the parameters it owns change, the scenarios citing it
are *suspect* until a person looks again and runs ``rules confirm``. The fingerprints live
in ``scenarios/citations.lock.json``, reviewed like any golden file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from checker.scenarios.load import LoadedScenario
from reference.atomic import locked, read_regular, write_atomic
from reference.corpus import Corpus
from reference.documents import display_path
from reference.errata import Erratum
from reference.rulesets import Ruleset

LOCK_NAME = "citations.lock.json"


def fingerprint(rule: str, corpus: Corpus, editions: Mapping[str, Ruleset], errata: Iterable[Erratum]) -> str:
    """A short hash of what a rule says: its text, the errata amending it, the values it owns."""
    h = hashlib.sha256()
    h.update(corpus.rules[rule].body.encode() if rule in corpus.rules else rule.encode())
    for e in errata:
        for a in e.amends:
            if a.rule == rule:
                h.update(json.dumps([e.id, a.text, e.parameters, list(e.targets)], sort_keys=True).encode())
    owned = sorted((name, p, json.dumps(param.value, sort_keys=True))
                   for name, rs in editions.items() for p, param in rs.parameters.items() if param.rule == rule)
    h.update(json.dumps(owned).encode())
    return h.hexdigest()[:16]


class DamagedLock(ValueError):
    """The lock file cannot be read; ``rules confirm`` rebuilds it."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{display_path(path)}: the citations lock is damaged ({why}); "
                         "`rules confirm` rebuilds it")


def read_lock(path: Path) -> dict[str, dict[str, str]]:
    """The confirmed fingerprints, by scenario; raises :class:`DamagedLock` if the file is not a lock."""
    try:
        text = read_regular(path).decode("utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise DamagedLock(path, exc.strerror or str(exc)) from None
    except UnicodeDecodeError as exc:
        raise DamagedLock(path, str(exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DamagedLock(path, f"not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict) or not all(
            isinstance(v, dict) and all(isinstance(f, str) for f in v.values()) for v in data.values()):
        raise DamagedLock(path, "not a mapping of scenario to rule fingerprints")
    return {str(k): {str(r): f for r, f in v.items()} for k, v in data.items()}


def write_lock(path: Path, lock: Mapping[str, Mapping[str, str]]) -> None:
    """Write the lock atomically: readers see the old file or the new one."""
    ordered = {k: dict(sorted(v.items())) for k, v in sorted(lock.items())}
    write_atomic(path, json.dumps(ordered, indent=1, ensure_ascii=False) + "\n", durable=True)


def update_lock(path: Path, change: Callable[[dict[str, dict[str, str]]], dict[str, dict[str, str]]]) -> bool:
    """Read, change and write the lock while holding its folder's lock, so concurrent confirms both land.

    A damaged lock is rebuilt from nothing; returns whether it was damaged.
    """
    with locked(path.parent):
        for stale in path.parent.glob(f".{path.name}.*.tmp"):  # left by a writer that was killed
            stale.unlink(missing_ok=True)
        try:
            lock, damaged = read_lock(path), False
        except DamagedLock:
            lock, damaged = {}, True
        write_lock(path, change(lock))
    return damaged


def cited(sc: LoadedScenario) -> list[str]:
    return list(dict.fromkeys((*sc.scenario.tests, *sc.scenario.cites)))


@dataclass(frozen=True)
class Suspect:
    """A scenario citing a rule that changed since a person last confirmed it."""

    scenario: str
    rule: str
    reason: str  # "changed" or "unconfirmed"


def suspects(loaded: Iterable[LoadedScenario], lock: Mapping[str, Mapping[str, str]], corpus: Corpus,
             editions: Mapping[str, Ruleset], errata: Iterable[Erratum]) -> list[Suspect]:
    errata = list(errata)
    cache: dict[str, str] = {}
    out: list[Suspect] = []
    for sc in loaded:
        known = lock.get(sc.path, {})
        for rule in cited(sc):
            fp = cache.setdefault(rule, fingerprint(rule, corpus, editions, errata))
            if rule not in known:
                out.append(Suspect(sc.path, rule, "unconfirmed"))
            elif known[rule] != fp:
                out.append(Suspect(sc.path, rule, "changed"))
    return out


def confirmed(loaded: Iterable[LoadedScenario], lock: Mapping[str, Mapping[str, str]], corpus: Corpus,
              editions: Mapping[str, Ruleset], errata: Iterable[Erratum]) -> dict[str, dict[str, str]]:
    """The lock with these scenarios' fingerprints brought up to date."""
    errata = list(errata)
    out = {k: dict(v) for k, v in lock.items()}
    for sc in loaded:
        out[sc.path] = {rule: fingerprint(rule, corpus, editions, errata) for rule in cited(sc)}
    return out
