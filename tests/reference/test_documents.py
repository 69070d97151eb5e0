"""The corpus files: a header naming the origin, then the source document verbatim."""

from __future__ import annotations

import pytest

from reference.documents import CORPUS_DIR, FILES, load_documents, parse_document
from reference.model import SOURCES
from reference.problems import ProblemsError
from tests.conftest import SHARED_SOURCES


def test_every_source_has_a_header_naming_its_origin() -> None:
    docs = load_documents()
    assert list(docs) == list(SOURCES)
    for doc in docs.values():
        assert doc.author and doc.date and doc.what and doc.title
        assert doc.origin.endswith(FILES[doc.id])


@pytest.mark.skipif(not SHARED_SOURCES.exists(), reason="shared/sources is not beside the project")
@pytest.mark.parametrize("source", SOURCES)
def test_body_is_the_shared_source_byte_for_byte(source: str) -> None:
    doc = load_documents()[source]
    assert doc.body.encode("utf-8") == (SHARED_SOURCES / FILES[source]).read_bytes()


def test_an_edited_body_is_refused_with_its_location() -> None:
    raw = (CORPUS_DIR / FILES["sol"]).read_bytes().replace(b"15 each", b"16 each")
    with pytest.raises(ProblemsError) as exc:
        parse_document(raw, "sol.txt")
    (problem,) = exc.value.problems
    assert problem.file == "sol.txt" and problem.field == "sha256"
    assert "differs from the verbatim source" in problem.message


def test_a_file_without_header_is_refused() -> None:
    with pytest.raises(ProblemsError) as exc:
        parse_document(b"I. SETUP\n", "x.txt")
    assert "header" in exc.value.problems[0].message
