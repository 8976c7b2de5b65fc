"""Commands that a game brings: Typer apps declared under the `meeple.commands` entry points."""

import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest
import typer
from typer.testing import CliRunner

from meeple import cli

tools = typer.Typer(help="A game's tools.")


@tools.command()
def greet(name: str) -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


def fake_points(*points: EntryPoint):
    def select(group: str) -> list[EntryPoint]:
        assert group == cli.COMMANDS_GROUP
        return list(points)

    return select


def host() -> typer.Typer:
    app = typer.Typer(cls=cli.WithGameCommands)

    @app.command()
    def games() -> None:
        """One of the host's own commands."""

    @app.command()
    def serve() -> None:
        """Another of the host's own commands."""

    return app


def test_a_declared_app_becomes_a_command_group(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="toytools", value=f"{__name__}:tools", group=cli.COMMANDS_GROUP)
    monkeypatch.setattr(cli, "entry_points", fake_points(point))
    app = host()
    result = CliRunner().invoke(app, ["toytools", "greet", "Ygraine"])
    assert result.exit_code == 0, result.output
    assert result.output == "hello Ygraine\n"


def test_a_broken_declaration_is_left_out_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = EntryPoint(name="gone", value="no_such_module_here:app", group=cli.COMMANDS_GROUP)
    monkeypatch.setattr(cli, "entry_points", fake_points(broken))
    app = host()
    result = CliRunner().invoke(app, ["gone", "--help"])
    assert "the command group 'gone' could not be loaded" in capsys.readouterr().err + result.output
    assert result.exit_code != 0
    assert "No such command 'gone'" in result.output


def test_a_declared_group_is_listed_in_the_help(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="toytools", value=f"{__name__}:tools", group=cli.COMMANDS_GROUP)
    monkeypatch.setattr(cli, "entry_points", fake_points(point))
    result = CliRunner().invoke(host(), ["--help"])
    assert result.exit_code == 0, result.output
    assert "toytools" in result.output and "games" in result.output


def test_a_command_about_one_game_imports_no_other_game() -> None:
    """`meeple simulate GAME` loads that game alone (and no game's command group), and neither
    its drawing (svgkit), a validation library, nor rich and the terminal's screens (with
    --json nothing is drawn): start-up is paid once per run, so it bounds what a second worker
    can gain."""
    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from meeple.cli import app\n"
        "args = ['simulate', 'four-big-strata', '--games', '2', '--players', '2', '--seed', '1', '--json']\n"
        "result = CliRunner().invoke(app, args)\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted({name.split('.')[2] for name in sys.modules if name.startswith('meeple.games.')}))\n"
        "print('meeple.server.rates' in sys.modules)\n"
        "print(sorted({'meeple.svgkit', 'pydantic', 'rich', 'meeple.terminal.screen'} & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:3] == ["['four_big_strata']", "False", "[]"]
