"""Every rule id named in code, data, docs and tests exists in the corpus (STYLE habit 1)."""

from __future__ import annotations

import re

from reference.corpus import Corpus
from tests.conftest import ROOT

ID = re.compile(r"(?<![\w.])(?:ref14|rb95|cto|sol|ja23):[A-Za-z0-9][A-Za-z0-9.\-]*[A-Za-z0-9]")
SCANNED = ("reference", "checker", "tests", "scenarios", "docs", "bench")
SUFFIXES = {".py", ".yaml", ".yml", ".md", ".txt", ".toml"}
# Misspelt ids used on purpose, to test the error messages and their suggestions.
DELIBERATE_TYPOS = {
    "rb95:6.4.bleeed", "rb95:5.stepp5", "ref14:II.C.1.x", "ref14:II.C.exceptio1", "ref14:II.Z", "ref14:V.D.5.x",
    "ref14:NOPE.1", "ref14:IV.DD", "ref14:V.D.3.a.example1", "ref14:III.Z.9",  # tests/data/bad_rulings
}


def test_every_named_rule_id_exists(the_corpus: Corpus) -> None:
    missing: list[str] = []
    files = [p for d in SCANNED if (ROOT / d).exists() for p in (ROOT / d).rglob("*")
             if p.suffix in SUFFIXES and "corpus" not in p.parts]
    files.append(ROOT / "README.md")
    for path in files:
        rel = str(path.relative_to(ROOT))
        if rel == "reference/ids.txt":
            continue
        if "broken_scenarios" in path.parts and path.stem == "utf16":
            continue  # the hostile corpus's deliberately non-UTF-8 file
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for rid in ID.findall(line):
                if rid not in the_corpus.rules and rid not in DELIBERATE_TYPOS:
                    missing.append(f"{rel}:{n}: {rid}")
    assert missing == []
