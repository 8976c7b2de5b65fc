"""One unit of lab work: a game to play with given agents in given seats, and the row it yields.

A game's seed comes from the run's seed and the game's index exactly as in
`meeple.simulation` (`derive_seed(run_seed, "game", index)`, each seat's agent seeded with
`derive_seed(seed, "seat", seat)`), so a row depends only on its job, never on which worker,
backend or chunk played it.
"""

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.agents import make_agent
from meeple.engine import derive_seed, get_game

if TYPE_CHECKING:
    from meeple.lab.whatif import EditedContent


@dataclass(frozen=True)
class GameJob:
    """One game of a run: the game and its options, the seats' agents, the run's seed and the game's index.

    `variant` names the option set the game belongs to in a run that compares variants;
    `content`, the edited component files it is played on (None: the shipped ones)."""

    slug: str
    options: tuple[tuple[str, Any], ...]
    players: int
    run_seed: int
    index: int
    agents: tuple[str, ...]
    variant: int = 0
    content: "EditedContent | None" = None


def action_kind(action_id: str) -> str:
    """The kind of an action: its id up to the first ':' (`take:3` -> `take`), the same in every game."""
    return action_id.partition(":")[0]


def play_job(job: GameJob) -> dict[str, Any]:
    """Play the job's game to its end and describe it as one row.

    Besides the result, the row counts each seat's choices by action kind and by label
    (the label names the card, room, location or tile an action is about)."""
    game = get_game(job.slug, dict(job.options))
    seed = derive_seed(job.run_seed, "game", job.index)
    agents = [make_agent(spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(job.agents)]
    state = game.new_game(job.players, seed)
    choices: list[Counter[tuple[str, str]]] = [Counter() for _ in range(job.players)]
    while not game.is_terminal(state):
        for seat in game.to_move(state):
            if seat in game.to_move(state):
                action = game.apply(state, seat, agents[seat].choose(game, state, seat))
                choices[seat][action_kind(action.id), action.label] += 1
    result = game.result(state)
    return {
        "variant": job.variant,
        "players": job.players,
        "index": job.index,
        "seed": seed,
        "agents": list(job.agents),
        "scores": [float(score) for score in result.scores],
        "ranking": list(result.ranking),
        "winner_seats": list(result.winner_seats),
        "team_won": None if result.team is None else result.team.won,
        "margin": None if result.team is None else float(result.team.margin),
        "decisions": state.decisions,
        "choices": [
            [(kind, label, count) for (kind, label), count in sorted(seat_choices.items())] for seat_choices in choices
        ],
    }


def play_chunk(jobs: list[GameJob]) -> list[dict[str, Any]]:
    """Play a chunk of jobs in order (the unit of work a backend hands to one worker), on the
    jobs' edited content if they have some (installed before this worker reads any)."""
    if jobs and jobs[0].content is not None:
        jobs[0].content.install()
    return [play_job(job) for job in jobs]
