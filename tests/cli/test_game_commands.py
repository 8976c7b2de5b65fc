"""Commands that a game brings: Typer apps declared under the `meeple.commands` entry points."""

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
    app = typer.Typer()

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
    cli.add_game_commands(app)
    result = CliRunner().invoke(app, ["toytools", "greet", "Ygraine"])
    assert result.exit_code == 0, result.output
    assert result.output == "hello Ygraine\n"


def test_a_broken_declaration_is_left_out_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = EntryPoint(name="gone", value="no_such_module_here:app", group=cli.COMMANDS_GROUP)
    monkeypatch.setattr(cli, "entry_points", fake_points(broken))
    app = host()
    cli.add_game_commands(app)
    assert "the command group 'gone' could not be loaded" in capsys.readouterr().err
    result = CliRunner().invoke(app, ["gone", "--help"])
    assert result.exit_code != 0
    assert "No such command 'gone'" in result.output
