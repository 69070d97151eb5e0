"""Reading the corpus files: a YAML header naming the origin, then the verbatim document."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import ValidationError

from reference.model import SOURCES, Document
from reference.problems import Problem, ProblemsError
from reference.yamlsource import YamlLoadError, load_text

PACKAGE_DIR = Path(__file__).resolve().parent
CORPUS_DIR = PACKAGE_DIR / "corpus"
DATA_DIR = PACKAGE_DIR / "data"

FILES = {
    "ref14": "jyhad-rules-reference-1.4.txt",
    "rb95": "vtes-rulebook-1995.txt",
    "cto": "steal-blood-ruling-and-combat-outline.txt",
    "sol": "jyhad-solitaire.txt",
    "ja23": "jyhad-overview-ja-2023.md",
}


def display_path(path: Path) -> str:
    """A path as shown to users: relative to the project when inside it."""
    try:
        return str(path.resolve().relative_to(PACKAGE_DIR.parent))
    except ValueError:
        return str(path)


def parse_document(raw: bytes, file: str) -> Document:
    """Split a corpus file into its header and body and check the body's fingerprint."""
    text = raw.decode("utf-8")
    if not text.startswith("---\n"):
        raise ProblemsError([Problem(file, 1, None, "missing the '---' header naming the origin")])
    end = text.find("\n---\n", 3)
    if end < 0:
        raise ProblemsError([Problem(file, 1, None, "the header is not closed by a '---' line")])
    head, body = text[4 : end + 1], text[end + 5 :]
    try:
        located = load_text(head, file)
    except YamlLoadError as exc:
        p = exc.problem
        raise ProblemsError([Problem(file, (p.line or 0) + 1, p.field, p.message)]) from None
    if not isinstance(located.data, dict):
        raise ProblemsError([Problem(file, 2, None, "the header must be a mapping")])
    header_lines = head.count("\n") + 2
    try:
        doc = Document(**located.data, file=file, body=body, header_lines=header_lines)
    except ValidationError as exc:
        raise ProblemsError(
            [
                Problem(file, (located.line_of(tuple(str(x) for x in e["loc"])) or 0) + 1,
                        ".".join(str(x) for x in e["loc"]), e["msg"])
                for e in exc.errors()
            ]
        ) from None
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    if digest != doc.sha256:
        raise ProblemsError(
            [Problem(file, header_lines + 1, "sha256",
                     "the document differs from the verbatim source its header fingerprints")]
        )
    return doc


def load_documents(corpus_dir: Path = CORPUS_DIR) -> dict[str, Document]:
    """Every source document, keyed by source id, in corpus order."""
    docs: dict[str, Document] = {}
    problems: list[Problem] = []
    for source in SOURCES:
        path = corpus_dir / FILES[source]
        try:
            doc = parse_document(path.read_bytes(), display_path(path))
        except ProblemsError as exc:
            problems.extend(exc.problems)
            continue
        except OSError as exc:
            problems.append(Problem(display_path(path), None, None, exc.strerror or str(exc)))
            continue
        if doc.id != source:
            problems.append(Problem(doc.file, 2, "id", f"expected {source!r}, found {doc.id!r}"))
        docs[source] = doc
    if problems:
        raise ProblemsError(problems)
    return docs
