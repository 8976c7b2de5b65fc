"""Rewards at the end of a game, from its Result (sparse: 0 on every other step).

A cooperative game or a solo game against the game (a Result with a TeamOutcome) gives every
seat the team's reward, +1 if the team won and -1 if it lost (Guédelon's shared reward). A
competitive game gives, with `reward="win"` (the default), +1 to each winner (ties included)
and -1 to every other seat; with `reward="margin"`, each seat's score minus the best score among
the others (positive for a sole winner, denser than a win for a learner: it says by how much).
"""

from meeple.engine import Result

REWARDS = ("win", "margin")


def final_rewards(result: Result, players: int, reward: str = "win") -> list[float]:
    if result.team is not None:
        return [1.0 if result.team.won else -1.0] * players
    if reward == "margin" and players > 1:
        scores = result.scores
        return [float(scores[seat] - max(scores[:seat] + scores[seat + 1 :])) for seat in range(players)]
    return [1.0 if seat in result.winner_seats else -1.0 for seat in range(players)]
