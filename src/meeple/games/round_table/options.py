"""Game options that choose decks (a starter deck or a player's own deck, given as text, per
seat) and the regions of the shared Regions deck."""

import re
from pathlib import Path

from meeple.engine import BadOption, OptionSpec
from meeple.engine.spec import OptionValue
from meeple.games.round_table.content import load_pool
from meeple.games.round_table.decks import (
    DECK_ID,
    DeckError,
    checked,
    deck_as_toml,
    read_custom_decks,
    read_deck,
    starter_names,
)

CUSTOM_DECKS = "custom_decks"

MIN_REGIONS = 5  # "A minimum of 5 regions are required for a game" (7. Regions)


class DeckListOption(OptionSpec, frozen=True):
    """A comma-separated list of deck names, one per seat, repeated if shorter than the table.

    A name is a starter deck or the id of a deck in the `custom_decks` option; which one is
    checked when the game is built (RoundTable.__init__), with both options known. A value
    never names a file: from the web it is taken as it is. Only the command line turns a deck
    file's path into its text (`from_command_line`)."""

    def parse(self, value: object) -> OptionValue:
        if not isinstance(value, str) or not value.strip():
            raise BadOption(f"option '{self.name}' takes a comma-separated list of deck names, not {value!r}")
        entries = [entry.strip() for entry in value.split(",")]
        for entry in entries:
            if not DECK_ID.fullmatch(entry):
                raise BadOption(
                    f"option '{self.name}': {entry[:60]!r} is not a deck name (starter decks: "
                    f"{', '.join(starter_names())}; your own decks go in custom_decks)"
                )
        return ",".join(entries)

    def from_command_line(self, value: str) -> dict[str, str]:
        """Deck file paths among the names become decks of `custom_decks`, read here (the
        command line's own files; the web never reaches this)."""
        names, texts = [], []
        for entry in (part.strip() for part in value.split(",")):
            if DECK_ID.fullmatch(entry):  # a deck's name (every starter's name is one), not a path
                names.append(entry)
                continue
            path = Path(entry)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                reason = error.strerror if isinstance(error, OSError) and error.strerror else "not a text file"
                raise BadOption(f"option '{self.name}': cannot read the deck file {entry}: {reason}") from None
            try:
                deck = checked(read_deck(text, entry), entry)
            except DeckError as error:
                raise BadOption(f"option '{self.name}': {error}") from None
            deck_id = _file_deck_id(path.stem, names)
            names.append(deck_id)
            texts.append(deck_as_toml(deck_id, deck))
        settings = {self.name: ",".join(names)}
        if texts:
            settings[CUSTOM_DECKS] = "\n".join(texts)
        return settings

    def describe_values(self) -> str:
        return "comma-separated: " + "|".join(starter_names()) + "|<id in custom_decks>|<deck file, command line>"


def _file_deck_id(stem: str, taken: list[str]) -> str:
    """A deck id for a deck file named `stem`: its name as an id, made unique."""
    base = re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-_")[:32] or "deck"
    if base in starter_names():
        base = f"my-{base}"
    deck_id, n = base, 2
    while deck_id in taken:
        deck_id, n = f"{base}-{n}", n + 1
    return deck_id


class CustomDecksOption(OptionSpec, frozen=True):
    """The players' own decks as text (TOML: one deck file, or tables named by deck id), checked
    against the deck-building rules and capped in size; the text is kept in the game's options,
    so a record replays exactly anywhere."""

    def parse(self, value: object) -> OptionValue:
        if not isinstance(value, str):
            raise BadOption(f"option '{self.name}' takes deck text (TOML), not {value!r}")
        try:
            read_custom_decks(value)
        except DeckError as error:
            raise BadOption(f"option '{self.name}': {error}") from None
        return value

    def describe_values(self) -> str:
        return "TOML text: one deck file, or [id] tables of decks"


class RegionListOption(OptionSpec, frozen=True):
    """The regions of the shared Regions deck, by id, comma-separated; empty: drawn at random.

    "Players should decide before play begins how many Regions they will be playing with ...
    A minimum of 5 regions are required ... they must all be unique." (7. Regions)"""

    def parse(self, value: object) -> OptionValue:
        if not isinstance(value, str):
            raise BadOption(f"option '{self.name}' takes a comma-separated list of region ids, not {value!r}")
        if not value.strip():
            return ""
        pool = load_pool()
        entries = [entry.strip() for entry in value.split(",")]
        regions = {pool.cards[r].id for r in pool.regions}
        unknown = [entry for entry in entries if entry not in regions]
        if unknown:
            raise BadOption(
                f"option '{self.name}': not regions of the card pool: {', '.join(unknown)} "
                f"(regions: {', '.join(sorted(regions))})"
            )
        if len(set(entries)) != len(entries):
            raise BadOption(f"option '{self.name}': the regions must all be unique")
        if len(entries) < MIN_REGIONS:
            raise BadOption(f"option '{self.name}': a game needs at least {MIN_REGIONS} regions, not {len(entries)}")
        return ",".join(entries)

    def describe_values(self) -> str:
        return "empty (random) or comma-separated region ids, at least 5"
