"""The Round Table deck tools reach the main command as `meeple round-table ...` (declared under the
`meeple.commands` entry points in pyproject.toml)."""

from pathlib import Path

from typer.testing import CliRunner

from meeple.cli import app
from meeple.games.round_table import decks

STARTERS = Path(decks.__file__).with_name("content") / "decks"


def test_the_starter_decks_are_listed() -> None:
    result = CliRunner().invoke(app, ["round-table", "list"])
    assert result.exit_code == 0, result.output
    for starter in sorted(STARTERS.glob("*.toml")):
        assert starter.stem in result.output


def test_a_starter_deck_validates_and_a_short_deck_is_refused(tmp_path: Path) -> None:
    starter = sorted(STARTERS.glob("*.toml"))[0]
    runner = CliRunner()
    good = runner.invoke(app, ["round-table", "validate", str(starter)])
    assert good.exit_code == 0, good.output
    assert "is a legal deck" in good.output
    text = starter.read_text(encoding="utf-8")
    head, main = text.split("[main]\n", 1)
    kept = main.split("\n[", 1)[1]  # the sections after [main]
    short = tmp_path / "short.toml"
    short.write_text(f"{head}[main]\n{main.splitlines()[0]}\n\n[{kept}", encoding="utf-8")
    bad = runner.invoke(app, ["round-table", "validate", str(short)])
    assert bad.exit_code == 1
    assert "error:" in bad.output
