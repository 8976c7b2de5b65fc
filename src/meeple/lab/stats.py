"""Numbers a designer reads from many games: win rates with intervals, seats, lengths, choices.

A seat's win counts 1, or 1/k when k seats share the win (as in `meeple simulate`); in a
cooperative game (or a solo game against the game) every seat wins when the team wins.
"""

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """`successes` out of `trials`, with its 95% Wilson score interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson score interval, which stays inside [0, 1] and behaves at rates near 0 or 1."""
        if not self.trials:
            return (0.0, 1.0)
        n, p = self.trials, self.value
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def describe(self) -> str:
        low, high = self.interval
        return f"{100 * self.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def win_share(row: dict[str, Any], seat: int) -> float:
    """A seat's share of the game's win: team outcome in a cooperative game, else 1/k for k winners."""
    if row["team_won"] is not None:
        return 1.0 if row["team_won"] else 0.0
    winners = row["winner_seats"]
    return 1 / len(winners) if seat in winners else 0.0


def seat_rates(rows: Sequence[dict[str, Any]], players: int) -> list[Rate]:
    """Each seat's win rate over `rows` (all played by `players` seats)."""
    return [Rate(sum(win_share(row, seat) for row in rows), len(rows)) for seat in range(players)]


def team_rate(rows: Sequence[dict[str, Any]]) -> Rate | None:
    """The team's win rate, or None when the games have no team outcome (competitive games)."""
    outcomes = [row["team_won"] for row in rows if row["team_won"] is not None]
    return Rate(sum(outcomes), len(outcomes)) if outcomes else None


def summary(values: Iterable[float]) -> dict[str, float]:
    """Mean, standard deviation, quartiles, minimum and maximum."""
    data = sorted(values)
    quartiles = statistics.quantiles(data, n=4) if len(data) > 1 else [data[0]] * 3
    return {
        "mean": statistics.fmean(data),
        "sd": statistics.stdev(data) if len(data) > 1 else 0.0,
        "min": data[0],
        "q1": quartiles[0],
        "median": quartiles[1],
        "q3": quartiles[2],
        "max": data[-1],
    }


@dataclass
class ChoiceStats:
    """How one kind of action (or one label) is chosen and how that goes with winning.

    `winners` / `others`: mean times a seat chose it per game, among seat-games that won
    (shares counted as wins) and among the rest; `rate_when_chosen`: win rate of the seat-games
    that chose it at least once."""

    name: str
    count: int
    share: float
    winners: float
    others: float
    rate_when_chosen: Rate


def choice_stats(rows: Sequence[dict[str, Any]], by_label: bool) -> list[ChoiceStats]:
    """Per action kind (or per kind and label), most chosen first."""
    counts: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0])
    win_weight = 0.0
    seat_games = 0
    for row in rows:
        for seat, seat_choices in enumerate(row["choices"]):
            share = win_share(row, seat)
            win_weight += share
            seat_games += 1
            chosen: dict[str, int] = defaultdict(int)
            for kind, label, count in seat_choices:
                chosen[f"{kind}: {label}" if by_label else kind] += count
            for name, count in chosen.items():
                entry = counts[name]
                entry[0] += count
                entry[1] += count * share
                entry[2] += count * (1 - share)
                entry[3] += share
                entry[4] += 1
    total = sum(entry[0] for entry in counts.values()) or 1
    loss_weight = seat_games - win_weight
    stats = [
        ChoiceStats(
            name=name,
            count=int(entry[0]),
            share=entry[0] / total,
            winners=entry[1] / win_weight if win_weight else 0.0,
            others=entry[2] / loss_weight if loss_weight else 0.0,
            rate_when_chosen=Rate(entry[3], int(entry[4])),
        )
        for name, entry in counts.items()
    ]
    return sorted(stats, key=lambda stat: (-stat.count, stat.name))
