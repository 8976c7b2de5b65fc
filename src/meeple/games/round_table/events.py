"""The cardinal rule: "The text on a card may contradict the game rules. In these cases, the
card text supersedes the rules in this booklet." (The Cardinal Rule)

So card texts are code hooks on a small event system. A card names its hook (`ability` in
cards.toml); the rules fire an event at the moment a text could change them, and every hook
registered for that event on the cards concerned answers. The events:

- `influence`, `resistance`: fn(state, pool, knight, bearer) -> int, a bonus to an attacking
  knight from the card `bearer` (the knight itself or a card paired with it).
- `region_resistance`: fn(state, pool, region, seat) -> int, a bonus to a region's resistance
  against one seat's army.
- `subtypes`: fn(state, pool, knight) -> tuple of subtypes a paired card grants its knight.
- `cost`: fn(state, pool, seat, card) -> int, a change to the RP a seat pays for `card`, from
  a card the seat has in play.
- `recruited`: fn(state, pool, uid) -> None, when the card enters play and stays.
- `quest_target`: fn(state, pool, knight) -> bool, whether a quest may be played on `knight`.
- `quest_draws`: fn(state, pool, quest, knight) -> int, more cards drawn for `knight` when the
  quest `quest` (a uid) resolves, from the quest card or the knight.
- `summer_play`, `reset_redirect`: flags (fn() -> True): the card may be played in Summer step
  4; the Redirect resets the knight instead of giving it a new task.
"""

from collections.abc import Callable
from typing import Any

INFLUENCE = "influence"
RESISTANCE = "resistance"
REGION_RESISTANCE = "region_resistance"
SUBTYPES = "subtypes"
COST = "cost"
RECRUITED = "recruited"
QUEST_TARGET = "quest_target"
QUEST_DRAWS = "quest_draws"
SUMMER_PLAY = "summer_play"
RESET_REDIRECT = "reset_redirect"
EVENTS = (
    INFLUENCE,
    RESISTANCE,
    REGION_RESISTANCE,
    SUBTYPES,
    COST,
    RECRUITED,
    QUEST_TARGET,
    QUEST_DRAWS,
    SUMMER_PLAY,
    RESET_REDIRECT,
)

Hook = Callable[..., Any]
ABILITIES: dict[str, dict[str, Hook]] = {}  # ability name -> event -> hook


def ability(name: str, event: str) -> Callable[[Hook], Hook]:
    """Register `fn` as what the card text `name` does when `event` fires."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")

    def register(fn: Hook) -> Hook:
        ABILITIES.setdefault(name, {})[event] = fn
        return fn

    return register


def hook(name: str, event: str) -> Hook | None:
    """The hook of ability `name` for `event`, if the card's text answers that event."""
    if not name:
        return None
    hooks = ABILITIES.get(name)
    return hooks.get(event) if hooks else None
