"""Bot thinking, run in worker processes so that a slow bot never blocks the server.

A job is a table's record (game, options, players, seed, actions so far), the seat and
its agent spec. The worker rebuilds the state by replaying the record, so nothing but
plain data crosses the process boundary. A small per-process cache keeps the last state
of each table and only replays the actions added since.

A worker also keeps one agent per bot seat between its decisions (a bounded cache keyed by
(table, seat)), so a search's tree and a planner's memo survive from one decision to the
next; the scheduler (scheduler.py) sends a seat's jobs to the worker that holds its agent
and says so with `keep`. Every decision still draws from its own seed (`bot_seed`): a kept
agent is reseeded before it decides.
"""

import os
import threading
import time
from collections import OrderedDict
from typing import Any

import msgspec

from meeple.agents import Agent, make_agent
from meeple.engine import Rng, State, derive_seed, get_game

# The strengths offered in the lobby, as agent specs. Each level plays the game's own planner where
# it has one (Guédelon's team search, at the level's effort), and elsewhere ISMCTS stopped at its
# iterations or its seconds, whichever comes first: in a game with long playouts iterations alone
# would keep a table waiting for minutes.
BOT_LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "easy": "planner:effort=1,iterations=100,seconds=2",
    "medium": "planner:effort=2,iterations=300,seconds=5",
    "hard": "planner:effort=3,iterations=1000,seconds=10",
}
CACHE_TABLES = 32
CACHE_AGENTS = 64


class BotJob(msgspec.Struct, frozen=True):
    """Everything a worker needs to choose a bot's action."""

    table_id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    actions: tuple[tuple[int, str], ...]
    seat: int
    spec: str
    keep: bool = False  # the seat's agent from its last decision may be used (this worker made it)


_cache: OrderedDict[tuple[str, str, int, int], tuple[tuple[tuple[int, str], ...], State]] = OrderedDict()
_agents: OrderedDict[tuple[str, int], tuple[str, Agent]] = OrderedDict()  # (table, seat) -> (spec, agent)


def die_with_parent() -> None:
    """Worker initializer: exit as soon as the server process is gone (even after kill -9),
    so no bot worker outlives the server that started it."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="meeple-bot-parent-watch", daemon=True).start()


def bot_seed(table_seed: int, seat: int, seq: int) -> int:
    """The seed of the bot of `seat` deciding action number `seq`: reproducible, per decision."""
    return derive_seed(table_seed, "bot", seat, seq)


def rebuild(job: BotJob) -> State:
    """The table's state after `job.actions`, replayed (from the cache when it holds a prefix)."""
    game = get_game(job.game, job.options)
    key = (job.table_id, job.game, job.players, job.seed)
    cached = _cache.get(key)
    if cached is not None and job.actions[: len(cached[0])] == cached[0]:
        done, state = cached[0], game.clone(cached[1])
    else:
        done, state = (), game.new_game(job.players, job.seed)
    for seat, action_id in job.actions[len(done) :]:
        game.apply(state, seat, action_id)
    _cache[key] = (job.actions, game.clone(state))
    _cache.move_to_end(key)
    while len(_cache) > CACHE_TABLES:
        _cache.popitem(last=False)
    return state


def seat_agent(job: BotJob) -> Agent:
    """The agent of `job.seat`, seeded for this decision: the one kept from the seat's last
    decision when the job allows it (`keep`) and its spec is unchanged, else a new one."""
    seed = bot_seed(job.seed, job.seat, len(job.actions))
    key = (job.table_id, job.seat)
    kept = _agents.get(key) if job.keep else None
    if kept is not None and kept[0] == job.spec:
        agent = kept[1]
        reseed(agent, job.spec, seed)
    else:
        agent = make_agent(job.spec, seed)
    _agents[key] = (job.spec, agent)
    _agents.move_to_end(key)
    while len(_agents) > CACHE_AGENTS:
        _agents.popitem(last=False)
    return agent


def reseed(agent: Agent, spec: str, seed: int) -> None:
    """Make a kept agent draw from the streams a new agent built with `seed` would, so that
    every decision is reproducible from its own seed while the agent's tree and memo stay.

    An agent with a `reseed(seed)` method does it itself; otherwise every engine `Rng` the
    agent holds (and the agents it holds, such as a planner's fallback search) takes the
    state of its counterpart in a new agent of the same spec.
    """
    own = getattr(agent, "reseed", None)
    if callable(own):
        own(seed)
        return
    _copy_streams(agent, make_agent(spec, seed))


def _copy_streams(kept: object, fresh: object) -> None:
    """Give each Rng of `kept` (and of the agents it holds) the state of the same one in `fresh`."""
    for name, value in getattr(fresh, "__dict__", {}).items():
        mine = getattr(kept, name, None)
        if isinstance(value, Rng) and isinstance(mine, Rng):
            mine.state = value.state
        elif callable(getattr(value, "choose", None)) and type(mine) is type(value):
            _copy_streams(mine, value)


def choose(job: BotJob) -> str:
    """The bot's action id for `job.seat` (runs in a worker process)."""
    game = get_game(job.game, job.options)
    state = rebuild(job)
    return seat_agent(job).choose(game, state, job.seat)
