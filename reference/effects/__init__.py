"""Card effects as data: each encoded card's text, part by part, mapped to the engine's effect vocabulary.

An encoding (``reference/data/cards/*.yaml``) lists a card's parts. Each part quotes the fragment
of the card's text it encodes (``text``), says which Discipline level's text it belongs to
(``level``: a ``[pot]`` line is basic, a ``[POT]`` line superior), and gives exactly one effect:
a sect or title, a strike, a maneuver, a modifier (+stealth, +bleed, +intercept), a weapon's
kind, a limit ("each combat", "only usable ..."), or ``not_modelled`` naming the mechanic the
engine lacks. The parts must cover the whole text (reference/effectcheck.py checks the quotes
and the numbers against the card); a card with a ``not_modelled`` part is *not encodable* and a
scenario may use it only by saying it ignores those parts.

The card text is today's official text in today's terms (lock/unlock for tap/untap); the parts
quote it verbatim.

The vocabulary is grouped by family: ``words`` (what a quote must say, the base of every kind), ``combat``
(strikes, maneuvers, modifiers, damage, prevention, presses), ``actions`` (a card's bleed, blood and pool,
locking, control), ``politics`` (requirements, choices, votes, referendums) and ``part`` (the part and the
encoding). Each effect is declared once, with the words its quote must say.
"""

from reference.effects.actions import (
    AbilityAction as AbilityAction,
)
from reference.effects.actions import (
    AddBlood as AddBlood,
)
from reference.effects.actions import (
    CardBleed as CardBleed,
)
from reference.effects.actions import (
    Feed as Feed,
)
from reference.effects.actions import (
    LockGives as LockGives,
)
from reference.effects.actions import (
    LockTarget as LockTarget,
)
from reference.effects.actions import (
    PhaseBlood as PhaseBlood,
)
from reference.effects.actions import (
    PhasePool as PhasePool,
)
from reference.effects.actions import (
    TakesControl as TakesControl,
)
from reference.effects.combat import (
    AdditionalStrikes as AdditionalStrikes,
)
from reference.effects.combat import (
    AllyStats as AllyStats,
)
from reference.effects.combat import (
    BearerDamage as BearerDamage,
)
from reference.effects.combat import (
    CombatStrength as CombatStrength,
)
from reference.effects.combat import (
    EquipmentPress as EquipmentPress,
)
from reference.effects.combat import (
    InflictEffect as InflictEffect,
)
from reference.effects.combat import (
    ManeuverEffect as ManeuverEffect,
)
from reference.effects.combat import (
    Modifier as Modifier,
)
from reference.effects.combat import (
    Prevention as Prevention,
)
from reference.effects.combat import (
    RoundDamage as RoundDamage,
)
from reference.effects.combat import (
    StrikeEffect as StrikeEffect,
)
from reference.effects.combat import (
    UnlockDamage as UnlockDamage,
)
from reference.effects.part import (
    CHECKS as CHECKS,
)
from reference.effects.part import (
    EFFECT_KEYS as EFFECT_KEYS,
)
from reference.effects.part import (
    QUOTE_FIELDS as QUOTE_FIELDS,
)
from reference.effects.part import (
    SAYS as SAYS,
)
from reference.effects.part import (
    Encoding as Encoding,
)
from reference.effects.part import (
    Part as Part,
)
from reference.effects.part import (
    Range as Range,
)
from reference.effects.politics import (
    Choice as Choice,
)
from reference.effects.politics import (
    ClanVotes as ClanVotes,
)
from reference.effects.politics import (
    Referendum as Referendum,
)
from reference.effects.politics import (
    Requirement as Requirement,
)
from reference.effects.words import (
    Check as Check,
)
from reference.effects.words import (
    Kind as Kind,
)
from reference.effects.words import (
    Level as Level,
)
from reference.effects.words import (
    Says as Says,
)
from reference.effects.words import (
    Sect as Sect,
)
from reference.effects.words import (
    Strict as Strict,
)
