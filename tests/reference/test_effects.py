"""Card encodings: every part quotes its card, covers it all, and says what the fragment says."""

from __future__ import annotations

import pytest

from reference.cards import card_index, find_card
from reference.effectcheck import ENCODINGS_DIR, check_encoding, encodings, load_encodings, status
from reference.effects import EFFECT_KEYS, Encoding
from reference.problems import ProblemsError
from tests.conftest import DATA


def test_every_encoding_matches_its_card() -> None:
    """load_encodings raises on any quote, coverage or number problem in reference/data/cards."""
    found = load_encodings(card_index(), ENCODINGS_DIR)
    assert len(found) >= 327  # every era vampire


def test_every_era_vampire_has_a_status() -> None:
    vampires = [c for c in card_index().by_id.values() if c.is_era_card and c.kind == "crypt"]
    assert len(vampires) == 327
    assert all(status(c, encodings())[0] != "not yet encoded" for c in vampires)


def test_a_not_modelled_part_makes_the_card_not_encodable() -> None:
    aisha = find_card("Aisha")  # "Once each turn, Aisha can burn 1 blood to get +1 intercept for the current action."
    state, missing = status(aisha, encodings())
    assert state == "not encodable" and missing


def test_bad_encodings_give_one_line_each() -> None:
    with pytest.raises(ProblemsError) as exc:
        load_encodings(card_index(), DATA / "bad_encodings")
    lines = [str(p).replace(str(DATA), "tests/data") for p in exc.value.problems]
    f = "tests/data/bad_encodings/cards.yaml"
    assert lines == [
        f"{f}:5: [0].parts[1].strike: damage 3 is not in 'Strike: 2R damage'",
        f"{f}:10: [1].parts[1].strike: aggravated is false, not what 'Strike: 1R aggravated damage.' says",
        f"{f}:12: [2].parts: Flamethrower's any text is not all encoded: 'Strike: 2R aggravated damage.' (add a "
        "part for it, with `not_modelled:` naming the mechanic if the engine lacks it)",
        f"{f}:16: [3].parts[0].text: not in Assault Rifle's any text: 'Strike: 4R damage, with 2 optional "
        "maneuvers each round.'",
        f"{f}:20: [4].parts[1].modifier: limited is false, not what '+1 bleed (limited).' says",
        f"{f}:22: [5].card: no card named \"Nobody's Card\"; did you mean: Body Flare, Bloody Mary, Body Bag?",
        f"{f}:27: [6].parts[0]: Value error, a part has exactly one effect ({', '.join(EFFECT_KEYS)}); found "
        "sect, usable",
    ]


def test_levels_select_the_lines_of_their_discipline() -> None:
    signpost = find_card("Torn Signpost")
    enc = Encoding.model_validate({"card": "Torn Signpost", "parts": [
        {"text": "Only usable before range is determined.", "usable": "before_range"},
        {"text": "This vampire gets a strength of 2 this combat.", "level": "superior",
         "not_modelled": "strength set for a combat"},
        {"text": "This vampire gets a strength of 3 this combat.", "level": "superior",
         "not_modelled": "strength set for a combat"},
    ]})
    issues = check_encoding(signpost, enc)
    assert (("parts", 1, "text"), "not in Torn Signpost's superior text (it is in the basic text): "
            "'This vampire gets a strength of 2 this combat.'") in issues
    assert "strength_plus" not in str(issues)


def test_no_encoding_claims_the_uniqueness_of_a_card_the_engine_does_not_contest() -> None:
    """The engine contests unique minions, equipment and retainers (and master cards in play, by their kind);
    'Unique' on other cards must be named as not modelled."""
    contested = {"Vampire", "Ally", "Equipment", "Retainer"}
    claimed = [e.card.name for e in encodings().values()
               if any(p.unique for p in e.encoding.parts) and not contested & set(e.card.types)]
    assert claimed == []


def test_every_restated_rule_exists() -> None:
    """'This could lead to a contested title.' names the rule it restates; the id must be in the corpus."""
    from reference.corpus import corpus

    ids = set(corpus().rules)
    restated = {p.restates_rule for e in encodings().values() for p in e.encoding.parts if p.restates_rule}
    assert restated and restated <= ids


def test_a_political_card_says_its_terms() -> None:
    """A referendum part must quote its numbers and its subject; a capacity clause needs no 'successful'."""
    paris = find_card("Praxis Seizure: Paris")
    enc = Encoding.model_validate({"card": paris.id, "parts": [
        {"text": "Requires a Camarilla vampire.", "requires": {"sect": "Sabbat"}},
        {"text": "Title.", "being": "title"},
        {"text": "If this referendum is successful, put this card on the acting vampire to represent the unique "
                 "Camarilla title of Prince of Paris.", "referendum": {"title": "Prince of Rome"}},
        {"text": "This could lead to a contested title.", "restates_rule": "ref14:II.A.2.d"},
        {"text": "If the prince is Toreador, his or her capacity increases by 1.",
         "referendum": {"capacity": 2, "if_clan": "Toreador"}},
    ]})
    issues = [m for _, m in check_encoding(paris, enc)]
    assert issues == [
        "'Sabbat' is not in 'Requires a Camarilla vampire.'",
        "'Prince of Rome' is not in 'If this referendum is successful, put this card on the acting vampire to "
        "represent the unique Camarilla title of Prince of Paris.'",
        "'capacity increases by 2' is not in 'If the prince is Toreador, his or her capacity increases by 1.'",
    ]


def test_a_card_in_play_says_its_phase_its_blood_and_whether_it_locks() -> None:
    """A card in play acting in its controller's phases must quote the phase, the blood or pool, the clan, the lock
    (the 'unlock' of 'unlock phase' is no lock) and the Edge it needs."""
    museum = find_card("Art Museum")
    enc = Encoding.model_validate({"card": museum.id, "parts": [
        {"text": "Unique location.", "master": "unique location"},
        {"text": "You can lock this location during your influence phase to add 1 blood to a Toreador in your "
                 "uncontrolled region.",
         "phase_blood": {"phase": "unlock", "amount": 2, "to": "uncontrolled", "clan": "Tremere", "lock": False}},
    ]})
    said = "'You can lock this location during your influence phase to add 1 blood to a Toreador in your " \
           "uncontrolled region.'"
    assert [m for _, m in check_encoding(museum, enc)] == [
        f"'during your unlock phase' is not in {said}", f"lock is false, not what {said} says",
        f"'2 blood' is not in {said}", f"the clan Tremere is not what {said} says"]
    zoo = find_card("Zoo Hunting Ground")
    enc = Encoding.model_validate({"card": zoo.id, "parts": [
        {"text": "Unique location.", "master": "unique location"},
        {"text": "Hunting ground.", "being": "hunting ground"},
        {"text": "During your unlock phase, a ready vampire you control can gain 1 blood.",
         "phase_blood": {"phase": "unlock", "amount": 1, "to": "ready"}},
        {"text": "A vampire can gain blood from only one hunting ground each turn.", "one_hunting_ground": True},
    ]})
    assert check_encoding(zoo, enc) == []
    advantage = find_card("Using the Advantage")
    enc = Encoding.model_validate({"card": advantage.id, "parts": [
        {"text": "Master.", "master": "master"},
        {"text": "Put this card into play.", "in_play": True},
        {"text": "During your unlock phase, if you control the Edge, you may lock this card to gain 1 pool.",
         "phase_pool": {"phase": "unlock", "amount": 1, "lock": True, "edge": False}},
    ]})
    assert [m for _, m in check_encoding(advantage, enc)] == [
        "edge is false, not what 'During your unlock phase, if you control the Edge, you may lock this card to gain "
        "1 pool.' says"]


def test_combat_card_words_must_be_in_their_quotes() -> None:
    """Equipment destroyed or stolen, hand strikes at +N, counts in words, additional strikes, strength for a
    combat, prevention each combat and for the rest of a round: each number and word must be in the quote."""
    def issues(name: str, parts: list[dict[str, object]]) -> list[str]:
        card = find_card(name)
        return [m for _, m in check_encoding(card, Encoding.model_validate({"card": card.id, "parts": parts}))]

    assert issues("Deer Rifle", [
        {"text": "Weapon: gun.", "weapon": "gun"},
        {"text": "1R damage each strike", "strike": {"damage": 1, "ranged": True}},
        {"text": "with two optional maneuvers each combat.", "maneuver": {"count": 2, "per": "combat"}}]) == []
    assert issues("Deer Rifle", [
        {"text": "Weapon: gun.", "weapon": "gun"},
        {"text": "1R damage each strike", "strike": {"damage": 1, "ranged": True}},
        {"text": "with two optional maneuvers each combat.", "maneuver": {"count": 3, "per": "combat"}}]) == [
        "3 maneuver(s) is not in 'with two optional maneuvers each combat.'"]
    assert issues(".44 Magnum", [
        {"text": "Weapon: gun.", "weapon": "gun"},
        {"text": "Strike: 2R damage", "strike": {"damage": 2, "ranged": True}},
        {"text": ", with 1 optional maneuver each combat.", "maneuver": {"per": "use", "optional": False}}]) == [
        "per is use but the text says each combat: ', with 1 optional maneuver each combat.'",
        "optional is false but the text says optional: ', with 1 optional maneuver each combat.'"]
    assert issues("RPG Launcher", [
        {"text": "Weapon.", "weapon": "weapon"},
        {"text": "6R damage each strike", "strike": {"damage": 6, "ranged": True}},
        {"text": "only usable after the first round of combat", "usable": "first_round"},
        {"text": "only usable at long range.", "usable": "long"}]) == [
        "'after the first round' is in 'only usable after the first round of combat', which contradicts this effect"]
    assert issues("Shattering Blow", [
        {"text": "Strike: destroy equipment.", "level": "basic", "strike": {"steal_equipment": "equipment"}},
        {"text": "Strike: destroy equipment with first strike.", "level": "superior",
         "strike": {"destroy_equipment": True, "first_strike": True}}]) == [
        "destroy_equipment is false, not what 'Strike: destroy equipment.' says",
        "'steal equipment' is not in 'Strike: destroy equipment.'"]
    assert issues("Cauldron of Blood", [
        {"text": "Not usable on the first round of combat.", "usable": "not_first_round"},
        {"text": "Strike: hand strike at +2 damage.", "level": "basic", "strike": {"hands": True, "plus_damage": 3}},
        {"text": "Strike: hand strike at +4 damage.", "level": "superior", "strike": {"plus_damage": 4}}]) == [
        "+3 damage is not in 'Strike: hand strike at +2 damage.'",
        "hands is false, not what 'Strike: hand strike at +4 damage.' says"]
    assert issues("Blur", [
        {"text": "Additional strike (limited).", "level": "basic", "additional_strikes": {"limited": False}},
        {"text": "2 additional strikes (limited).", "level": "superior",
         "additional_strikes": {"count": 3, "limited": True}}]) == [
        "1 additional strike is not what 'Additional strike (limited).' says",
        "3 additional strikes (limited) is not what '2 additional strikes (limited).' says"]
    assert issues("Fists of Death", [
        {"text": "Only usable before range is chosen.", "usable": "before_range"},
        {"text": "This vampire gets +1 strength for the remainder of the combat.", "level": "basic",
         "combat_strength": {"amount": 1, "opponent": True}},
        {"text": "As above", "level": "superior", "same_as_basic": True},
        {"text": "but with +2 strength", "level": "superior", "combat_strength": {"amount": 2}}]) == [
        "'the opposing minion +1 strength for the combat' is not what 'This vampire gets +1 strength for the "
        "remainder of the combat.' says"]
    assert issues("Flak Jacket", [
        {"text": "Equipment.", "being": "equipment"},
        {"text": "The minion with this equipment may prevent 1 damage each combat.",
         "prevent": {"amount": 1, "per": "round"}}]) == [
        "'each round' is not in 'The minion with this equipment may prevent 1 damage each combat.'"]
    assert issues("Skin of Steel", [
        {"text": "Prevent all damage from the opponent's strike.", "level": "basic", "prevents_all_round": True},
        {"text": "As above", "level": "superior", "same_as_basic": True},
        {"text": "and prevent all damage from the opponent's strikes for the remainder of this round",
         "level": "superior", "prevents_all_round": True}]) == [
        "'remainder of this round' is not in \"Prevent all damage from the "
        "opponent's strike.\""]


def test_ally_and_retainer_numbers_must_be_in_their_quotes() -> None:
    """An ally's strength and bleed ('1 strength, 0 bleed.', not a '+1 strength' bonus) and a retainer's damage each
    round (its amount, 'R' or 'close range', the opposing minion, strike resolution) and Dog Pack's bar on 'strike:
    combat ends' must be in the quote."""
    def issues(name: str, parts: list[dict[str, object]]) -> list[str]:
        card = find_card(name)
        return [m for _, m in check_encoding(card, Encoding.model_validate({"card": card.id, "parts": parts}))]

    gang = [{"text": "Mortal", "being": "mortal"}, {"text": "with 2 life.", "life": 2}]
    assert issues("Loyal Street Gang", [*gang, {"text": "1 strength, 0 bleed.",
                                                "ally_stats": {"strength": 1, "bleed": 0}}]) == []
    assert issues("Loyal Street Gang", [*gang, {"text": "1 strength, 0 bleed.",
                                                "ally_stats": {"strength": 0, "bleed": 1}}]) == [
        "'0 strength' is not in '1 strength, 0 bleed.'", "'1 bleed' is not in '1 strength, 0 bleed.'"]
    crows = [{"text": "Animal", "being": "animal"}, {"text": "with 1 life.", "life": 1},
             {"text": "As above", "level": "superior", "same_as_basic": True},
             {"text": "but Murder of Crows has 2 life", "level": "superior", "life": 2}]
    said = ("Murder of Crows inflicts 1R damage on the opposing minion each round of combat during normal strike "
            "resolution.")
    assert issues("Murder of Crows", [*crows, {"text": said, "level": "basic",
                                               "round_damage": {"amount": 1, "ranged": True}}]) == []
    assert issues("Murder of Crows", [*crows, {"text": said, "level": "basic", "round_damage": {"amount": 1}}]) == [
        f"ranged is false, but {said!r} says R and no close range"]
    assert issues("Murder of Crows", [*crows, {"text": said, "level": "basic",
                                               "round_damage": {"amount": 2, "ranged": True}}]) == [
        f"'2 damage ... the opposing minion ... strike resolution' is not in {said!r}"]
    dogs = [{"text": "Animal", "being": "animal"}]
    assert issues("Dog Pack", [*dogs, {"text": "with 1 life.", "life": 1},
                               {"text": "Minions in combat with the employer cannot strike: combat ends.",
                                "no_combat_ends_against": True}]) == []
    assert issues("Dog Pack", [*dogs, {"text": "with 1 life.", "no_combat_ends_against": True},
                               {"text": "Minions in combat with the employer cannot strike: combat ends.",
                                "not_modelled": "combat effects the vocabulary lacks"}]) == [
        "'in combat with the employer' is not in 'with 1 life.'",
        "'cannot strike: combat ends' is not in 'with 1 life.'"]


def test_a_location_locked_for_a_bonus_says_its_bonus_and_clan() -> None:
    backways = find_card("Backways")
    enc = Encoding.model_validate({"card": backways.id, "parts": [
        {"text": "Unique location.", "master": "unique location"},
        {"text": "Lock to give a Gangrel you control +1 stealth.", "lock_gives": {"intercept": 1, "clan": "Brujah"}},
    ]})
    issues = [m for _, m in check_encoding(backways, enc)]
    assert issues == ["'+1 intercept' is not in 'Lock to give a Gangrel you control +1 stealth.'",
                      "'Brujah' is not in 'Lock to give a Gangrel you control +1 stealth.'"]


def test_each_effect_is_checked_against_its_quote_by_its_declaration() -> None:
    """The words an effect's quote must say are declared once, with the effect (``Says`` or ``Check`` on the Part
    field, a kind's own ``unsaid``); the text check reads them from there: a real part of each effect passes on
    its own quote and fails on a quote that says nothing."""
    from reference.effectcheck import _numbers, encodings, squash
    from reference.effects import SAYS

    used = {p.effect: p for e in encodings().values() for p in e.encoding.parts}
    for name in EFFECT_KEYS:
        part = used.get(name)
        if name in ("restates_rule", "not_modelled"):
            continue
        if part is None:  # declared, but no card uses it yet: its words still say what to quote
            assert SAYS[name].phrases or SAYS[name].by_value, name
            continue
        assert [m for _, m in _numbers(part, squash(part.text).lower())] == [], name
        assert {f for f, _ in _numbers(part, "nothing at all.")} == {name}, name


def test_every_effect_has_a_text_check() -> None:
    """An effect is checked by what it declares: words (``Says``) or a computed check (``Check``) on a plain
    effect's field, or its own ``unsaid`` for a kind made of several fields; only an unmodelled mechanic and a
    rule's restatement say nothing the check could read."""
    import typing

    from reference.effects import CHECKS, SAYS, Kind, Part

    def own_check(name: str) -> bool:
        kinds = [t for t in typing.get_args(Part.model_fields[name].annotation) if isinstance(t, type)]
        return any(issubclass(t, Kind) and t.unsaid is not Kind.unsaid for t in kinds)

    unchecked = [k for k in EFFECT_KEYS if k not in SAYS and k not in CHECKS and not own_check(k)]
    assert unchecked == ["restates_rule", "not_modelled"]
