"""Rewards at the end of a game, from its Result (sparse: 0 on every other step).

A cooperative game or a solo game against the game (a Result with a TeamOutcome) gives every
seat the team's reward, +1 if the team won and -1 if it lost (Guédelon's shared reward); a
competitive game gives +1 to each winner (ties included) and -1 to every other seat.
"""

from meeple.engine import Result


def final_rewards(result: Result, players: int) -> list[float]:
    if result.team is not None:
        return [1.0 if result.team.won else -1.0] * players
    return [1.0 if seat in result.winner_seats else -1.0 for seat in range(players)]
