"""Loading and validating the Round Table card pool (content/cards.toml).

Every value the rules use comes from here; the rules code holds no card data. Validation
runs at load: unknown keys, wrong types, a missing provenance, a field that does not belong
to the card's type, an unknown ability hook or a broken demesne chain all fail loudly,
naming the card.

A demesne with `variant_of` is another printing (seasonal art) of a step of the chain Farm ->
Manor -> Large Manor -> Keep -> Castle: the rules treat it as that step (1. Demesnes).
"""

from functools import cache
from typing import Literal

import msgspec

from meeple.engine.content import ContentError, Source, convert_content
from meeple.games.round_table.abilities import ABILITIES
from meeple.games.round_table.events import EVENTS

CARD_KINDS = ("demesne", "knight", "equipment", "title", "quest", "redirect", "region")
CardKind = Literal["demesne", "knight", "equipment", "title", "quest", "redirect", "region"]
Subtype = Literal["monarch", "round_table", "grail", "leader"]
Slot = Literal["mount", "armor", "shield", "weapon", ""]
MAIN_TYPES = ("knight", "equipment", "title", "quest", "redirect")


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card of the pool (Description of Cards: title, type, text, Influence, RP, Resistance)."""

    id: str
    name: str
    type: CardKind
    source: Source
    note: str
    text: str = ""
    rp: int = 0
    influence: int = 0
    resistance: int = 0
    renown: int = 0
    subtypes: tuple[Subtype, ...] = ()
    named: bool = False
    slot: Slot = ""
    fey: bool = False
    upgrades: str = ""
    variant_of: str = ""
    ability: str = ""

    @property
    def main(self) -> bool:
        """Whether the card belongs in a Main deck (Knights, Titles, Quests, Redirects, Equipment)."""
        return self.type in MAIN_TYPES


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[Card]


class Pool(msgspec.Struct, frozen=True):
    """The whole card pool, validated, with lookups the rules need."""

    cards: tuple[Card, ...]
    index: dict[str, int]
    farm: int  # the basic demesne every player starts with in play (Before Play Begins, step 3)
    upgrade_of: tuple[int, ...]  # per card: the step of the demesne chain it upgrades, or -1
    step_of: tuple[int, ...]  # per card: its step of the demesne chain (a printing's base card), or itself
    regions: tuple[int, ...]  # every region card, in pool order
    of_type: dict[str, frozenset[int]]  # card type -> the cards of that type
    main: tuple[bool, ...]  # per card: whether it belongs in a Main deck (its back), Card.main
    income: tuple[int, ...]  # per card: the RP it adds to its seat's capacity in play (a demesne's), else 0
    hooked: dict[str, frozenset[int]]  # event -> the cards whose text answers it
    holding: tuple[int | str | None, ...]  # per card: what a knight may hold one of (see `holding_key`), else None

    def __hash__(self) -> int:
        return id(self)

    def card(self, card_id: str) -> Card:
        return self.cards[self.index[card_id]]


def _check(cards: list[Card]) -> None:
    ids = [card.id for card in cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ContentError(f"cards.toml: card ids must be unique, repeated: {', '.join(duplicates)}")
    names = [card.name for card in cards]
    if len(set(names)) != len(names):
        raise ContentError("cards.toml: card names must be unique")
    known = set(ids)
    steps = {card.id: card for card in cards if card.type == "demesne" and not card.variant_of}
    for card in cards:
        where = f"cards.toml: card {card.id}"
        if card.ability and card.ability not in ABILITIES:
            raise ContentError(f"{where}: unknown ability {card.ability!r} (known: {', '.join(sorted(ABILITIES))})")
        if (card.type == "equipment") != bool(card.slot):
            raise ContentError(f"{where}: equipment, and only equipment, has a slot")
        if card.subtypes and card.type != "knight":
            raise ContentError(f"{where}: only knights have subtypes")
        if card.named and card.type != "knight":
            raise ContentError(f"{where}: only knights can be named")
        if card.renown and card.type != "region":
            raise ContentError(f"{where}: only regions have renown")
        if card.type == "region" and card.renown < 1:
            raise ContentError(f"{where}: a region needs renown >= 1")
        if card.upgrades and (card.type != "demesne" or card.upgrades not in steps):
            raise ContentError(f"{where}: upgrades must name a demesne of the pool that is a step of the chain")
        if card.variant_of:
            _check_variant(card, steps.get(card.variant_of), where)
        if card.rp < 0 or card.resistance < 0 or card.influence < 0:
            raise ContentError(f"{where}: rp, influence and resistance cannot be negative")
        if card.type == "demesne" and card.rp < 1:
            raise ContentError(f"{where}: a demesne gives at least 1 RP")
    if "farm" not in known:
        raise ContentError("cards.toml: the pool needs a Farm (Before Play Begins, step 3)")
    if sum(card.type == "region" for card in cards) < 5:
        raise ContentError("cards.toml: a game needs at least 5 regions (7. Regions)")


def _check_variant(card: Card, step: Card | None, where: str) -> None:
    """A printing of a chain step (its seasonal art) is that step in play: same RP, same upgrade."""
    if card.type != "demesne" or step is None:
        raise ContentError(f"{where}: variant_of must name a demesne of the pool that is a step of the chain")
    if (card.rp, card.upgrades) != (step.rp, step.upgrades):
        wanted = f"its RP ({step.rp}) and upgrades ({step.upgrades!r})"
        raise ContentError(f"{where}: a printing of {step.name} has {wanted}")


def holding_key(index: int, card: Card) -> int | str | None:
    """What a knight may hold only one of (2. Knights: "only one of each type equipped", Titles:
    "only one Title of any name"): an Equipment's type, a Title's name (its pool index); None
    for other cards."""
    if card.type == "equipment":
        return card.slot
    return index if card.type == "title" else None


@cache
def load_pool() -> Pool:
    """Read and validate the card pool once."""
    cards = convert_content(__package__, "cards.toml", CardsFile).card
    _check(cards)
    index = {card.id: i for i, card in enumerate(cards)}
    return Pool(
        cards=tuple(cards),
        index=index,
        farm=index["farm"],
        upgrade_of=tuple(index[card.upgrades] if card.upgrades else -1 for card in cards),
        step_of=tuple(index[card.variant_of] if card.variant_of else i for i, card in enumerate(cards)),
        regions=tuple(i for i, card in enumerate(cards) if card.type == "region"),
        of_type={kind: frozenset(i for i, card in enumerate(cards) if card.type == kind) for kind in CARD_KINDS},
        main=tuple(card.main for card in cards),
        income=tuple(card.rp if card.type == "demesne" else 0 for card in cards),
        holding=tuple(holding_key(i, card) for i, card in enumerate(cards)),
        hooked={
            event: frozenset(i for i, card in enumerate(cards) if event in ABILITIES.get(card.ability, {}))
            for event in EVENTS
        },
    )
