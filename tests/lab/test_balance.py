"""Balance runs on every game: variants and player counts parsed and checked, a whole report
folder (self-contained HTML, Markdown, PNG plots) and the kept results."""

import re
from operator import itemgetter
from pathlib import Path

import pytest

from meeple.engine import BadOption, BadPlayerCount, get_game
from meeple.lab.backends import LabError
from meeple.lab.balance import option_variants, parse_player_counts
from meeple.lab.runs import Where, balance
from meeple.lab.store import load, load_rows, save_run

GAMES = ["four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table"]


def two_values(slug: str) -> str:
    """`name=v1,v2` for the game's first option with a fixed set of values."""
    option = next(o for o in get_game(slug).spec.options if o.control in ("checkbox", "select"))
    values = ["true", "false"] if option.control == "checkbox" else list(option.choices[:2])
    return f"{option.name}={','.join(values)}"


def test_player_counts() -> None:
    spec = get_game("round-house").spec
    assert parse_player_counts("2-5", spec) == [2, 3, 4, 5]
    assert parse_player_counts("4,2", spec) == [2, 4]
    with pytest.raises(BadPlayerCount, match="2 to 5 players, not 6"):
        parse_player_counts("2-6", spec)
    with pytest.raises(LabError, match="--players takes counts like"):
        parse_player_counts("two", spec)


def test_variants_are_every_combination_and_free_text_is_taken_whole() -> None:
    spec = get_game("round-table").spec
    variants = option_variants(spec, ["majority_end=true,false", "regions=5,7", "decks=grail,orkney"])
    assert len(variants) == 4
    assert {"majority_end": "false", "regions": "7", "decks": "grail,orkney"} in variants
    repeated = option_variants(spec, ["decks=grail,orkney", "decks=pendragon,grail"])
    assert [v["decks"] for v in repeated] == ["grail,orkney", "pendragon,grail"]
    assert option_variants(spec, []) == [{}]
    with pytest.raises(BadOption):
        option_variants(spec, ["colour=red"])


@pytest.mark.parametrize("slug", GAMES)
def test_a_balance_report_on_every_game(slug: str, tmp_path: Path) -> None:
    spec = get_game(slug).spec
    low = max(spec.min_players, 2)
    out = tmp_path / "report"
    where = Where(workers=2, results=tmp_path / "results")
    report = balance(slug, f"{low}-{low + 1}", ["random", "heuristic"], 3, 9, [two_values(slug)], out, where)
    assert report["players"] == [low, low + 1] and len(report["variants"]) == 2
    assert len(report["first_player"]) == 4  # two variants, two player counts
    for answer in report["first_player"]:
        assert ("team" in answer["answer"]) == spec.cooperative
        assert "seat 0 wins" in answer["answer"] or spec.cooperative
    files = {path.name for path in out.iterdir()}
    assert {"report.html", "summary.md"} <= files
    assert {f"{kind}-v{v}.png" for kind in ("seats", "scores", "length", "kinds") for v in (0, 1)} <= files
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]  # no half-written folder
    page = (out / "report.html").read_text()
    sources = re.findall(r"src='([^']*)'", page)
    assert len(sources) == 8 and all(src.startswith("data:image/png;base64,") for src in sources)  # self-contained
    summary = (out / "summary.md").read_text()
    for image in re.findall(r"!\[[^]]*\]\(([^)]+)\)", summary):
        assert (out / image).stat().st_size > 1000
    assert "| seat 0 |" in summary and "Action kinds and winning" in summary
    games = load(tmp_path / "results", "games").to_pylist()
    assert len(games) == 2 * 2 * 3
    choices = load(tmp_path / "results", "choices").to_pylist()
    kinds = {row["kind"] for row in choices}
    assert kinds and all(":" not in kind for kind in kinds) and all(row["times"] > 0 for row in choices)
    run = load(tmp_path / "results", "runs").to_pylist()[0]
    assert run["command"] == "balance" and run["game"] == slug and '"games": 3' in run["arguments"]


def test_the_same_seed_gives_the_same_report(tmp_path: Path) -> None:
    args = ("lotta-rome", "2", ["heuristic"], 4, 3, [])
    first = balance(*args, tmp_path / "a", Where(results=None))
    second = balance(*args, tmp_path / "b", Where(workers=2, results=None))
    assert first["first_player"] == second["first_player"]
    assert (tmp_path / "a" / "summary.md").read_text().replace("/a", "") == (tmp_path / "b" / "summary.md").read_text()


def test_kept_rows_come_back_as_they_were_played(tmp_path: Path) -> None:
    from meeple.lab.backends import InProcess, run_jobs
    from meeple.lab.balance import balance_jobs, variant_games

    games = variant_games("round-house", ["amulet_experts=free,never"])
    rows = run_jobs(balance_jobs(games, [2, 3], ["random", "heuristic"], 2, 4), InProcess(), 3)
    options = [dict(game.options) for game in games]
    run_id = save_run(tmp_path, "balance", "round-house", {"games": 2}, options, rows)
    save_run(tmp_path, "balance", "round-house", {"games": 2}, options, rows[:1])  # another run beside it
    assert load_rows(tmp_path, run_id) == sorted(rows, key=itemgetter("variant", "players", "index"))
    with pytest.raises(LabError, match="no run 'nope'"):
        load_rows(tmp_path, "nope")
