"""A game's glossary: each component a player may ask about (a room, a card, a location, a tile,
an order...) by its name, with its full rule text, and finding entries by a typed name.

Games build their glossary from their content files (`Game.glossary`); the terminal answers
`rules <thing>` with it and the browser may use the same text for tooltips.
"""

import difflib
import unicodedata
from collections.abc import Sequence

import msgspec


class Entry(msgspec.Struct, frozen=True):
    """One component: what kind it is ("room", "card"...), its name as printed, its rule text."""

    kind: str
    name: str
    text: str


class Found(msgspec.Struct, frozen=True):
    """What a typed name finds: the entries it names (one thing, or several things of that
    name), else the names it may have meant (several partial matches, or close spellings)."""

    entries: list[Entry]
    suggestions: list[str]


def folded(text: str) -> str:
    """A name as it is compared: case and accents ignored, spaces collapsed ("Guédelon" = "guedelon")."""
    plain = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).casefold().split())


def look_up(entries: Sequence[Entry], query: str) -> Found:
    """The entries named `query`: its exact name first, else the names of a kind it names
    ("rooms"), else the one name that contains it (several: those names), else nothing and the
    closest names."""
    key = folded(query)
    exact = [entry for entry in entries if folded(entry.name) == key]
    if exact:
        return Found(exact, [])
    kinds = [entry.name for entry in entries if key in (folded(entry.kind), folded(entry.kind) + "s")]
    if kinds:
        return Found([], kinds)
    names = list(dict.fromkeys(entry.name for entry in entries if key in folded(entry.name)))
    if len(names) == 1:
        return Found([entry for entry in entries if entry.name == names[0]], [])
    if names:
        return Found([], names)
    by_folded = {folded(entry.name): entry.name for entry in entries}
    close = difflib.get_close_matches(key, list(by_folded), n=6, cutoff=0.6)
    return Found([], [by_folded[name] for name in close])


def index(entries: Sequence[Entry]) -> dict[str, list[str]]:
    """Every entry's name by kind, in the glossary's order."""
    kinds: dict[str, list[str]] = {}
    for entry in entries:
        kinds.setdefault(entry.kind, []).append(entry.name)
    return kinds
