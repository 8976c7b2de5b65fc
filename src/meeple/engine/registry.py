"""The game registry: games announce themselves as `meeple.games` entry points.

The engine imports no game: it finds them through the package metadata, so a
game (ours or a plug-in) is added by declaring an entry point, not by editing
the engine.
"""

from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from meeple.engine.errors import UnknownGame
from meeple.engine.game import Game
from meeple.engine.spec import GameSpec

ENTRY_POINT_GROUP = "meeple.games"


@cache
def game_class(slug: str) -> type[Game]:
    """The game class registered as `slug`, loading that game only (a game's entry point is named
    by its slug), so that a command about one game imports no other; UnknownGame otherwise."""
    for point in entry_points(group=ENTRY_POINT_GROUP, name=slug):
        cls = point.load()
        if cls.spec.slug == slug:
            return cls
    classes = game_classes()  # an entry point named otherwise than its game's slug
    if slug not in classes:
        known = ", ".join(classes) or "none"
        raise UnknownGame(f"no game called '{slug}' (known games: {known})")
    return classes[slug]


@cache
def game_classes() -> dict[str, type[Game]]:
    """Every registered game class by slug, in slug order."""
    found: dict[str, type[Game]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        cls = point.load()
        found[cls.spec.slug] = cls
    return dict(sorted(found.items()))


def game_specs() -> list[GameSpec]:
    return [cls.spec for cls in game_classes().values()]


def get_game(slug: str, options: Mapping[str, Any] | None = None) -> Game:
    """The game registered as `slug`, with `options` checked; UnknownGame or BadOption otherwise."""
    return game_class(slug)(options)
