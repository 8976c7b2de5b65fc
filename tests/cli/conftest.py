"""Fixtures for the CLI tests: a toy game registered in place of the real ones.

The toy game lives in `toy_game.py` next to this file. It is loaded by path under a
module name of its own, so it cannot clash with other test folders' helper modules
of the same file name.
"""

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner, Result

from meeple.cli import app
from meeple.engine import Game, registry

TOY_MODULE = "meeple_cli_tests_toy_game"


def _load_toy_module() -> ModuleType:
    if TOY_MODULE in sys.modules:
        return sys.modules[TOY_MODULE]
    spec = importlib.util.spec_from_file_location(TOY_MODULE, Path(__file__).with_name("toy_game.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[TOY_MODULE] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def toy_game() -> type[Game]:
    """The toy game class."""
    return _load_toy_module().ToyRace


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch: pytest.MonkeyPatch, toy_game: type[Game]) -> dict[str, type[Game]]:
    """Make the toy game the only registered game for the duration of a test."""
    games = {toy_game.spec.slug: toy_game}
    monkeypatch.setattr(registry, "game_classes", lambda: games)
    return games


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


class Cli:
    """Runs `meeple` in-process, with a wide terminal so tables do not wrap."""

    def __init__(self, runner: CliRunner) -> None:
        self.runner = runner

    def __call__(self, *args: str | Path, input: str | None = None) -> Result:
        return self.runner.invoke(app, [str(arg) for arg in args], input=input, env={"COLUMNS": "200"})


@pytest.fixture
def cli(runner: CliRunner) -> Cli:
    return Cli(runner)


def _assert_one_error_line(result: Result, *fragments: str) -> None:
    """The command failed cleanly: exit code 2, nothing on stdout, one `error:` line on stderr."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.fixture
def assert_error() -> Callable[..., None]:
    """Check that a result is a clean failure whose one error line contains the fragments."""
    return _assert_one_error_line
