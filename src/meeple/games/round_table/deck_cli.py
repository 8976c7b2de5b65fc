"""`meeple round-table list`, `cards [TYPE]` and `validate FILE`: list the starter decks and
the card pool, and validate deck files. It also runs alone:
`python -m meeple.games.round_table.deck_cli validate my-deck.toml`.
"""

from collections import Counter
from pathlib import Path
from typing import Annotated, get_args

import typer

from meeple.games.round_table.content import CardKind, load_pool
from meeple.games.round_table.decks import DeckError, read_deck, starter_deck, starter_names, validate_deck
from meeple.games.round_table.observation import card_view
from meeple.games.round_table.view import _card_line

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


@app.command("cards")
def list_cards(
    kind: Annotated[CardKind | None, typer.Argument(help="Only cards of this type (knight, region, ...)")] = None,
) -> None:
    """The card pool a deck is built from, by type: each card's id (as deck files name it), its
    name, numbers and text."""
    order = get_args(CardKind)
    for card in sorted(load_pool().cards, key=lambda card: order.index(card.type)):
        if kind is None or card.type == kind:
            typer.echo(f"{card.id}: {_card_line(card_view(card))}")


if __name__ == "__main__":
    app()
