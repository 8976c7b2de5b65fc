"""What the server spends per action on the views of one table, for every game, in CPU time.

For every game, plays random games (fixed seeds) with every seat connected and, after every
action, makes what `meeple serve` makes for each seat: the view (`views.seat_split`: the
observation, the board's SVG and the page around it, drawn once per seat and change), the
message (a patch against that seat's last view, `app.patched`, or the whole view) and its
permessage-deflate compression at the server's level. Reports CPU milliseconds per action
(all seats) for each step, the messages' size, and the actions per CPU-second this part of
the server would allow (the store, the sockets and the event loop not counted: see
bench_server.py for the whole server).

    .venv/bin/python benchmarks/bench_views.py
    .venv/bin/python benchmarks/bench_views.py --games 2 --actions 150
    .venv/bin/python benchmarks/bench_views.py --fresh   # every board drawn from nothing (no panel shared)

CPU time (time.process_time), so a busy shared machine skews it less.
"""

import argparse
import random
import time

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from meeple.engine import get_game
from meeple.server import patches, views
from meeple.server.app import patched
from meeple.server.connections import COMPRESSION
from meeple.server.store import TableRow
from meeple.server.tables import HUMAN, Replayed, Table
from meeple.svgkit import memo

PLAYERS = {"four-big-strata": 4, "round-house": 4, "guedelon": 2, "lotta-rome": 4, "round-table": 3}


class Clock:
    """CPU seconds spent per named step."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}

    def add(self, step: str, since: float) -> float:
        now = time.process_time()
        self.spent[step] = self.spent.get(step, 0.0) + now - since
        return now


def new_table(slug: str, seed: int) -> Table:
    """A table of `slug` at its start, every seat a person's, as the server keeps it."""
    game = get_game(slug)
    players = PLAYERS[slug]
    row = TableRow(
        id="bench",
        game=slug,
        version=game.spec.version,
        players=players,
        seed=seed,
        options=dict(game.options),
        seats=[HUMAN] * players,
        hot_seat=False,
        created="2026-01-01T00:00:00.000+00:00",
    )
    table = Table(row, {})
    table.restore(Replayed(game, game.new_game(players, seed), [], {}))
    return table


def random_move(table: Table, rng: random.Random) -> None:
    """A random legal action of a seat to move, applied to `table` as the server applies one."""
    game, state = table.game, table.state
    assert game is not None and state is not None
    seat = rng.choice(game.to_move(state))
    action = rng.choice(game.legal_actions(state, seat)).id
    table.restore(Replayed(game, game.step(state, seat, action), [*table.actions, (seat, action)], {}))
    table.changed()


def play(slug: str, seed: int, actions: int, clock: Clock, sizes: dict[str, int], fresh: bool = False) -> int:
    """One random game of `slug`, its views made after every action; the actions made."""
    table = new_table(slug, seed)
    game, players = table.game, PLAYERS[slug]
    assert game is not None
    deflate = PerMessageDeflate(False, False, 12, 12, {"memLevel": 5, "level": COMPRESSION})
    rng = random.Random(seed)
    shown: dict[int, patches.Split] = {}
    done = 0
    while done < actions and not game.is_terminal(table.state):
        for seat in range(players):
            if fresh:
                memo.forget()
            now = time.process_time()
            split = views.seat_split(table, seat)
            view = split.text
            now = clock.add("view", now)
            message = patched(shown[seat], split) if seat in shown else view
            now = clock.add("patch", now)
            deflate.encode(Frame(Opcode.TEXT, view.encode()))
            now = clock.add("compress whole view", now)
            deflate.encode(Frame(Opcode.TEXT, message.encode()))
            clock.add("compress patch", now)
            shown[seat] = split
            sizes["view"] += len(view)
            sizes["message"] += len(message)
        random_move(table, rng)
        done += 1
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--actions", type=int, default=150, help="actions per game at most")
    parser.add_argument("--fresh", action="store_true", help="draw every board from nothing: no panel shared")
    args = parser.parse_args()
    print(
        "| game | seats | actions | view ms | patch ms | compress whole ms | compress patch ms "
        "| kB view / message | actions per CPU-s: whole / patch |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for slug, players in PLAYERS.items():
        clock, sizes = Clock(), {"view": 0, "message": 0}
        count = sum(play(slug, seed, args.actions, clock, sizes, args.fresh) for seed in range(args.games))
        ms = {step: 1000 * spent / count for step, spent in clock.spent.items()}
        whole = ms["view"] + ms["compress whole view"]
        patch = ms["view"] + ms["patch"] + ms["compress patch"]
        print(
            f"| {slug} | {players} | {count} | {ms['view']:.2f} | {ms['patch']:.2f} | {ms['compress whole view']:.2f} "
            f"| {ms['compress patch']:.2f} | {sizes['view'] / count / players / 1000:.1f} / "
            f"{sizes['message'] / count / players / 1000:.1f} | {1000 / whole:.0f} / {1000 / patch:.0f} |"
        )


if __name__ == "__main__":
    main()
