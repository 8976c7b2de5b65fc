"""Results kept: every lab run's games as Parquet files a designer queries (DuckDB, pandas, polars).

A results folder (build/lab/results by default) holds one file per run in each table's folder,
`<table>/<run id>.parquet`; a table is the union of its folder's files. Tables (one row per ...):

* `runs`: run: its id, command (tournament or balance), game, arguments (JSON), code version, time;
* `games`: game: run, variant, options (JSON), players, index, seed, decisions, winners, team outcome;
* `seats`: seat of a game: agent, score, rank, win share (1/k for k winners; team outcome in a team game);
* `choices`: seat of a game and action: kind (the id up to its first ':'), label, times chosen.

A run's files are written under temporary names and renamed once all are complete, the `runs`
file last: a run listed in `runs` is whole, a failed run leaves nothing. Parquet was chosen
over one DuckDB file by measurement (docs/balance.md, benchmarks/lab_storage.py): four times
smaller for the same write time, one dependency (pyarrow) instead of two, and still one SQL
query away: `duckdb -c "SELECT ... FROM 'build/lab/results/seats/*.parquet'"`.
"""

import json
import subprocess
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from meeple.lab.backends import LabError
from meeple.lab.stats import win_share

KEY = ["run_id", "variant", "players", "game_index"]
COLUMNS = {
    "runs": ["run_id", "command", "game", "arguments", "code_version", "started"],
    "games": [*KEY, "options", "seed", "decisions", "winners", "team_won", "margin"],
    "seats": [*KEY, "seat", "agent", "score", "rank", "win"],
    "choices": [*KEY, "seat", "kind", "label", "times"],
}


def code_version() -> str:
    """`git describe` of the source when it is a git checkout (with -dirty for edits), else the package version."""
    here = Path(__file__).resolve().parent
    try:
        described = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--tags"], cwd=here, capture_output=True, text=True, timeout=10
        )
        if described.returncode == 0 and described.stdout.strip():
            return "git " + described.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        return "meeple " + version("meeple")
    except PackageNotFoundError:
        return "unknown"


def columns(
    run_id: str, options: Sequence[dict[str, Any]], rows: Sequence[dict[str, Any]]
) -> dict[str, dict[str, list]]:
    """The run's rows as the columns of the `games`, `seats` and `choices` tables."""
    tables: dict[str, dict[str, list]] = {name: {column: [] for column in COLUMNS[name]} for name in COLUMNS}
    del tables["runs"]
    games, seats, choices = tables["games"], tables["seats"], tables["choices"]
    for row in rows:
        key = {"run_id": run_id, "variant": row["variant"], "players": row["players"], "game_index": row["index"]}
        for name, value in key.items():
            games[name].append(value)
        games["options"].append(json.dumps(options[row["variant"]]))
        games["seed"].append(row["seed"])
        games["decisions"].append(row["decisions"])
        games["winners"].append(row["winner_seats"])
        games["team_won"].append(row["team_won"])
        games["margin"].append(row["margin"])
        for seat, agent in enumerate(row["agents"]):
            for name, value in key.items():
                seats[name].append(value)
            seats["seat"].append(seat)
            seats["agent"].append(agent)
            seats["score"].append(row["scores"][seat])
            seats["rank"].append(row["ranking"][seat])
            seats["win"].append(win_share(row, seat))
            for kind, label, times in row["choices"][seat]:
                for name, value in key.items():
                    choices[name].append(value)
                choices["seat"].append(seat)
                choices["kind"].append(kind)
                choices["label"].append(label)
                choices["times"].append(times)
    return tables


def save_run(
    folder: Path,
    command: str,
    game: str,
    arguments: dict[str, Any],
    options: Sequence[dict[str, Any]],
    rows: Sequence[dict[str, Any]],
) -> str:
    """Add one run to the results folder (made if missing); its run id."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise LabError("keeping results needs pyarrow: pip install 'meeple[lab]'") from None
    run_id = datetime.now(UTC).strftime("%Y%m%dT%H%M%S-") + uuid.uuid4().hex[:6]
    tables = columns(run_id, options, rows)
    tables["runs"] = {
        "run_id": [run_id],
        "command": [command],
        "game": [game],
        "arguments": [json.dumps(arguments)],
        "code_version": [code_version()],
        "started": [datetime.now(UTC)],
    }
    written: list[tuple[Path, Path]] = []
    try:
        for name, data in tables.items():  # the runs table last (dicts keep their order)
            place = folder / name / f"{run_id}.parquet"
            place.parent.mkdir(parents=True, exist_ok=True)
            temporary = place.with_name(f".{place.name}.partial")
            written.append((temporary, place))
            pq.write_table(pa.table(data), temporary)
        for temporary, place in written:
            temporary.rename(place)
    except OSError as error:
        for temporary, place in written:
            temporary.unlink(missing_ok=True)
            place.unlink(missing_ok=True)
        raise LabError(f"cannot keep the results in {folder}: {error.strerror or error}") from None
    return run_id


def load(folder: Path, table: str) -> Any:
    """One table of a results folder, every run's rows, as a pyarrow Table."""
    import pyarrow.parquet as pq

    return pq.read_table(folder / table)


def load_rows(folder: Path, run_id: str) -> list[dict[str, Any]]:
    """A kept run's games as the rows its run made (in game order), e.g. to redraw its report."""
    import pyarrow.compute as pc

    def table(name: str) -> list[dict[str, Any]]:
        data = load(folder, name)
        return data.filter(pc.equal(data["run_id"], run_id)).to_pylist()

    games = table("games")
    if not games:
        raise LabError(f"no run {run_id!r} is kept in {folder}")
    rows: dict[tuple[int, int, int], dict[str, Any]] = {}
    for game in games:
        rows[game["variant"], game["players"], game["game_index"]] = {
            "variant": game["variant"],
            "players": game["players"],
            "index": game["game_index"],
            "seed": game["seed"],
            "agents": [""] * game["players"],
            "scores": [0.0] * game["players"],
            "ranking": [0] * game["players"],
            "winner_seats": game["winners"],
            "team_won": game["team_won"],
            "margin": game["margin"],
            "decisions": game["decisions"],
            "choices": [[] for _ in range(game["players"])],
        }
    for seat in table("seats"):
        row = rows[seat["variant"], seat["players"], seat["game_index"]]
        row["agents"][seat["seat"]] = seat["agent"]
        row["scores"][seat["seat"]] = seat["score"]
        row["ranking"][seat["seat"]] = seat["rank"]
    for choice in table("choices"):
        row = rows[choice["variant"], choice["players"], choice["game_index"]]
        row["choices"][choice["seat"]].append((choice["kind"], choice["label"], choice["times"]))
    for row in rows.values():
        row["choices"] = [sorted(seat) for seat in row["choices"]]
    return [rows[key] for key in sorted(rows)]
