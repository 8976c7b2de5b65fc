"""Decks as files (Constructing Decks): a Main deck and a Demesne deck, checked against the rules.

A deck file is TOML with a `name`, a `[main]` table and a `[demesne]` table mapping card ids
to counts. The starter decks live in content/decks/; a player's own decks travel as text in
the `custom_decks` option (never as a file path: see options.py). `validate_deck` lists every
way a deck breaks the rules, one clear sentence each.
"""

import json
import re
import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType

import msgspec

from meeple.engine.content import content_files, content_text
from meeple.games.round_table.content import Pool, load_pool

MIN_MAIN = 40  # "no fewer than 40 are their main deck" (Before Play Begins)
MIN_TOTAL = 60  # "a deck consisting of no less than 60 cards" (Before Play Begins)
CUSTOM = "custom"  # the id of a lone deck file given as custom deck text
DECK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
MAX_CUSTOM_TEXT = 32 * 1024  # bytes of custom deck text: a 60-card deck file is about 1 KiB
MAX_CUSTOM_DECKS = 6  # one per seat at the largest table


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
    if not any(card_id in pool.index and pool.step_of[pool.index[card_id]] == pool.farm for card_id in deck.demesne):
        errors.append("the Demesne deck needs a Farm: each player starts with a Farm in play")
    return errors


def read_deck(text: str, where: str) -> Deck:
    """A deck from TOML text; DeckError naming `where` if it is not a deck file."""
    try:
        return msgspec.convert(tomllib.loads(text), Deck)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as error:
        raise DeckError(f"{where}: not a deck file ({error})") from None


@cache
def starter_names() -> tuple[str, ...]:
    """The starter decks shipped in content/decks/, by file stem."""
    return tuple(name.removeprefix("decks/").removesuffix(".toml") for name in content_files(__package__, "decks"))


@cache
def starter_deck(name: str) -> Deck:
    """A starter deck of content/decks/ by name; DeckError if there is none of that name."""
    if name not in starter_names():
        raise DeckError(f"{name!r} is not a starter deck ({', '.join(starter_names())})")
    text = content_text(__package__, f"decks/{name}.toml")
    return checked(read_deck(text, name), name)


def checked(deck: Deck, name: str) -> Deck:
    """`deck` if it keeps the deck-building rules; DeckError listing every rule it breaks."""
    errors = validate_deck(deck)
    if errors:
        raise DeckError(f"deck {name!r} is not legal: " + "; ".join(errors))
    return deck


@lru_cache(maxsize=32)
def read_custom_decks(text: str) -> Mapping[str, Deck]:
    """The players' own decks held in the `custom_decks` option, by id, each checked.

    Read once per text: the option's check and the game it builds (for every bot decision, on
    the server) share the result, which is read-only.

    The text is one deck file (as `meeple round-table validate` reads it), whose id is
    `custom`, or TOML tables named by deck id, each holding one deck (`[mine]`, `[mine.main]`,
    `[mine.demesne]`). It is the deck's whole content, so a game record replays exactly
    wherever it is read; it never names a file.
    """
    size = len(text.encode("utf-8"))
    if size > MAX_CUSTOM_TEXT:
        raise DeckError(f"the deck text is {size} bytes; at most {MAX_CUSTOM_TEXT} are accepted")
    if not text.strip():
        return MappingProxyType({})
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DeckError(f"the deck text is not TOML ({error})") from None
    entries = {CUSTOM: document} if "main" in document else document
    if len(entries) > MAX_CUSTOM_DECKS:
        raise DeckError(f"the deck text holds {len(entries)} decks; at most {MAX_CUSTOM_DECKS} are accepted")
    decks: dict[str, Deck] = {}
    for deck_id, entry in entries.items():
        if not DECK_ID.fullmatch(deck_id):
            raise DeckError(f"{deck_id[:40]!r} is not a deck id (lower-case letters, digits, - and _)")
        if deck_id in starter_names():
            raise DeckError(f"{deck_id!r} is a starter deck's name: give your deck another id")
        try:
            deck = msgspec.convert(entry, Deck)
        except msgspec.ValidationError as error:
            raise DeckError(f"deck {deck_id!r}: not a deck ({error})") from None
        decks[deck_id] = checked(deck, deck_id)
    return MappingProxyType(decks)


def deck_as_toml(deck_id: str, deck: Deck) -> str:
    """One deck as a table of the `custom_decks` text (the inverse of `read_custom_decks`)."""
    lines = [f"[{deck_id}]"]
    for key in ("name", "source", "note"):
        lines.append(f"{key} = {json.dumps(getattr(deck, key))}")
    for part in ("main", "demesne"):
        lines.append(f"[{deck_id}.{part}]")
        lines += [f"{json.dumps(card)} = {count}" for card, count in getattr(deck, part).items()]
    return "\n".join(lines) + "\n"
