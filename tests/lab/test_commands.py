"""`meeple tournament` and `meeple balance`: tables, JSON, and bad input refused in one line with nothing written."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from meeple.cli import app


def meeple(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], env={"COLUMNS": "200"})


def assert_refused(result: Result, fragment: str, folder: Path) -> None:
    """Exit code 2, one `error:` line naming the problem, and no file written."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], result.stderr
    assert result.stdout == ""
    assert not folder.exists() or not any(folder.iterdir())


def test_tournament_prints_a_table_and_the_same_json_for_the_same_seed(tmp_path: Path) -> None:
    args = ["tournament", "round-table", "--agents", "random,heuristic", "--players", "2", "--games", "4"]
    args += ["--seed", "8", "--results", tmp_path / "results"]
    table = meeple(*args)
    assert table.exit_code == 0, table.output
    assert "openskill" in table.stdout and "heuristic" in table.stdout and "mu ± sigma" in table.stdout
    first, second = meeple(*args, "--json"), meeple(*args, "--json", "--workers", "2")
    assert first.exit_code == second.exit_code == 0, first.output
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one["standings"] == two["standings"] and one["run_id"] != two["run_id"]
    assert len(list((tmp_path / "results" / "games").iterdir())) == 3  # three runs kept


def test_balance_writes_its_report(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = meeple(
        "balance", "four-big-strata", "--players", "2", "--games", "3", "--out", out, "--results", tmp_path / "r"
    )
    assert result.exit_code == 0, result.output
    assert "2 players: seat 0 wins" in result.stdout
    assert (out / "report.html").exists() and (out / "summary.md").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["tournament", "lotta-rome", "--agents", "random,genius"], "genius"),
        (["tournament", "lotta-rome", "--agents", "random,random"], "names an agent twice"),
        (["tournament", "lotta-rome", "--agents", "random", "--option", "merchants=maybe"], "merchants"),
        (["tournament", "lotta-rome", "--agents", "random", "--players", "9"], "not 9"),
        (["tournament", "chess", "--agents", "random"], "chess"),
        (["tournament", "lotta-rome", "--agents", "random", "--backend", "spark"], "unknown backend 'spark'"),
        (["tournament", "lotta-rome", "--agents", "random", "--backend", "ray", "--address", "x"], "host:port"),
        (
            ["tournament", "lotta-rome", "--agents", "random", "--backend", "ray", "--address", "127.0.0.1:1"],
            "cannot reach the Ray cluster at 127.0.0.1:1",
        ),
        (["balance", "guedelon", "--players", "2-5", "--games", "2"], "not 5"),
        (["balance", "guedelon", "--players", "2", "--agents", "heuristic,nobody"], "nobody"),
        (["balance", "round-house", "--players", "2", "--option", "amulet_experts=free,sometimes"], "sometimes"),
        (["balance", "round-house", "--players", "2", "--option", "colour=red"], "colour"),
        (["balance", "round-house", "--players", "2", "--agents", "random,heuristic,random"], "3 agents"),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_written(args: list[str], fragment: str, tmp_path: Path) -> None:
    if "--address" in args and "127.0.0.1:1" in args:
        pytest.importorskip("ray")  # a test dependency; only an install without the ray extra lacks it
    result = meeple(
        *args, "--results", tmp_path / "results", *(["--out", tmp_path / "out"] if args[0] == "balance" else [])
    )
    assert_refused(result, fragment, tmp_path)
