"""Loading and validating the Four Big Strata components (content/*.toml).

Every value the rules use comes from here; the rules code holds no card data.
Validation runs at load: unknown keys, wrong types, a missing provenance, or a
deck that is not 24 cards of each class plus 9 Empresses (4 Components) all
fail loudly, naming the entry.
"""

from functools import cache
from typing import Literal

import msgspec

from meeple.engine.content import ContentError, Source, convert_content, convert_entries

CLASSES = ("scholar", "peasant", "artisan", "merchant")
EMPRESS = 4  # the column index of Empresses; classes are columns 0-3
COLUMN_NAMES = (*CLASSES, "empress")
COLUMN_INDEX = {name: index for index, name in enumerate(COLUMN_NAMES)}


class CardType(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"cls": "class"}):
    """One kind of card (4 Components, 5 Cards and abilities)."""

    id: str
    name: str
    cls: Literal["scholar", "peasant", "artisan", "merchant", "empress"]
    points: int
    count: int
    source: Source
    note: str
    grain: int = 0
    money: int = 0
    influence: int = 0
    feed_grain: int = 0
    feed_money: int = 0
    set_grain: int = 0
    set_money: int = 0
    set_influence: int = 0
    trade: bool = False
    end_each: int = 0
    end_any: int = 0
    end_class: Literal["scholar", "peasant", "artisan", "merchant", ""] = ""
    end_class_points: int = 0

    @property
    def column(self) -> int:
        return COLUMN_INDEX[self.cls]

    def effect_text(self) -> str:
        """A short reading of the card's effects, as the rulebook's section 5 C words them."""
        parts = []
        for amount, text in (
            (self.grain, "+{} grain"),
            (self.money, "+{} money"),
            (self.influence, "{} influence"),
            (self.set_grain, "+{} grain per set"),
            (self.set_money, "+{} money per set"),
            (self.set_influence, "{} influence per set"),
            (self.feed_grain, "eats {} more grain"),
            (self.feed_money, "costs {} money"),
            (self.end_each, "end: +{} to each class"),
            (self.end_any, "end: +{} to one class"),
        ):
            if amount:
                parts.append(text.format(amount))
        if self.end_class:
            parts.append(f"end: +{self.end_class_points} {self.end_class}")
        if self.trade:
            parts.append("trade 4 for 2")
        return ", ".join(parts) or "no effect"


class CardBack(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"cls": "class"}):
    """The upper area of the common back, per class it is rotated to (5 Note, 8.2.4)."""

    cls: Literal["scholar", "peasant", "artisan", "merchant"]
    points: int
    source: Source
    note: str


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[CardType]
    back: list[CardBack]


class Number(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`meeple.engine.content.Number`, whose value may also be a table by name (this game's
    numbers by difficulty and by player count)."""

    value: int | list[int] | dict[str, int]
    source: Source
    note: str


class NpcLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One difficulty of the solo opponent."""

    bid_min: int
    bid_max: int
    bonus_points: int
    source: Source
    note: str


class Constants(msgspec.Struct, frozen=True):
    """The rulebook's numbers, read from rules.toml."""

    rounds: int
    empress_from_round: int
    display_size: int
    face_up_max: int
    start_grain: int
    start_money: int
    extra_by_turn_position: tuple[int, ...]
    face_up_cost: int
    feed_per_card: int
    resource_cap: int
    bank_rate: int
    trade_give: int
    trade_get: int
    flip_reward: int
    tribute_ratio: dict[int, int]
    bank_supply: int


class Content(msgspec.Struct, frozen=True):
    """All components of the game, validated."""

    cards: tuple[CardType, ...]
    backs: tuple[int, ...]  # points of the back, per class column
    constants: Constants
    npc_levels: dict[str, NpcLevel]
    trade_types: frozenset[int]  # card types with the 4-for-2 exchange

    __hash__ = object.__hash__  # by identity, in C: the content keys the memoised functions of hot paths

    def deck(self, empresses: bool) -> list[int]:
        """Card type indices, one per physical card, of the class deck or the Empress pile."""
        return [
            index
            for index, card in enumerate(self.cards)
            if (card.cls == "empress") == empresses
            for _ in range(card.count)
        ]


def _constants(numbers: dict[str, Number]) -> Constants:
    values = {name: number.value for name, number in numbers.items()}
    ratio = values.pop("tribute_ratio")
    if not isinstance(ratio, dict):
        raise ContentError("rules.toml: tribute_ratio must map player counts to X")
    return convert_entries("rules.toml", {**values, "tribute_ratio": {int(k): v for k, v in ratio.items()}}, Constants)


def _check_cards(cards: list[CardType], backs: list[CardBack]) -> None:
    counts = {cls: 0 for cls in COLUMN_NAMES}
    for card in cards:
        counts[card.cls] += card.count
        if card.points < 0 or card.count < 1:
            raise ContentError(f"cards.toml: card {card.id} needs points >= 0 and count >= 1")
        if bool(card.end_class) != bool(card.end_class_points):
            raise ContentError(f"cards.toml: card {card.id} needs end_class and end_class_points together")
    expected = {"scholar": 24, "peasant": 24, "artisan": 24, "merchant": 24, "empress": 9}
    if counts != expected:
        raise ContentError(f"cards.toml: the deck must hold {expected} (4 Components), it holds {counts}")
    if len({card.id for card in cards}) != len(cards):
        raise ContentError("cards.toml: card ids must be unique")
    if sorted(back.cls for back in backs) != sorted(CLASSES):
        raise ContentError("cards.toml: there must be exactly one [[back]] per class")


@cache
def load_content() -> Content:
    """Read and validate every content file once."""
    cards_file = convert_content(__package__, "cards.toml", CardsFile)
    constants = _constants(convert_content(__package__, "rules.toml", dict[str, Number]))
    levels = convert_content(__package__, "npc.toml", dict[str, NpcLevel], table="level")
    _check_cards(cards_file.card, cards_file.back)
    backs = {back.cls: back.points for back in cards_file.back}
    return Content(
        cards=tuple(cards_file.card),
        backs=tuple(backs[cls] for cls in CLASSES),
        constants=constants,
        npc_levels=levels,
        trade_types=frozenset(i for i, card in enumerate(cards_file.card) if card.trade),
    )
