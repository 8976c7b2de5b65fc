"""Bot thinking, run in worker processes so that a slow bot never blocks the server.

A job is a table's record (game, options, players, seed, actions so far), the seat and
its agent spec. The worker rebuilds the state by replaying the record, so nothing but
plain data crosses the process boundary. A small per-process cache keeps the last state
of each table and only replays the actions added since.
"""

import os
import threading
import time
from collections import OrderedDict
from typing import Any

import msgspec

from meeple.agents import make_agent
from meeple.agents.levels import BOT_LEVELS as BOT_LEVELS  # the lobby's strengths, kept with the agents
from meeple.engine import State, derive_seed, get_game

CACHE_TABLES = 32


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


_cache: OrderedDict[tuple[str, str, int, int], tuple[tuple[tuple[int, str], ...], State]] = OrderedDict()


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


def choose(job: BotJob) -> str:
    """The bot's action id for `job.seat` (runs in a worker process)."""
    game = get_game(job.game, job.options)
    state = rebuild(job)
    agent = make_agent(job.spec, bot_seed(job.seed, job.seat, len(job.actions)))
    return agent.choose(game, state, job.seat)
