"""`meeple round-table list`, `cards [TYPE]` and `validate FILE`: list the starter decks and
the card pool, and validate deck files. It also runs alone:
`python -m meeple.games.round_table.deck_cli validate my-deck.toml`.
"""

from collections import Counter
from pathlib import Path
from typing import Annotated, get_args

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeple.games.round_table.content import CardKind, load_pool
from meeple.games.round_table.decks import DeckError, read_deck, starter_deck, starter_names, validate_deck
from meeple.games.round_table.observation import card_view
from meeple.games.round_table.view import _card_line

app = typer.Typer(help="Round Table decks: list the starter decks, validate a deck file.", no_args_is_help=True)


@app.command("list")
def list_decks() -> None:
    """The starter decks (what each Main deck holds by kind, its demesnes) and the regions a game
    draws from; play decks with `--option decks=NAME,NAME`, regions with `--option region_list=ID,...`."""
    pool = load_pool()
    console = Console(highlight=False, emoji=False)
    decks = Table(title="Starter decks (--option decks=NAME,NAME)", title_justify="left")
    for column in ("deck", "title", "main deck", "of which", "demesnes"):
        decks.add_column(column, justify="right" if column in ("main deck", "demesnes") else "left")
    for name in starter_names():
        deck = starter_deck(name)
        held = Counter(pool.card(card_id).type for card_id, count in deck.main.items() for _ in range(count))
        mix = ", ".join(
            f"{count} {kind}{'' if count == 1 or kind == 'equipment' else 's'}" for kind, count in held.most_common()
        )
        decks.add_row(
            escape(name), escape(deck.name), str(sum(deck.main.values())), mix, str(sum(deck.demesne.values()))
        )
    console.print(decks)
    regions = Table(title="Regions (--option region_list=ID,...)", title_justify="left")
    for column in ("region", "id", "resistance", "renown"):
        regions.add_column(column, justify="right" if column in ("resistance", "renown") else "left")
    for card in pool.cards:
        if card.type == "region":
            regions.add_row(escape(card.name), escape(card.id), str(card.resistance), str(card.renown))
    console.print(regions)


@app.command("validate")
def validate(path: Annotated[Path, typer.Argument(help="A deck file (.toml)")]) -> None:
    """Check a deck file against the deck-building rules; list every problem."""
    try:
        deck = read_deck(path.read_text(encoding="utf-8"), str(path))
    except OSError as error:
        typer.echo(f"error: cannot read the deck file {path}: {error.strerror or error}", err=True)
        raise typer.Exit(2) from None
    except DeckError as error:
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
