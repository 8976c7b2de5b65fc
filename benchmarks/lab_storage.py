"""Parquet (pyarrow) or DuckDB for the lab's kept results: size, write time, query time.

Plays 200 real games (heuristic agents, Lotta Rome, 4 players), repeats their rows to
`--games` games, then writes them as the lab's tables (games, seats, choices) both ways and
runs the same query on each (seat 0's win rate and the most chosen kinds among winners).

    .venv/bin/python benchmarks/lab_storage.py --games 20000
"""

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from meeple.lab.backends import InProcess, run_jobs
from meeple.lab.balance import balance_jobs, variant_games
from meeple.lab.store import SCHEMA, columns

KINDS = """
SELECT c.kind, sum(c.times) AS times FROM {choices} c JOIN {seats} s USING (run_id, game_index, seat)
WHERE s.win > 0 GROUP BY c.kind ORDER BY times DESC, c.kind LIMIT 5
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args()
    games = variant_games("lotta-rome", [])
    sample = run_jobs(balance_jobs(games, [4], ["heuristic"], 200, 1), InProcess(), 50)
    rows = [dict(sample[i % len(sample)], index=i) for i in range(args.games)]
    tables = columns("run1", [{}], rows)
    print(
        f"{args.games} games: " + ", ".join(f"{name} {len(next(iter(t.values())))} rows" for name, t in tables.items())
    )
    folder = Path(tempfile.mkdtemp(prefix="lab-storage-"))
    try:
        start = time.perf_counter()
        for name, data in tables.items():
            pq.write_table(pa.table(data), folder / f"{name}.parquet")
        parquet_write = time.perf_counter() - start
        parquet_size = sum((folder / f"{name}.parquet").stat().st_size for name in tables)

        start = time.perf_counter()
        connection = duckdb.connect(str(folder / "results.duckdb"))
        for name in tables:
            connection.execute(f"CREATE TABLE {name} ({SCHEMA[name]})")
        for name, data in tables.items():
            arrow = pa.table(data)  # noqa: F841
            connection.execute(f"INSERT INTO {name} SELECT * FROM arrow")
        connection.close()
        duck_arrow_write = time.perf_counter() - start
        duck_size = (folder / "results.duckdb").stat().st_size

        start = time.perf_counter()
        connection = duckdb.connect(str(folder / "numpy.duckdb"))
        for name in ("seats", "choices"):
            connection.execute(f"CREATE TABLE {name} ({SCHEMA[name]})")
            frame = {column: np.array(values) for column, values in tables[name].items()}  # noqa: F841
            connection.execute(f"INSERT INTO {name} SELECT * FROM frame")
        connection.close()
        duck_numpy_write = time.perf_counter() - start

        connection = duckdb.connect(str(folder / "results.duckdb"), read_only=True)
        start = time.perf_counter()
        duck_answer = connection.execute(KINDS.format(choices="choices", seats="seats")).fetchall()
        duck_query = time.perf_counter() - start
        connection.close()
        start = time.perf_counter()
        seats, choices = (f"read_parquet('{folder}/{name}.parquet')" for name in ("seats", "choices"))
        parquet_answer = duckdb.connect().execute(KINDS.format(choices=choices, seats=seats)).fetchall()
        parquet_query = time.perf_counter() - start
        assert duck_answer == parquet_answer
        print(f"parquet: {parquet_size / 1e6:.2f} MB, write {parquet_write:.2f} s, query {parquet_query * 1e3:.0f} ms")
        print(
            f"duckdb (arrow insert): {duck_size / 1e6:.2f} MB, write {duck_arrow_write:.2f} s,"
            f" query {duck_query * 1e3:.0f} ms"
        )
        print(f"duckdb (numpy insert, seats+choices only): write {duck_numpy_write:.2f} s")
        print("top kinds among winners:", duck_answer)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
