"""Page titles in words (checker/site/titles.py) and what the search page is given besides the index
(checker/site/searchdata.py)."""

from __future__ import annotations

import json

import pytest
from markdown_it import MarkdownIt

from checker.site import searchdata, titles
from checker.site.docnames import rule_doc
from reference.corpus import corpus
from reference.model import SOURCES

HOSTILE = "<script>alert('title')</script> {eval-rst} **bold** [link](http://example.com) `code` # \\ &amp; _x_"


@pytest.mark.parametrize(("rule_id", "words"), [
    ("ref14:V.D.5.c", "Steal Blood"),                   # "c. Steal Blood. Removes blood from ..."
    ("rb95:6.3.2", "Blocking an Action"),               # its heading
    ("ref14:II.C.8", "Encounter Vampire in Torpor"),
    ("rb95:6.4.bleed", "Bleed"),
    ("ja23:basic-details.4", "召喚酔い"),                 # "• 召喚酔い： 有り（...）。"
    ("ja23:edge", "エッジについて"),
    ("rb95:8.3.first-strike.example1", "First Strike: Example"),  # "Example" alone says nothing
])
def test_rule_heading_words(rule_id: str, words: str) -> None:
    assert titles.rule_words(corpus(), rule_id) == words


def test_a_rule_title_names_its_words_document_and_section() -> None:
    assert titles.rule_title(corpus(), "ref14:V.D.5.c") == "Steal Blood — Jyhad Rules Reference 1.4, V.D.5.c"
    assert titles.rule_title(corpus(), "rb95:6.3.2") == "Blocking an Action — V:TES Rulebook (1995), 6.3.2"


def test_a_note_keeps_its_label_and_a_long_sentence_is_cut_at_a_word() -> None:
    words = titles.rule_words(corpus(), "ref14:IV.B.note1")
    assert words.startswith("Note: The Terms are not set until")
    assert words.endswith("…") and len(words) <= len("Note: ") + titles.MAX_CHARS
    assert not words[:-1].endswith(" ")


def test_every_rule_has_a_title_in_words_not_its_id() -> None:
    c = corpus()
    bad = []
    for rid, rule in c.rules.items():
        title = titles.rule_title(c, rid)
        words = title.split(" — ")[0]
        if not words.strip() or words == rid or "\n" in title or not title.endswith(f", {rule.path}"):
            bad.append((rid, title))
    assert bad == []


def test_every_document_has_a_short_name() -> None:
    assert sorted(titles.SHORT_NAMES) == sorted(SOURCES)
    assert titles.source_name(corpus().documents["ref14"]) == "Jyhad Rules Reference 1.4"


def test_a_scenario_is_titled_by_its_title_else_its_question() -> None:
    assert titles.scenario_title("A blocked bleed  ends\nthere", "Q?") == "A blocked bleed ends there"
    assert titles.scenario_title("", "Can a tapped vampire block an action directed at its controller?") \
        .startswith("Can a tapped vampire block")


@pytest.mark.parametrize("text", [HOSTILE, "Steal Blood — Jyhad Rules Reference 1.4, V.D.5.c", "1. Leave the Game",
                                  "- a list?", "> quote", "<b id='injected'>x</b>", "{rule}`ref14:I.C`"])
def test_a_heading_is_never_markup(text: str) -> None:
    tokens = MarkdownIt("commonmark").parse(f"# {titles.md_heading(text)}\n")
    assert [t.type for t in tokens] == ["heading_open", "inline", "heading_close"]
    inline = tokens[1].children or []
    assert {t.type for t in inline} == {"text"}, inline
    assert "".join(t.content for t in inline) == " ".join(text.split())


def test_japanese_characters_once_each_in_order() -> None:
    assert searchdata.cjk_characters("吸血鬼と血 blood エッジ") == "吸 血 鬼 と エ ッ ジ"
    assert searchdata.cjk_characters("no Japanese here") == ""


def test_names_are_compared_without_punctuation() -> None:
    assert searchdata.name_key(".44 Magnum") == searchdata.name_key("44 magnum") == "44 magnum"
    assert searchdata.words("Cameron's Toady") == ["camerons", "toady"]


def test_a_section_carries_the_text_of_its_parts() -> None:
    parts = searchdata.parts_text(corpus())
    texts = [p.text for p in parts["rb95:6.3.2"]]
    assert any("untapped minions" in t for t in texts)
    assert [p.id for p in parts["ref14:V.D.5"]][:3] == ["ref14:V.D.5.a", "ref14:V.D.5.b", "ref14:V.D.5.c"]
    assert "ref14:V.D.5.c" not in parts  # a rule without parts carries nothing


def test_search_terms_from_the_reference_and_the_pages() -> None:
    card = {"kind": "card", "name": "Vast Wealth", "text": "Gain pool.", "rulings": [
        {"anchors": ["tom-19951109", "ruling-x"], "citations": [{"key": "TOM 19951109"}, {"key": "RTR 19950101"}]}]}
    scenario = {"kind": "scenario", "title": "Alice's diablery", "question": "Does Zelios hunt?"}
    terms = json.loads(searchdata.terms_json(searchdata.search_terms(
        corpus(), {"card/vast-wealth": card, "scenario/x": scenario})))

    def pages(index: str, key: str) -> list[str]:
        return [terms["pages"][i][0] for i in terms[index][key]]

    assert pages("ids", "v.d.5.c") == [f"{rule_doc('ref14:V.D.5.c')}.html"]
    assert pages("ids", "ref14:V.D.5.c".casefold()) == ["rule/ref14/V.D.5.c.html"]
    assert pages("ids", "v.d.5") == ["rule/ref14/V.D.5.html", "rule/cto/V.D.5.html"]  # in the documents' order
    assert pages("names", "vast wealth") == ["card/vast-wealth.html"]
    assert pages("ids", "tom 19951109") == ["card/vast-wealth.html#tom-19951109"]
    assert pages("ids", "rtr 19950101") == ["card/vast-wealth.html#tom-19951109"]  # no anchor of its own: the ruling's
    assert terms["words"]["diablerie"] > 0 and "zelios" in terms["words"] and "wealth" in terms["words"]
    assert terms["related"]["tapped"] == ["untapped"]
    assert terms["labels"]["source"]["ref14"] == "Jyhad Rules Reference 1.4"
