"""Balance runs: many games at each player count and option variant, summarised for a designer.

Every variant and player count plays the same game indexes, hence the same seeds (common
random numbers): two variants are compared on the same shuffles as far as their rules allow.
The agents rotate through the seats game by game (`meeple.simulation.seat_agents`), so with
one kind of agent (or a whole number of rotations) a difference between seats is the seats'.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from meeple.engine import BadOption, Game, GameSpec, get_game
from meeple.lab.backends import LabError
from meeple.lab.jobs import GameJob
from meeple.lab.stats import Rate, seat_rates, team_rate
from meeple.simulation import seat_agents

# Options whose value is free text (a list of decks) may hold commas: their variants are given
# by repeating --option, never by splitting at commas.
FREE_TEXT = ("text", "textarea")


def parse_player_counts(text: str, spec: GameSpec) -> list[int]:
    """`3`, `2-5` or `2,4`: the player counts to study, each checked against the game."""
    counts: list[int] = []
    for piece in text.split(","):
        low, dash, high = piece.strip().partition("-")
        try:
            numbers = range(int(low), int(high) + 1) if dash else [int(low)]
        except ValueError:
            raise LabError(f"--players takes counts like 3, 2-5 or 2,4, not {text!r}") from None
        counts.extend(numbers)
    if not counts:
        raise LabError(f"--players names no player count: {text!r}")
    for count in counts:
        spec.check_players(count)
    return sorted(set(counts))


def option_variants(spec: GameSpec, items: Sequence[str]) -> list[dict[str, str]]:
    """Every combination of the options' values: `name=v1,v2` (or the option repeated) gives two
    values; a free-text option's value is taken whole."""
    values: dict[str, list[str]] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise BadOption(f"option {item!r} should look like name=value or name=v1,v2")
        option = spec.option(name)
        pieces = [value] if option.control in FREE_TEXT else value.split(",")
        values.setdefault(name, []).extend(piece.strip() for piece in pieces)
    names = list(values)
    return [dict(zip(names, combo, strict=True)) for combo in product(*(values[name] for name in names))]


def variant_games(slug: str, items: Sequence[str]) -> list[Game]:
    """The game under each option variant, every value checked by the game before any work."""
    spec = get_game(slug).spec
    return [get_game(slug, spec.command_line_options(variant)) for variant in option_variants(spec, items)]


def balance_jobs(
    games: Sequence[Game], counts: Sequence[int], agents: Sequence[str], per_count: int, seed: int
) -> list[GameJob]:
    """`per_count` games for every variant and player count, agents rotated through the seats."""
    return [
        GameJob(
            game.spec.slug,
            tuple(sorted(game.options.items())),
            players,
            seed,
            index,
            tuple(seat_agents(agents, players, index, rotate=True)),
            variant=number,
        )
        for number, game in enumerate(games)
        for players in counts
        for index in range(per_count)
    ]


@dataclass(frozen=True)
class Cell:
    """The games of one variant at one player count."""

    variant: int
    options: dict[str, Any]
    players: int
    rows: list[dict[str, Any]]

    @property
    def seats(self) -> list[Rate]:
        return seat_rates(self.rows, self.players)

    @property
    def team(self) -> Rate | None:
        return team_rate(self.rows)

    def first_player(self) -> str:
        """The first-player question answered: does seat 0 win more or less often than a fair share?"""
        team = self.team
        if team is not None:
            return f"no seat wins alone (team game); the team wins {team.describe()}"
        fair = 1 / self.players
        first = self.seats[0]
        low, high = first.interval
        if low > fair:
            verdict = "an advantage"
        elif high < fair:
            verdict = "a disadvantage"
        else:
            verdict = "no advantage the games can show"
        return f"seat 0 wins {first.describe()} against a fair {100 * fair:.1f}%: {verdict}"


def cells(games: Sequence[Game], rows: Sequence[dict[str, Any]]) -> list[Cell]:
    """The rows grouped by variant and player count, in the order they were played."""
    groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["variant"], row["players"]), []).append(row)
    return [Cell(v, dict(games[v].options), p, group) for (v, p), group in groups.items()]
