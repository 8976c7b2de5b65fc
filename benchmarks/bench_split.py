"""What a page sent as two documents would save, measured before building it (issue 18 item 1).

The idea: every browser of a table is sent the public board (the spectator's view, drawn and
patched once per change) and its seat's own document (the pieces of its view that are not the
public one's, the others referred to by their place in the public view), which meeple.js would
put together. This plays one random game per game (seed 5) and after every action, with every
seat connected, measures in CPU time per action:

- `now`: every seat's view drawn and patched as the server does it now, no spectator connected
  (a first pass of the game, the memos emptied before it);

and in a second pass of the same game (the memos emptied again), the public view first:

- `seats`: every seat's view drawn (`views.seat_split`) as the server draws it now;
- `patches`: every seat's patch against its last view (`app.patched`), as sent now;
- `public`: the spectator's view drawn and patched once;
- `own`: every seat's own document (its view's pieces that are not the very objects of the
  spectator's, the others as references) joined and patched against its last one;
- `own pieces`: how many pieces of a seat's view are its own (of how many).

With `--log-alike`, instead: `now` with the words as they are (after a first pass of the game that
warms what outlives the memos), then with every seat's log worded
for a spectator (each game's `word_log` replaced for the run, so that the recent events and the
log are the same pieces for every seat), in turn: what shared words alone would save.

`public + own` against `patches` is what the two documents change in patching, if the seats'
views were still drawn whole; what they could save in drawing is the part of `seats` spent
on the public panels (looked up by their arguments: see docs/performance.md, sixth pass).

    .venv/bin/python benchmarks/bench_split.py
    .venv/bin/python benchmarks/bench_split.py round-house --actions 60
    .venv/bin/python benchmarks/bench_split.py --log-alike
"""

import argparse
import importlib
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

from bench_views import PLAYERS, new_table, random_move  # (this script's folder is on the path)
from meeple.engine import wording
from meeple.server import patches, views
from meeple.server.app import patched
from meeple.svgkit import memo


def measure(slug: str, actions: int, split_too: bool) -> dict[str, float]:
    """CPU ms per action of each step (see the module), and the seats' own pieces; with
    `split_too` false, only the seats' views and patches (`now`)."""
    memo.forget()
    table = new_table(slug, 5)
    assert table.game is not None
    rng = random.Random(5)
    whole: dict[int, patches.Split] = {}
    own: dict[int, patches.Split] = {}
    public: patches.Split | None = None
    spent = dict.fromkeys(("public", "seats", "patches", "own"), 0.0)
    counted = [0, 0]
    done = 0
    while done < actions and not table.game.is_terminal(table.state):
        start = time.process_time()
        view = views.seat_split(table, None) if split_too else patches.Split("")
        if public is not None:
            patched(public, view)
        public = view
        place = {id(piece): i for i, piece in enumerate(view.chunks)}
        spent["public"] += time.process_time() - start
        for seat in range(PLAYERS[slug]):
            start = time.process_time()
            split = views.seat_split(table, seat)
            spent["seats"] += (now := time.process_time()) - start
            if seat in whole:
                patched(whole[seat], split)
            whole[seat] = split
            spent["patches"] += (start := time.process_time()) - now
            if not split_too:
                continue
            pieces = [piece if id(piece) not in place else f"<!--@{place[id(piece)]}-->" for piece in split.chunks]
            mine = patches.Split.joined(pieces)
            if seat in own:
                patched(own[seat], mine)
            own[seat] = mine
            spent["own"] += time.process_time() - start
            counted[0] += sum(not piece.startswith("<!--@") for piece in pieces)
            counted[1] += len(pieces)
        random_move(table, rng)
        done += 1
    result = {step: 1000 * seconds / done for step, seconds in spent.items()}
    result["own pieces"] = counted[0] / done / PLAYERS[slug]
    result["pieces"] = counted[1] / done / PLAYERS[slug]
    return result


@contextmanager
def log_alike(slug: str) -> Iterator[None]:
    """Every seat's log worded for a spectator while this lasts (the game's observation module's
    `word_log` replaced), so that every seat reads the same lines."""
    module = importlib.import_module(f"meeple.games.{slug.replace('-', '_')}.observation")
    module.word_log = lambda lines, _viewer, last=wording.RECENT: wording.word_log(lines, None, last)
    try:
        yield
    finally:
        module.word_log = wording.word_log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--actions", type=int, default=100)
    parser.add_argument("--log-alike", action="store_true", help="now, and now with every log worded alike")
    args = parser.parse_args()
    if args.log_alike:
        print("| game (seats) | now | with every seat's log worded for a spectator |")
        print("| --- | --- | --- |")
        for slug in args.games:
            measure(slug, args.actions, False)  # a first pass warms what outlives the memos (imports, caches)
            now = measure(slug, args.actions, False)
            with log_alike(slug):
                alike = measure(slug, args.actions, False)
            costs = [f"{r['seats'] + r['patches']:.2f}" for r in (now, alike)]
            print(f"| {slug} ({PLAYERS[slug]}) | {' | '.join(costs)} |")
        return
    print(
        "| game (seats) | now | seats drawn | their patches | public: drawn and patched | own documents | own pieces |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for slug in args.games:
        now = measure(slug, args.actions, False)
        r = measure(slug, args.actions, True)
        print(
            f"| {slug} ({PLAYERS[slug]}) | {now['seats'] + now['patches']:.2f} | {r['seats']:.2f} | "
            f"{r['patches']:.2f} | {r['public']:.2f} | "
            f"{r['own']:.2f} | {r['own pieces']:.0f} of {r['pieces']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
