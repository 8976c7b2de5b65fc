"""Game options that choose decks: a starter deck's name or any deck file's path per seat."""

from meeple.engine import BadOption, OptionSpec
from meeple.engine.spec import OptionValue
from meeple.games.round_table.decks import DeckError, load_deck, starter_names


class DeckListOption(OptionSpec, frozen=True):
    """A comma-separated list of decks, one per seat, repeated if shorter than the table.

    The engine's str options take one of a fixed list of choices; a deck may be any file, so
    this option checks each entry by loading it (starter name or path) instead."""

    def parse(self, value: object) -> OptionValue:
        if not isinstance(value, str) or not value.strip():
            raise BadOption(f"option '{self.name}' takes a comma-separated list of decks, not {value!r}")
        entries = [entry.strip() for entry in value.split(",")]
        for entry in entries:
            try:
                load_deck(entry)
            except DeckError as error:
                raise BadOption(f"option '{self.name}': {error}") from None
        return ",".join(entries)

    def describe_values(self) -> str:
        return "comma-separated: " + "|".join(starter_names()) + "|<path to a deck .toml>"
