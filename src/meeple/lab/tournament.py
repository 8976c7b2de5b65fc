"""Tournaments: agents play every seat arrangement in turn, and are rated with their uncertainty.

Ratings come from openskill's Plackett-Luce model, updated game by game in game order (so a
tournament's ratings depend only on its seed and arguments). In a competitive game each agent
at the table is one player ranked by its seat's finishing rank (the mean rank when it holds
several seats); in a cooperative game the agents at the table are one team playing against
"the game", rated like any other player, and win or lose together.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from openskill.models import PlackettLuce

from meeple.engine import Game
from meeple.lab.jobs import GameJob
from meeple.lab.stats import Rate, win_share

THE_GAME = "(the game)"


def arrangements(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every distinct way to seat the agents: with at least as many agents as seats, every ordered
    choice of `players` different agents; with fewer, the agents repeated to fill the seats
    (A,B on 4 seats: A,B,A,B) in every distinct order."""
    if len(agents) >= players:
        return list(permutations(agents, players))
    base = [agents[seat % len(agents)] for seat in range(players)]
    return list(dict.fromkeys(permutations(base)))


def tournament_jobs(game: Game, players: int, agents: Sequence[str], games: int, seed: int) -> list[GameJob]:
    """Game `index` seats arrangement `index mod A`: every arrangement in turn."""
    seatings = arrangements(agents, players)
    options = tuple(sorted(game.options.items()))
    return [
        GameJob(game.spec.slug, options, players, seed, index, seatings[index % len(seatings)])
        for index in range(games)
    ]


@dataclass(frozen=True)
class Standing:
    """One agent's (or the game's) rating and record in a tournament."""

    agent: str
    mu: float
    sigma: float
    seat_games: int
    wins: Rate
    mean_score: float | None

    @property
    def ordinal(self) -> float:
        """The conservative rating mu - 3 sigma, by which the table is ordered."""
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, Any]:
        low, high = self.wins.interval
        return {
            "agent": self.agent,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "seat_games": self.seat_games,
            "win_rate": self.wins.value,
            "win_rate_95": [low, high],
            "mean_score": self.mean_score,
        }


def agent_ranks(row: dict[str, Any]) -> dict[str, float]:
    """Each agent's finishing rank in one game: the mean of its seats' ranks."""
    ranks: dict[str, list[int]] = {}
    for spec, rank in zip(row["agents"], row["ranking"], strict=True):
        ranks.setdefault(spec, []).append(rank)
    return {spec: sum(values) / len(values) for spec, values in ranks.items()}


def rate(rows: Sequence[dict[str, Any]], agents: Sequence[str]) -> list[Standing]:
    """Ratings and records of the agents from the tournament's rows, best (highest ordinal) first.

    Games with a team outcome (cooperative, or solo against the game) rate the table as one team."""
    model = PlackettLuce()
    cooperative = any(row["team_won"] is not None for row in rows)
    names = [*agents, THE_GAME] if cooperative else list(agents)
    ratings = {name: model.rating(name=name) for name in names}
    for row in rows:
        if row["team_won"] is not None:
            team = list(dict.fromkeys(row["agents"]))
            teams = [[ratings[name] for name in team], [ratings[THE_GAME]]]
            new = model.rate(teams, ranks=[1, 2] if row["team_won"] else [2, 1])
            for name, rating in zip([*team, THE_GAME], [*new[0], *new[1]], strict=True):
                ratings[name] = rating
        else:
            ranks = agent_ranks(row)
            new = model.rate([[ratings[name]] for name in ranks], ranks=list(ranks.values()))
            for name, team in zip(ranks, new, strict=True):
                ratings[name] = team[0]
    standings = [record(name, ratings[name].mu, ratings[name].sigma, rows) for name in names]
    return sorted(standings, key=lambda standing: (-standing.ordinal, standing.agent))


def record(name: str, mu: float, sigma: float, rows: Sequence[dict[str, Any]]) -> Standing:
    """An agent's seat-games, wins and mean score (for the game itself: the team's losses)."""
    if name == THE_GAME:
        return Standing(name, mu, sigma, len(rows), Rate(sum(not row["team_won"] for row in rows), len(rows)), None)
    seats = [(row, seat) for row in rows for seat, spec in enumerate(row["agents"]) if spec == name]
    wins = Rate(sum(win_share(row, seat) for row, seat in seats), len(seats))
    mean = sum(row["scores"][seat] for row, seat in seats) / len(seats) if seats else None
    return Standing(name, mu, sigma, len(seats), wins, mean)
