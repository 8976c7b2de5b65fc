"""Decks as files (Constructing Decks): a Main deck and a Demesne deck, checked against the rules.

A deck file is TOML with a `name`, a `[main]` table and a `[demesne]` table mapping card ids
to counts. The starter decks live in content/decks/; any other path to such a file is
accepted too. `validate_deck` lists every way a deck breaks the rules, one clear sentence each.
"""

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

import msgspec

from meeple.games.round_table.content import Pool, load_pool

MIN_MAIN = 40  # "no fewer than 40 are their main deck" (Before Play Begins)
MIN_TOTAL = 60  # "a deck consisting of no less than 60 cards" (Before Play Begins)


class DeckError(Exception):
    """A deck file cannot be read, or breaks the deck-building rules."""


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player's two decks, as card ids with counts."""

    name: str
    main: dict[str, int]
    demesne: dict[str, int]
    source: str = "player"
    note: str = ""

    def main_cards(self, pool: Pool) -> list[int]:
        """One pool index per physical card of the Main deck, in file order."""
        return [pool.index[card_id] for card_id, count in self.main.items() for _ in range(count)]

    def demesne_cards(self, pool: Pool) -> list[int]:
        return [pool.index[card_id] for card_id, count in self.demesne.items() for _ in range(count)]


def validate_deck(deck: Deck, pool: Pool | None = None) -> list[str]:
    """Every rule the deck breaks, as sentences; an empty list for a legal deck.

    Before Play Begins and Constructing Decks: a Main deck of at least 40 cards (Knights,
    Titles, Quests, Redirects, Equipment), a Demesne deck of demesnes, at least 60 cards in
    all, at most one copy of each named Knight; and a Farm to put into play at the start.
    """
    pool = pool or load_pool()
    errors: list[str] = []
    for part, cards, wanted in (("main", deck.main, "main"), ("demesne", deck.demesne, "demesne")):
        for card_id, count in cards.items():
            if card_id not in pool.index:
                errors.append(f"[{part}] {card_id}: no such card in the card pool")
                continue
            card = pool.card(card_id)
            is_main = card.main
            if (wanted == "main") != is_main or card.type == "region":
                where = "the Main deck" if is_main else "the Demesne deck" if card.type == "demesne" else "no deck"
                errors.append(f"[{part}] {card.name} is a {card.type} card: it belongs in {where}")
            if count < 1:
                errors.append(f"[{part}] {card.name}: a count must be at least 1, not {count}")
            if card.named and count > 1:
                errors.append(f"[{part}] {card.name} is a named Knight: at most one copy per deck, not {count}")
    main_size = sum(deck.main.values())
    total = main_size + sum(deck.demesne.values())
    if main_size < MIN_MAIN:
        errors.append(f"the Main deck holds {main_size} cards; it needs at least {MIN_MAIN}")
    if total < MIN_TOTAL:
        errors.append(f"the two decks hold {total} cards together; they need at least {MIN_TOTAL}")
    if deck.demesne.get("farm", 0) < 1:
        errors.append("the Demesne deck needs a Farm: each player starts with a Farm in play")
    return errors


def read_deck(text: str, where: str) -> Deck:
    """A deck from TOML text; DeckError naming `where` if it is not a deck file."""
    try:
        return msgspec.convert(tomllib.loads(text), Deck)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as error:
        raise DeckError(f"{where}: not a deck file ({error})") from None


def starter_names() -> tuple[str, ...]:
    """The starter decks shipped in content/decks/, by file stem."""
    folder = resources.files(__package__).joinpath("content", "decks")
    return tuple(sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml")))


@cache
def load_deck(name_or_path: str) -> Deck:
    """A starter deck by name, or a deck file by path; checked, DeckError listing every problem."""
    if name_or_path in starter_names():
        folder = resources.files(__package__).joinpath("content", "decks")
        text = folder.joinpath(f"{name_or_path}.toml").read_text(encoding="utf-8")
    else:
        path = Path(name_or_path)
        if not path.is_file():
            starters = ", ".join(starter_names())
            raise DeckError(f"{name_or_path!r} is neither a starter deck ({starters}) nor a deck file")
        text = path.read_text(encoding="utf-8")
    deck = read_deck(text, name_or_path)
    errors = validate_deck(deck)
    if errors:
        raise DeckError(f"deck {name_or_path!r} is not legal: " + "; ".join(errors))
    return deck
