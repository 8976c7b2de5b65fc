"""Results of a finished game: scores, ranking with tie-breaks, team outcome."""

from collections.abc import Sequence

import msgspec


class TeamOutcome(msgspec.Struct, frozen=True):
    """The outcome of a cooperative game (or of a solo game against the game)."""

    won: bool
    margin: float
    detail: str = ""


class Result(msgspec.Struct, frozen=True):
    """Per-seat scores, a ranking (1 = best, equal ranks for true ties) and the winners.

    `detail` is the game's own account of the end. Two keys are shared by every game, for
    the pages that explain a result to people: "sheet" (see `score_sheet`: how each score
    was made) and "summary" (one sentence: how the game ended, how ties are broken).
    A TeamOutcome's `detail` says in words how the game was won or lost and by how much.
    """

    scores: list[float]
    ranking: list[int]
    winner_seats: list[int]
    team: TeamOutcome | None = None
    detail: dict[str, object] = {}


def score_sheet(columns: Sequence[str], rows: Sequence[tuple[int | str, Sequence[float]]]) -> dict[str, object]:
    """A result's "sheet": the parts of each score, one column per part (the last usually the
    total). A row is (seat, values), or (name, values) for a player that has no seat (a
    rules-driven opponent)."""
    return {
        "columns": list(columns),
        "rows": [{"seat" if isinstance(who, int) else "name": who, "values": list(values)} for who, values in rows],
    }


def rank_by_keys(keys: Sequence[Sequence[float]]) -> list[int]:
    """Competition ranking: the seat with the greatest key ranks 1; equal keys share a rank.

    A key is a sequence compared lexicographically, so tie-breaks are simply
    further entries of the key.
    """
    tuples = [tuple(k) for k in keys]
    return [1 + sum(1 for other in tuples if other > mine) for mine in tuples]


def competitive_result(
    scores: Sequence[float], keys: Sequence[Sequence[float]], detail: dict[str, object] | None = None
) -> Result:
    """A Result whose ranking follows `keys` (score first, then tie-breaks)."""
    ranking = rank_by_keys(keys)
    winners = [seat for seat, rank in enumerate(ranking) if rank == 1]
    return Result(scores=list(scores), ranking=ranking, winner_seats=winners, detail=detail or {})
