"""`rules <thing>` at a prompt: a component's full rule text from the game's glossary, found by
its name (case and accents ignored); the names it may mean when it is ambiguous or unknown, and
every name by kind when nothing is asked."""

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from meeple.engine import Entry, look_up
from meeple.engine.glossary import index


def show_rules(console: Console, entries: Sequence[Entry], query: str) -> None:
    """Print what `rules query` answers (an empty query: the glossary's names by kind)."""
    if not entries:
        console.print("This game has no glossary.")
        return
    if not query:
        console.print("[bold]rules <name>[/] tells the rule of any of these:")
        for kind, names in index(entries).items():
            console.print(f"  [bold]{escape(kind)}[/]: {escape(', '.join(dict.fromkeys(names)))}")
        return
    found = look_up(entries, query)
    for entry in found.entries:
        console.print(f"[bold]{escape(entry.name)}[/] ({escape(entry.kind)})")
        console.print(f"  {escape(entry.text)}")
    if found.entries:
        return
    if found.suggestions:
        names = ", ".join(dict.fromkeys(found.suggestions))
        console.print(f"{escape(repr(query))} may mean: {escape(names)}. Type rules and one of these names.")
    else:
        console.print(f"Nothing here is called {escape(repr(query))}: type rules alone for every name.")
