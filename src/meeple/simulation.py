"""Playing matches between agents, one game or thousands, on one core or many.

The outcome of a run depends only on its arguments: each game's seed is
derived from the run's seed and the game's index, and results are returned in
index order whatever the number of worker processes.
"""

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import cache
from typing import Any

from meeple.agents import Agent, make_agent
from meeple.agents.factory import BadAgent
from meeple.engine import Game, GameRecord, State, derive_seed, finish_record, get_game


def play_match(game: Game, players: int, seed: int, agents: Sequence[Agent]) -> tuple[State, GameRecord]:
    """Play one game to its end; the seats that must decide are asked in seat order."""
    state = game.new_game(players, seed)
    actions: list[tuple[int, str]] = []
    while not game.is_terminal(state):
        for seat in game.to_move(state):
            if seat in game.to_move(state):
                action_id = agents[seat].choose(game, state, seat)
                game.apply(state, seat, action_id)
                actions.append((seat, action_id))
    record = GameRecord(
        game=game.spec.slug,
        version=game.spec.version,
        players=players,
        seed=seed,
        options=dict(game.options),
        actions=actions,
    )
    return state, finish_record(game, record, state)


def seat_agents(agent_specs: Sequence[str], players: int, index: int, rotate: bool) -> list[str]:
    """The agent spec of each seat in game `index`: the list repeated to fill the seats,
    rotated by the game index when `rotate` so every agent plays every seat equally."""
    if not agent_specs:
        raise BadAgent("at least one agent is needed")
    if len(agent_specs) > players:
        given = f"{len(agent_specs)} agent{'s were' if len(agent_specs) > 1 else ' was'}"
        raise BadAgent(f"{given} given for {players} seat{'s' if players != 1 else ''}")
    base = [agent_specs[s % len(agent_specs)] for s in range(players)]
    if not rotate:
        return base
    shift = index % players
    return base[-shift:] + base[:-shift] if shift else base


@cache
def _game(slug: str, options: tuple[tuple[str, Any], ...]) -> Game:
    """The game with its options, made once per process and kept for every game it plays."""
    return get_game(slug, dict(options))


Run = tuple[str, tuple[tuple[str, Any], ...], int, int, tuple[str, ...], bool]  # what every game of a run shares


def _one_game(run: Run, index: int) -> dict[str, Any]:
    """Game `index` of `run`: its seed and agents derived from the run's and the index."""
    slug, options, players, run_seed, agent_specs, rotate = run
    game = _game(slug, options)
    specs = seat_agents(agent_specs, players, index, rotate)
    seed = derive_seed(run_seed, "game", index)
    agents = [make_agent(spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(specs)]
    state, _ = play_match(game, players, seed, agents)
    result = game.result(state)
    row: dict[str, Any] = {
        "seed": seed,
        "agents": specs,
        "scores": result.scores,
        "ranking": result.ranking,
        "winner_seats": result.winner_seats,
        "decisions": state.decisions,
    }
    if result.team is not None:
        row["team"] = {"won": result.team.won, "margin": result.team.margin}
    return row


def _batch(run: Run, games: range) -> list[dict[str, Any]]:
    """The rows of a batch of games, played back to back in one worker process."""
    return [_one_game(run, index) for index in games]


def batches(games: int, workers: int) -> list[range]:
    """The games cut in order into batches for `workers` processes, each batch an eighth of a
    worker's share of the games still left: large batches first (few messages between the
    processes), shrinking to single games at the end, so that the workers finish within about one
    game of each other however long the games are (a fixed size left one core idle for up to a
    whole batch at the end)."""
    found = []
    start = 0
    while start < games:
        size = max(1, (games - start) // (workers * 8))
        found.append(range(start, start + size))
        start += size
    return found


def simulate(
    slug: str,
    players: int,
    games: int,
    seed: int,
    agent_specs: Sequence[str],
    options: dict[str, Any] | None = None,
    workers: int = 1,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play `games` games and return one result row per game, in game order."""
    game = get_game(slug, options)  # checks slug and options before any work starts
    game.spec.check_players(players)
    for spec in set(agent_specs):
        make_agent(spec, 0)
    seat_agents(agent_specs, players, 0, rotate)  # checks the agents fit the seats
    run: Run = (slug, tuple(sorted(game.options.items())), players, seed, tuple(agent_specs), rotate)
    if workers <= 1:
        rows = []
        for index in range(games):
            rows.append(_one_game(run, index))
            if progress:
                progress(1)
        return rows
    _game(*run[:2])  # made before the workers are forked, which then share it
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_batch, run, batch) for batch in batches(games, workers)]
        if progress:
            for future in as_completed(futures):
                progress(len(future.result()))
        return [row for future in futures for row in future.result()]
