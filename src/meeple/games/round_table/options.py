"""Game options that choose decks (a starter deck's name or any deck file's path per seat) and
the regions of the shared Regions deck."""

from meeple.engine import BadOption, OptionSpec
from meeple.engine.spec import OptionValue
from meeple.games.round_table.content import load_pool
from meeple.games.round_table.decks import DeckError, load_deck, starter_names

MIN_REGIONS = 5  # "A minimum of 5 regions are required for a game" (7. Regions)


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
