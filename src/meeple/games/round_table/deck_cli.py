"""`meeple round-table list` and `meeple round-table validate FILE`: list the starter decks
and validate deck files. It also runs alone:
`python -m meeple.games.round_table.deck_cli validate my-deck.toml`.
"""

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from meeple.games.round_table.content import load_pool
from meeple.games.round_table.decks import DeckError, read_deck, starter_deck, starter_names, validate_deck

app = typer.Typer(help="Round Table decks: list the starter decks, validate a deck file.", no_args_is_help=True)


@app.command("list")
def list_decks() -> None:
    """The starter decks, with their sizes; play one with `--option decks=NAME,NAME`."""
    pool = load_pool()
    for name in starter_names():
        deck = starter_deck(name)
        kinds = Counter(pool.card(card_id).type for card_id, count in deck.main.items() for _ in range(count))
        mix = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
        typer.echo(
            f"{name}: {deck.name}: {sum(deck.main.values())} main ({mix}), {sum(deck.demesne.values())} demesnes"
        )


@app.command("validate")
def validate(path: Annotated[Path, typer.Argument(help="A deck file (.toml)")]) -> None:
    """Check a deck file against the deck-building rules; list every problem."""
    try:
        deck = read_deck(path.read_text(encoding="utf-8"), str(path))
    except (OSError, DeckError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    errors = validate_deck(deck)
    if errors:
        for error in errors:
            typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1)
    typer.echo(
        f"{path}: {deck.name} is a legal deck ({sum(deck.main.values())} main, {sum(deck.demesne.values())} demesnes)"
    )


if __name__ == "__main__":
    app()
