"""Instructions the server spends on the views and patches of one table, per game (callgrind).

Load on a shared machine moves CPU time by tens of percent; it does not move instruction
counts. For each game this plays one random game (seed 5) twice under
`valgrind --tool=callgrind`: both runs play the same actions and draw every seat's view
(`views.seat_split`) and its patch (`app.patched`) after actions 15 to 20 (the memos warm), and
one of them after each of the next 30 actions too. The difference of the two runs' instruction
counts is the 30 actions' views and patches, all seats. PYTHONHASHSEED is fixed, so a run
repeats its count.

    .venv/bin/python benchmarks/count_views.py                  # every game
    .venv/bin/python benchmarks/count_views.py round-house --src /path/to/other/src
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench_views import PLAYERS  # (this script's folder is on the path)

WARM, MEASURED, SEED = 20, 30, 5


def play(slug: str, measured: bool) -> None:
    """The game of `slug`, its views drawn after the warm-up's last 5 actions and, if
    `measured`, after each of the next MEASURED actions."""
    from bench_views import new_table
    from meeple.server import patches, views
    from meeple.server.app import patched
    from meeple.server.tables import Replayed

    table = new_table(slug, SEED)
    game, state, players = table.game, table.state, PLAYERS[slug]
    assert game is not None and state is not None
    rng = random.Random(SEED)
    shown: dict[int, patches.Split] = {}
    for done in range(WARM + MEASURED):
        if game.is_terminal(state):
            raise SystemExit(f"{slug}: the game ended after {done} actions")
        if WARM - 5 <= done < WARM or (measured and done >= WARM):
            for seat in range(players):
                split = views.seat_split(table, seat)
                if seat in shown:
                    patched(shown[seat], split)
                shown[seat] = split
        seat = rng.choice(game.to_move(state))
        action = rng.choice(game.legal_actions(state, seat)).id
        state = game.step(state, seat, action)
        table.restore(Replayed(game, state, [*table.actions, (seat, action)], {}))
        table.changed()


def instructions(slug: str, measured: bool, src: str) -> int:
    """The instructions of one run of `play` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}
        command = [sys.executable, __file__, "--play", slug] + (["--measured"] if measured else [])
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
            env=env,
            check=True,
            capture_output=True,
        )
        return int(re.search(r"^summary: (\d+)", out.read_text(), re.M).group(1))  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--src", default=str(Path(__file__).resolve().parents[1] / "src"), help="the meeple to count")
    parser.add_argument("--play", help=argparse.SUPPRESS)
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.measured)
        return
    print("| game (seats) | instructions per action, views and patches of all seats |")
    print("| --- | --- |")
    with ThreadPoolExecutor(2) as runs:  # the two runs of a game side by side
        for slug in args.games:
            counts = list(runs.map(instructions, [slug, slug], [True, False], [args.src, args.src]))
            print(f"| {slug} ({PLAYERS[slug]}) | {(counts[0] - counts[1]) / MEASURED / 1e6:.2f} M |", flush=True)


if __name__ == "__main__":
    main()
