"""Backends play the same games whatever they are: rows in job order, a dead worker's chunk
played again with nothing lost or counted twice, Ray (a local instance) the same as processes."""

import os
import signal
from pathlib import Path

import pytest

from meeple.engine import get_game
from meeple.lab.backends import InProcess, LabError, ProcessPool, chunk_size, chunked, make_backend, run_jobs
from meeple.lab.jobs import GameJob, play_chunk
from meeple.lab.tournament import tournament_jobs

# Cheap games: random agents at Four Big Strata, two players (a few milliseconds each).
JOBS = tournament_jobs(get_game("four-big-strata"), 2, ["random", "heuristic"], 12, seed=5)


def signature(rows: list[dict]) -> list[tuple]:
    return [(row["index"], row["seed"], tuple(row["agents"]), tuple(row["scores"]), row["decisions"]) for row in rows]


@pytest.fixture(scope="module")
def reference() -> list[dict]:
    return run_jobs(JOBS, InProcess(), size=5)


def test_rows_come_back_in_job_order_whatever_the_chunks(reference: list[dict]) -> None:
    assert [row["index"] for row in reference] == list(range(12))
    assert signature(run_jobs(JOBS, InProcess(), size=1)) == signature(reference)
    assert signature(run_jobs(JOBS, InProcess(), size=12)) == signature(reference)


def test_a_process_pool_gives_the_same_rows(reference: list[dict]) -> None:
    done: list[int] = []
    rows = run_jobs(JOBS, ProcessPool(2), size=3, advance=done.append)
    assert signature(rows) == signature(reference)
    assert sorted(done) == [3, 3, 3, 3]  # every chunk reported once


def die_once(jobs: list[GameJob]) -> list[dict]:
    """Kill this worker the first time the chunk holding game 4 is played; play normally otherwise."""
    marker = Path(os.environ["MEEPLE_TEST_MARKER"])
    if any(job.index == 4 for job in jobs) and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return play_chunk(jobs)


def always_die(jobs: list[GameJob]) -> list[dict]:
    os.kill(os.getpid(), signal.SIGKILL)
    return []


def test_a_killed_worker_has_its_chunk_played_again(
    reference: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEEPLE_TEST_MARKER", str(tmp_path / "marker"))
    done: list[int] = []
    rows = run_jobs(JOBS, ProcessPool(2), size=2, advance=done.append, task=die_once)
    assert (tmp_path / "marker").read_text() == "killed"  # a worker really died mid-run
    assert signature(rows) == signature(reference)  # nothing lost, nothing twice
    assert sum(done) == 12


def test_a_chunk_that_always_kills_its_worker_stops_the_run() -> None:
    with pytest.raises(LabError, match="lost its worker 3 times"):
        run_jobs(JOBS[:2], ProcessPool(2), size=1, task=always_die)


def test_chunks_and_their_size() -> None:
    assert [len(chunk) for chunk in chunked(JOBS, 5)] == [5, 5, 2]
    assert chunk_size(10, 2) == 1 and chunk_size(100_000, 2) == 50 and chunk_size(800, 2) == 50
    assert chunk_size(160, 2) == 10


@pytest.mark.parametrize(
    ("name", "workers", "address", "message"),
    [
        ("spark", 1, None, "unknown backend 'spark'"),
        ("local", 0, None, "--workers must be at least 1"),
        ("local", 2, "auto", "--address is for --backend ray only"),
        ("ray", 2, "head-node", "--address must be auto or host:port, not 'head-node'"),
        ("ray", 2, "head:99999", "--address must be auto or host:port"),
    ],
)
def test_bad_backends_are_refused(name: str, workers: int, address: str | None, message: str) -> None:
    with pytest.raises(LabError, match=message):
        make_backend(name, workers, address)


def test_an_unreachable_cluster_is_one_clear_error() -> None:
    pytest.importorskip("ray")  # a test dependency; only an install without the ray extra lacks it
    backend = make_backend("ray", 2, "127.0.0.1:1")
    with pytest.raises(LabError, match=r"cannot reach the Ray cluster at 127\.0\.0\.1:1"):
        run_jobs(JOBS[:1], backend, size=1)


def test_a_local_ray_instance_gives_the_same_rows(reference: list[dict]) -> None:
    ray = pytest.importorskip("ray")
    try:
        done: list[int] = []
        rows = run_jobs(JOBS, make_backend("ray", 2), size=4, advance=done.append)  # ray.init(num_cpus=2)
        assert ray.cluster_resources()["CPU"] == 2
    finally:
        ray.shutdown()
    assert signature(rows) == signature(reference)
    assert sorted(done) == [4, 4, 4]
