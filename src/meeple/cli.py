"""The `meeple` command: list games, play one in the terminal, simulate many, replay a record, serve the browser app.

Conventions shared by every command:

* A game is named by its slug (`meeple games` lists them).
* Options are given as `--option name=value`, repeated; values are checked by the game.
* Agents are named as `meeple.agents.make_agent` names them (`random`, `heuristic`,
  `mcts:iterations=300`, `planner`); a list of agents is comma-separated, and a `key=value` piece
  right after an agent with parameters continues that agent's parameters, so
  `human,mcts:iterations=300,exploration=0.5,random` names three seats.
* A game may bring commands of its own (a Typer app declared under the `meeple.commands`
  entry points): `meeple <name> ...`, e.g. a card game's deck tools.
* Any error the user can fix (unknown game, bad player count, option or agent, an
  unreadable, corrupt or altered record) is printed as one `error: ...` line on
  stderr and the command exits with code 2.
"""

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar
from urllib.parse import urlsplit

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:  # typer 0.27 and later carry click inside: importing it too would double the cost
    import click
    from rich.console import Console
    from rich.table import Table

from meeple.agents import make_agent
from meeple.agents.factory import BadAgent
from meeple.engine import (
    Game,
    GameRecord,
    GameSpec,
    MeepleError,
    State,
    UnknownGame,
    decode_record,
    encode_record,
    finish_record,
    game_specs,
    get_game,
    registry,
    replay,
)
from meeple.server import defaults
from meeple.simulation import simulate as run_simulation
from meeple.terminal import HUMAN

# rich and the rest of meeple.terminal are imported by the commands that draw, not here: what a
# command pays once before its first game bounds what a second worker can gain (`simulate`)

T = TypeVar("T")
# The game's own search where it has one (Guédelon), else ISMCTS at 200 iterations capped at 3 s.
DEFAULT_BOT = "planner"
ERROR_EXIT = 2

COMMANDS_GROUP = "meeple.commands"


class WithGameCommands(TyperGroup):
    """The `meeple` command group, with the command groups that games bring (`meeple.commands`
    entry points) loaded only when one is named or the commands are listed, so that a command
    about one game (`meeple simulate four-big-strata`) imports no other game.

    A declaration that cannot be loaded is left out with a one-line warning, so that one broken
    plug-in does not take the other commands down with it.
    """

    def get_command(self, ctx: "click.Context", cmd_name: str) -> "click.Command | None":
        if cmd_name not in self.commands:
            self.load_game_commands(cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: "click.Context") -> list[str]:
        self.load_game_commands()
        return super().list_commands(ctx)

    def load_game_commands(self, name: str | None = None) -> None:
        """Add the declared command group `name` (None: every one not added yet)."""
        for point in entry_points(group=COMMANDS_GROUP):
            if point.name in self.commands or name not in (None, point.name):
                continue
            try:
                commands = point.load()
            except (ImportError, AttributeError) as error:
                typer.echo(f"warning: the command group '{point.name}' could not be loaded: {error}", err=True)
                continue
            group = typer.main.get_group(commands)
            group.name = point.name
            self.add_command(group, point.name)


app = typer.Typer(
    cls=WithGameCommands,
    name="meeple",
    help="Play, simulate and replay modern tabletop games.",
    no_args_is_help=True,
    add_completion=False,
)


# --- errors -------------------------------------------------------------------------------


class UsageProblem(MeepleError):
    """A command-line argument that makes no sense (raised and reported by the CLI only)."""


def plural(count: int, noun: str) -> str:
    """'1 player', '3 players'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def fail(message: str) -> NoReturn:
    """Print `error: message` as one line on stderr and exit with code 2."""
    line = " ".join(str(message).split())
    typer.echo(f"error: {line}", err=True)
    raise typer.Exit(ERROR_EXIT)


def describe_os_error(error: OSError) -> str:
    """An OSError as a short sentence naming the file."""
    reason = error.strerror or str(error)
    return f"{reason}: {error.filename}" if error.filename else reason


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn the errors a user can cause into one `error:` line and exit code 2."""
    try:
        yield
    except MeepleError as error:
        fail(str(error))
    except OSError as error:
        fail(describe_os_error(error))


def load_games(slug: str | None = None) -> None:
    """Load the registered games once (with `slug`, that game only: a command about one game
    imports no other), so that a broken plug-in is reported as one line.

    A game's entry point that names a missing module or class would otherwise escape as a
    traceback from the first registry call. An unknown slug is left to the command to report.
    """
    try:
        if slug is None:
            registry.game_classes()
        else:
            registry.game_class(slug)
    except UnknownGame:
        pass
    except (ImportError, AttributeError) as error:
        fail(f"a registered game could not be loaded: {error}")


# --- parsing arguments ----------------------------------------------------------------------


def game_with_options(slug: str, items: Sequence[str] | None) -> Game:
    """The game `slug` with the typed `--option`s, which may name the user's own files (a deck
    file: the game's options then hold its content, see OptionSpec.from_command_line)."""
    spec = registry.game_class(slug).spec  # UnknownGame
    return get_game(slug, spec.command_line_options(parse_options(items)))


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """`name=value` strings as a dict; the game checks names and values later."""
    options: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageProblem(f"option {item!r} should look like name=value")
        if name in options:
            raise UsageProblem(f"option '{name}' is given twice")
        options[name] = value.strip()
    return options


def split_agents(items: Sequence[str] | None) -> list[str]:
    """Comma-separated agent specs (possibly repeated) as one list; see the module docstring."""
    specs: list[str] = []
    for item in items or ():
        continues = False
        for piece in (part.strip() for part in item.split(",")):
            if not piece:
                raise BadAgent(f"the agent list {item!r} has an empty entry")
            if continues and "=" in piece and ":" not in piece:
                specs[-1] += "," + piece
            else:
                specs.append(piece)
                continues = ":" in piece
    return specs


def check_bots(specs: Sequence[str]) -> None:
    """Raise BadAgent for the first agent spec that is not a valid bot."""
    for spec in dict.fromkeys(specs):
        if spec != HUMAN:
            make_agent(spec, 0)


def random_seed() -> int:
    """A fresh 63-bit seed from the operating system."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def check_count(name: str, value: int, minimum: int = 1) -> None:
    if value < minimum:
        raise UsageProblem(f"{name} must be at least {minimum}, not {value}")


# --- shared output ----------------------------------------------------------------------------


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def write_record(path: Path, game: Game, record: GameRecord, state: State) -> None:
    """Finish the record (digest, result if over) and write it to `path`."""
    path.write_bytes(encode_record(finish_record(game, record, state)))


# --- meeple games -------------------------------------------------------------------------------


def describe_kind(spec: GameSpec) -> str:
    kinds = ["cooperative" if spec.cooperative else "competitive"]
    if spec.hidden_information:
        kinds.append("hidden info")
    if spec.simultaneous:
        kinds.append("simultaneous")
    return ", ".join(kinds)


def describe_players(spec: GameSpec) -> str:
    if spec.min_players == spec.max_players:
        return str(spec.min_players)
    return f"{spec.min_players}-{spec.max_players}"


def describe_value(value: object) -> str:
    """An option value as it is typed on the command line (booleans in lower case)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def games_table(specs: Sequence[GameSpec]) -> "Table":
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="Games")
    for column in ("game", "title", "players", "kind"):
        table.add_column(column)
    for spec in specs:
        table.add_row(escape(spec.slug), escape(spec.title), describe_players(spec), describe_kind(spec))
    return table


def options_table(spec: GameSpec) -> "Table":
    """The options of one game: name, default, allowed values, description."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{escape(spec.slug)} options (--option name=value)", title_justify="left")
    for column in ("option", "default", "values", "description"):
        table.add_column(column, overflow="fold")  # wrapped, never cut: every value must be readable
    for option in spec.options:
        table.add_row(
            escape(option.name),
            escape(describe_value(option.default)),
            escape(option.describe_values()),
            escape(option.description),
        )
    return table


@app.command()
def games() -> None:
    """List the registered games, their player counts, kinds and options."""
    from rich.markup import escape

    from meeple.terminal import make_console

    load_games()
    with reported_errors():
        specs = game_specs()
    console = make_console()
    if not specs:
        console.print("No games are registered.")
        return
    console.print(games_table(specs))
    for spec in specs:
        if spec.options:
            console.print(options_table(spec))
        else:
            console.print(f"{escape(spec.slug)} has no options.")


# --- meeple play ----------------------------------------------------------------------------------


def resolve_seats(spec: GameSpec, players: int | None, seats: list[str]) -> tuple[int, list[str]]:
    """The player count and one agent spec per seat.

    Without --seats: seat 0 is `human`, the others `planner`; the count is --players or the
    game's minimum. With --seats: exactly one spec per seat (the count follows from it).
    """
    if not seats:
        count = spec.min_players if players is None else players
        spec.check_players(count)
        return count, [HUMAN] + [DEFAULT_BOT] * (count - 1)
    count = len(seats) if players is None else players
    spec.check_players(count)
    if len(seats) != count:
        raise UsageProblem(
            f"--seats names {plural(len(seats), 'seat')} but there {'is' if count == 1 else 'are'}"
            f" {plural(count, 'player')}: give one per seat"
        )
    return count, seats


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game's slug (see `meeple games`).")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seats: Annotated[
        list[str] | None,
        typer.Option(
            "--seats",
            "-s",
            help="One agent per seat, comma-separated: human, random, heuristic, mcts[:iterations=N,...],"
            " planner[:effort=N]. Default: seat 0 human, the others planner (the game's own search, else mcts).",
        ),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option, name=value.")] = None,
    seed: Annotated[int | None, typer.Option(help="The game's seed (default: random, and printed).")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record to this file.")] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Continue the game of a record saved by --save (its game, options, seed and moves)."),
    ] = None,
) -> None:
    """Play a game in the terminal, humans and bots together."""
    from rich.markup import escape

    from meeple.terminal import Quit, TerminalMatch, make_console, print_result

    console = make_console()
    load_games()
    with reported_errors():
        if resume is not None:
            record = read_record(resume)
            game, _ = replay(record)
            if record.result is not None:
                raise UsageProblem(f"the game in {resume} is over: `meeple replay {resume}` shows it")
            if option or seed is not None or (players is not None and players != record.players):
                raise UsageProblem("--resume continues the record's game: give no --option, --seed or other --players")
            players, seed, done = record.players, record.seed, record.actions
        else:
            game, done = game_with_options(game_name, option), []
        count, seat_specs = resolve_seats(game.spec, players, split_agents(seats))
        check_bots(seat_specs)
        if save is not None:
            check_writable(save)
        seed = random_seed() if seed is None else seed
        match = TerminalMatch(console, game, seat_specs, seed, done)
        console.print(
            f"[bold]{escape(game.spec.title)}[/], {plural(count, 'player')}, seed {seed} (replay it with --seed {seed})"
        )
        if done:
            console.print(f"Continuing after {plural(len(done), 'action')} from {escape(str(resume))}.")
        for seat, spec in enumerate(seat_specs):
            console.print(f"  seat {seat}: {escape(spec)}")
        try:
            match.run()
        except (Quit, KeyboardInterrupt):
            console.print(f"Game stopped after {plural(len(match.actions), 'action')}.")
            match.rewind()
        else:
            console.print(game.render_text(game.observation(match.state, None)), markup=False)
            print_result(console, game.result(match.state), seat_specs, game.spec.cooperative)
        if save is not None:
            write_record(save, game, match.record(), match.state)
            console.print(f"Record saved to {escape(str(save))}.")


def check_writable(path: Path) -> None:
    """Refuse a --save path that could not be written, before the game is played (not after)."""
    if path.is_dir():
        raise UsageProblem(f"cannot save to {path}: it is a directory")
    if not path.parent.is_dir():
        raise UsageProblem(f"cannot save to {path}: no such directory")
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        raise UsageProblem(f"cannot save to {path}: {error.strerror or error}") from None
    if not existed:
        path.unlink()


def read_record(path: Path) -> GameRecord:
    """A record file, decoded (UsageProblem if it cannot be read; the record's own errors otherwise)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UsageProblem(f"cannot read the record {path}: {error.strerror or error}") from None
    return decode_record(data)


# --- meeple simulate ------------------------------------------------------------------------------


def default_players(spec: GameSpec, agents: int) -> int:
    """The player count when --players is not given: one seat per agent, within the game's range."""
    return min(max(agents, spec.min_players), spec.max_players)


def run_with_progress(games: int, job: Callable[[Callable[[int], None] | None], T]) -> T:
    """Run `job(progress)`, showing a progress bar on stderr when stderr is a terminal."""
    if not sys.stderr.isatty():
        return job(None)
    # only here: what a run pays once at start-up bounds what a second worker can gain
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("simulating", total=games)
        return job(lambda done: progress.advance(task, done))


def split_win(row: dict[str, Any], seat: int) -> float:
    """The share of a win a seat gets: 1 / number of winners, 0 if it did not win."""
    winners = row["winner_seats"]
    return 1 / len(winners) if seat in winners else 0.0


def agent_summary(rows: list[dict[str, Any]], agents: Sequence[str]) -> "Table":
    """Per agent spec: seat-games played, wins (ties split), win rate, mean score."""
    from rich.markup import escape
    from rich.table import Table

    from meeple.terminal import number

    stats: dict[str, list[float]] = {spec: [0, 0.0, 0.0] for spec in agents}
    for row in rows:
        for seat, spec in enumerate(row["agents"]):
            entry = stats[spec]
            entry[0] += 1
            entry[1] += split_win(row, seat)
            entry[2] += row["scores"][seat]
    table = Table(title="Agents", caption="an agent seated twice in one game counts twice; shared wins are split")
    for column in ("agent", "games", "wins", "win rate", "mean score"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for spec, (played, wins, total) in stats.items():
        if played:
            table.add_row(escape(spec), str(int(played)), number(wins), percent(wins / played), number(total / played))
    return table


def seat_summary(rows: list[dict[str, Any]], players: int) -> "Table":
    """Per seat: win rate (ties split) and mean score."""
    from rich.table import Table

    from meeple.terminal import number

    table = Table(title="Seats")
    for column in ("seat", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for seat in range(players):
        wins = sum(split_win(row, seat) for row in rows)
        mean = sum(row["scores"][seat] for row in rows) / len(rows)
        table.add_row(str(seat), percent(wins / len(rows)), number(mean))
    return table


def print_summary(console: "Console", report: dict[str, Any], title: str) -> None:
    from rich.markup import escape

    from meeple.terminal import number

    rows = report["results"]
    options = ", ".join(f"{name}={describe_value(value)}" for name, value in report["options"].items()) or "none"
    console.print(
        f"[bold]{escape(title)}[/]: {report['games']} games, {report['players']} players,"
        f" seed {report['seed']}, options: {escape(options)}"
    )
    console.print(agent_summary(rows, report["agents"]))
    console.print(seat_summary(rows, report["players"]))
    teams = [row["team"] for row in rows if "team" in row]
    if teams:
        won = sum(team["won"] for team in teams)
        margin = sum(team["margin"] for team in teams) / len(teams)
        console.print(f"Team win rate: {percent(won / len(teams))}, mean margin {number(margin)}")
    mean_decisions = sum(row["decisions"] for row in rows) / len(rows)
    console.print(f"Mean decisions per game: {number(mean_decisions)}")


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game's slug (see `meeple games`).")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: one per agent, within the game's range).")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    seed: Annotated[int | None, typer.Option(help="The run's seed (default: random, and printed).")] = None,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            help="Agents, comma-separated, repeated to fill the seats (default: random).",
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes; results do not depend on it.")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option, name=value.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object with every game's result.")] = False,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help="Rotate the agents through the seats.")] = True,
) -> None:
    """Play many games between bots and summarise who wins."""
    load_games(game_name)
    with reported_errors():
        game = game_with_options(game_name, option)
        specs = split_agents(agents) or ["random"]
        count = default_players(game.spec, len(specs)) if players is None else players
        game.spec.check_players(count)
        if len(specs) > count:
            raise UsageProblem(f"--agents names {plural(len(specs), 'agent')} but the game has {plural(count, 'seat')}")
        check_count("--games", games)
        check_count("--workers", workers)
        if HUMAN in specs:
            raise BadAgent("a simulation is played by bots only: 'human' cannot take a seat")
        check_bots(specs)
        seed = random_seed() if seed is None else seed

        def job(progress: Callable[[int], None] | None) -> list[dict[str, Any]]:
            return run_simulation(
                game.spec.slug,
                count,
                games,
                seed,
                specs,
                dict(game.options),
                workers=workers,
                rotate=rotate,
                progress=progress,
            )

        rows = run_with_progress(games, job)
    report = {
        "game": game.spec.slug,
        "players": count,
        "games": games,
        "seed": seed,
        "agents": specs,
        "options": dict(game.options),
        "results": rows,
    }
    if as_json:
        typer.echo(json.dumps(report))
    else:
        from meeple.terminal import make_console

        print_summary(make_console(), report, game.spec.title)


# --- meeple tournament and meeple balance (the designers' lab, meeple.lab) ---------------------


Backend = Annotated[str, typer.Option("--backend", help="Where games are played: local (processes) or ray.")]
Address = Annotated[
    str | None,
    typer.Option("--address", help="With --backend ray: auto (this machine's cluster) or host:port of a head node."),
]
Results = Annotated[
    Path | None,
    typer.Option("--results", help="Folder of Parquet files keeping every run's games (default build/lab/results)."),
]
NoResults = Annotated[bool, typer.Option("--no-results", help="Do not keep this run's games.")]
Content = Annotated[
    Path | None,
    typer.Option(
        "--content",
        help="Play on edited component files: a folder of files named and shaped like the game's content/"
        " (each replaces the shipped file of its name; the others stay as shipped).",
    ),
]


def lab_content(game_name: str, folder: Path | None) -> Any:
    """The edited component files of `--content`, read and named, or None."""
    from meeple.lab.whatif import read_edited_content

    return None if folder is None else read_edited_content(game_name, folder)


def lab_where(backend: str, workers: int, address: str | None, results: Path | None, no_results: bool) -> Any:
    from meeple.lab.runs import DEFAULT_RESULTS, Where

    return Where(backend, workers, address, None if no_results else results or DEFAULT_RESULTS)


def standings_table(report: dict[str, Any], title: str) -> "Table":
    """A tournament's ratings, best first: mu ± sigma, the conservative mu - 3 sigma, record."""
    from rich.markup import escape
    from rich.table import Table

    from meeple.terminal import number

    table = Table(
        title=f"{title}: {report['games']} games, {report['players']} players, seed {report['seed']}",
        caption=f"openskill Plackett-Luce ratings; {report['arrangements']} seat arrangements played in turn;"
        " seats: seat-games played; win rates with 95% Wilson intervals, shared wins split; score: mean",
    )
    for column in ("agent", "mu ± sigma", "mu-3sigma", "seats", "win rate [95%]", "score"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for row in report["standings"]:
        low, high = row["win_rate_95"]
        table.add_row(
            escape(row["agent"]),
            f"{row['mu']:.1f} ± {row['sigma']:.1f}",
            f"{row['ordinal']:.1f}",
            str(row["seat_games"]),
            f"{percent(row['win_rate'])} [{100 * low:.0f}-{100 * high:.0f}]",
            "" if row["mean_score"] is None else number(row["mean_score"]),
        )
    return table


@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game's slug (see `meeple games`).")],
    agents: Annotated[list[str], typer.Option("--agents", "-a", help="The agents to rate, comma-separated.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players per game.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 60,
    seed: Annotated[int | None, typer.Option(help="The run's seed (default: random, and printed).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option, name=value.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Workers; results do not depend on it.")] = 1,
    backend: Backend = "local",
    address: Address = None,
    results: Results = None,
    no_results: NoResults = False,
    content: Content = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as one JSON object.")] = False,
) -> None:
    """Rate agents against each other: every seat arrangement in turn, openskill ratings with uncertainty."""
    from meeple.lab import runs

    load_games(game_name)
    with reported_errors():
        game = game_with_options(game_name, option)
        specs = split_agents(agents)
        count = default_players(game.spec, len(specs)) if players is None else players
        seed = random_seed() if seed is None else seed
        where = lab_where(backend, workers, address, results, no_results)
        edited = lab_content(game_name, content)
        report = run_with_progress(
            games, lambda advance: runs.tournament(game, count, specs, games, seed, where, advance, edited)
        )
    if as_json:
        typer.echo(json.dumps(report))
    else:
        from rich.console import Console

        Console(highlight=False).print(standings_table(report, game.spec.title))


@app.command()
def balance(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game's slug (see `meeple games`).")],
    players: Annotated[str, typer.Option("--players", "-p", help="Player counts: 3, 2-5 or 2,4.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per player count and variant.")] = 200,
    agents: Annotated[
        list[str] | None, typer.Option("--agents", "-a", help="Agents rotated through the seats (default heuristic).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="Variants to compare: name=v1,v2 (every combination is played)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The run's seed.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", help="Report folder (default build/balance/GAME).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Workers; results do not depend on it.")] = 1,
    backend: Backend = "local",
    address: Address = None,
    results: Results = None,
    no_results: NoResults = False,
    content: Content = None,
) -> None:
    """Study a game's balance: seats, scores, length and choices, as an HTML report and a Markdown summary."""
    from meeple.lab import runs

    load_games(game_name)
    with reported_errors():
        specs = split_agents(agents) or ["heuristic"]
        folder = out or Path("build/balance") / game_name
        where = lab_where(backend, workers, address, results, no_results)
        total = runs.balance_games(game_name, players, option or [], games)
        edited = lab_content(game_name, content)
        report = run_with_progress(
            total,
            lambda advance: runs.balance(
                game_name, players, specs, games, seed, option or [], folder, where, advance, edited
            ),
        )
    from rich.console import Console
    from rich.markup import escape

    console = Console(highlight=False)
    for answer in report["first_player"]:
        console.print(f"variant {answer['variant']}, {plural(answer['players'], 'player')}: {escape(answer['answer'])}")
    console.print(f"Report: {escape(report['report'])}/report.html and summary.md")
    if "run_id" in report:
        console.print(f"Results kept as run {report['run_id']} in {escape(str(where.results))}")


# --- meeple replay --------------------------------------------------------------------------------


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record written by `meeple play --save`.")],
    step: Annotated[bool, typer.Option("--step", help="Walk through the game move by move.")] = False,
    seat: Annotated[
        int | None, typer.Option(help="With --step: show the board as this seat saw it (default: the public view).")
    ] = None,
) -> None:
    """Replay a game record, check it was not altered, and show how the game ended."""
    from rich.markup import escape

    from meeple.terminal import Quit, make_console, print_result, step_through

    console = make_console()
    load_games()
    with reported_errors():
        record = read_record(file)
        game, state = replay(record)
        if seat is not None and not 0 <= seat < record.players:
            raise UsageProblem(f"--seat must be a seat of the record, 0 to {record.players - 1}, not {seat}")
        console.print(f"record verified: {plural(len(record.actions), 'action')}")
        console.print(f"[bold]{escape(game.spec.title)}[/], {plural(record.players, 'player')}, seed {record.seed}")
        if step:
            try:
                step_through(console, game, record, seat, pause=console.is_terminal)
            except Quit:
                return
    if game.is_terminal(state):
        print_result(console, game.result(state), cooperative=game.spec.cooperative)
    else:
        console.print("The game was not finished.")


# --- meeple export --------------------------------------------------------------------------------


@app.command()
def export(
    table: Annotated[
        str,
        typer.Argument(
            metavar="TABLE",
            help="The table's id, or any of its links (…/t/TABLE…); an id that starts with - goes after --.",
        ),
    ],
    db: Annotated[
        str, typer.Option(help="The server's database: its SQLite file, or a postgresql:// URL.")
    ] = "meeple.sqlite",
    out: Annotated[Path | None, typer.Option(help="Write the record here (default: print it).")] = None,
) -> None:
    """Write a served table's game record (live, archived or abandoned) for `meeple replay`.

    The record holds the table's secret seed: share it only once the game is over."""
    from meeple.server.export import table_record
    from meeple.server.store import POSTGRES_SCHEMES, open_store

    load_games()
    with reported_errors():
        if not db.startswith(POSTGRES_SCHEMES) and not Path(db).is_file():
            raise UsageProblem(f"there is no database {db}")
        with opening_store():
            store = open_store(db)
        try:
            record = table_record(store, table.split("/t/")[-1].split("/")[0].split("?")[0])
        finally:
            store.close()
        data = encode_record(record)
        if out is None:
            typer.echo(data.decode())
        else:
            check_writable(out)
            out.write_bytes(data + b"\n")
            typer.echo(f"wrote {plural(len(record.actions), 'action')} of table {table} to {out}")


# --- meeple serve ---------------------------------------------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="Where every table is kept: a SQLite file (created if missing), or a PostgreSQL database as "
            "postgresql://user:password@host:port/name (several servers may share one; each serves the tables "
            "it is asked for, and a move another server stored first is refused and the table reloaded)."
        ),
    ] = "meeple.sqlite",
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="Processes in which search bots think, besides one for random and heuristic bots "
            "(0: threads of the server). Default: one per core.",
            show_default=False,
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="Where players reach the server, e.g. https://meeple.example.org: invite links are built from it"
            " and only its pages may create tables and play (default: http://HOST:PORT)."
        ),
    ] = None,
    ws_compression: Annotated[
        int,
        typer.Option(
            help="zlib level (1-9) at which boards are compressed on their way to browsers; 0: not compressed "
            "(the least server CPU, about four times the bytes)."
        ),
    ] = 1,
    limit_tables: Annotated[
        str, typer.Option(help="Tables one client address may create, e.g. 10/minute;100/day (attempts count).")
    ] = defaults.TABLES,
    limit_forms: Annotated[
        str, typer.Option(help="Forms one client address may post (creating a table, taking a free seat).")
    ] = defaults.FORMS,
    limit_sockets: Annotated[
        str, typer.Option(help="Websockets one client address may open (each table page opens one).")
    ] = defaults.SOCKETS,
    limit_moves: Annotated[
        str, typer.Option(help="Websocket messages (moves) one client address may send; beyond, its socket closes.")
    ] = defaults.MOVES,
    max_open_tables: Annotated[
        int, typer.Option(help="Unfinished tables one client address may keep at once (beyond: 429).")
    ] = defaults.OPEN_TABLES,
    archive_after: Annotated[
        str, typer.Option(help="Archive a finished table this long after its last move (30m, 12h, 7d).")
    ] = defaults.ARCHIVE_AFTER,
    abandon_after: Annotated[
        str, typer.Option(help="Close an unfinished table after this long without a person's move.")
    ] = defaults.ABANDON_AFTER,
    processes: Annotated[
        int,
        typer.Option(
            help="Server processes behind the one port, each holding its share of the tables (their boards, "
            "websockets and bots): N use up to N cores. --bot-workers is then per process (default: cores / N)."
        ),
    ] = 1,
    worker_index: Annotated[int | None, typer.Option(hidden=True)] = None,
    handover_fd: Annotated[int | None, typer.Option(hidden=True)] = None,
) -> None:
    """Serve the browser app: a lobby, live tables over websockets, bots, all kept in one SQLite file
    (or a PostgreSQL database shared by several servers).

    Every limit is per client address, counted in a moving window and written like 10/minute or
    20/second;600/minute (several joined by ;). A request over a limit is refused with 429 and
    Retry-After (a websocket, or one whose messages are over the limit: close code 4429), saying
    when to try again.
    Archived and abandoned tables are no longer served; `meeple export` writes their records.
    With --processes N, a front process accepts every connection and hands it to the process of
    the table it names (the lobby and new tables: process 0), and starts again a process that
    dies. Limits on creating tables and the caps on open tables and search bots are counted in
    process 0; websockets, moves and taking a free seat by the table's process, so a client may
    reach those limits once in each process.
    Fixed: 8 search bots (easy, medium, hard) per client at unfinished tables; 32 websockets open
    per address and 64 per table; 64 HTTP connections per address, 2,048 in all; a request's
    headers within 10 s; a form of 128 KiB within 10 s; a websocket message of 4 KiB. Finished
    and abandoned tables are looked for at start and every 10 minutes.
    """
    import socket

    from meeple.server import cleanup, rates
    from meeple.server.scheduler import default_workers
    from meeple.server.store import POSTGRES_SCHEMES

    if bot_workers is None:
        bot_workers = max(1, default_workers() // max(1, processes))
    with reported_errors():
        check_count("--bot-workers", bot_workers, minimum=0)
        check_count("--processes", processes)
        if not 0 <= ws_compression <= 9:
            raise UsageProblem(f"--ws-compression must lie between 0 and 9, not {ws_compression}")
        if not 0 < port < 65536:
            raise UsageProblem(f"--port must lie between 1 and 65535, not {port}")
        postgres = db.startswith(POSTGRES_SCHEMES)
        if not postgres and not Path(db).parent.is_dir():
            raise UsageProblem(f"cannot keep the database at {db}: no such directory")
        limits = rates.Limits(limit_tables, limit_forms, limit_sockets, limit_moves, max_open_tables)
        try:
            limits.check()
            retention = cleanup.Retention(cleanup.parse_duration(archive_after), cleanup.parse_duration(abandon_after))
        except ValueError as error:
            raise UsageProblem(str(error)) from None
        url = public_url or default_public_url(host, port)
        if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).hostname:
            raise UsageProblem(f"--public-url must look like http://host:port or https://host, not {url!r}")
        if processes > 1 and worker_index is None:
            arguments = ["--db", db, "--bot-workers", str(bot_workers), "--public-url", url]
            arguments += ["--ws-compression", str(ws_compression), "--limit-tables", limit_tables]
            arguments += ["--limit-forms", limit_forms, "--limit-sockets", limit_sockets, "--limit-moves", limit_moves]
            arguments += ["--max-open-tables", str(max_open_tables), "--archive-after", archive_after]
            arguments += ["--abandon-after", abandon_after, "--processes", str(processes)]
            serve_front(host, port, db, url, processes, bot_workers, arguments)
            return
        import uvicorn  # the web stack: not in the front, which serves nothing itself

        from meeple.server import create_app
        from meeple.server.connections import connection_limits, websocket_options
        from meeple.server.processes import worker
        from meeple.server.processes.owners import Share

        load_games()
        channel = None if worker_index is None or handover_fd is None else socket.socket(fileno=handover_fd)
        share = Share(worker_index or 0, processes if channel is not None else 1)
        with opening_store():
            web_app = create_app(
                db,
                bot_workers=bot_workers,
                public_url=url,
                limits=limits,
                retention=retention,
                share=share,
                hand_over=worker.announcer(channel) if channel is not None else lambda table_id, creator: None,
            )
    # ws_max_size: the app refuses messages over 4 KB with a notice; far larger ones close the socket.
    options = {"ws_max_size": 65536, "log_level": "info", **connection_limits(), **websocket_options(ws_compression)}
    if channel is not None:
        worker.serve(web_app, channel, **options)
        return
    where = web_app.state.manager.store.description
    typer.echo(f"meeple: serving on {url}/ (listening on {host}:{port}, {where}, {bot_workers} bot worker(s))")
    uvicorn.run(web_app, host=host, port=port, **options)


def serve_front(
    host: str, port: int, db: str, url: str, processes: int, bot_workers: int, arguments: list[str]
) -> None:
    """`meeple serve --processes N`: the front on the public port, and N server processes started
    with `arguments` (and each its index and its end of the socket pair to the front)."""
    from meeple.server.processes import front
    from meeple.server.store import open_store

    with reported_errors():
        with opening_store():  # opened once here: the schema is made before the processes open it together
            store = open_store(db)
            where = store.description
            store.close()
        try:
            listener = front.listen(host, port)
        except OSError as error:
            raise UsageProblem(f"cannot listen on {host}:{port}: {error}") from None

    def command(index: int, fd: int) -> list[str]:
        own = ["--worker-index", str(index), "--handover-fd", str(fd)]
        return [sys.executable, "-c", "from meeple.cli import app; app()", "serve", *arguments, *own]

    typer.echo(
        f"meeple: serving on {url}/ (listening on {host}:{port}, {processes} server processes, {where}, "
        f"{bot_workers} bot worker(s) each)"
    )
    front.run(listener, processes, command)


@contextmanager
def opening_store() -> Iterator[None]:
    """Turn a database that cannot be opened (or PostgreSQL without psycopg) into a UsageProblem."""
    from meeple.server.store import StoreError

    try:
        yield
    except StoreError as error:
        raise UsageProblem(str(error)) from None
    except ImportError as error:
        raise UsageProblem(f"a PostgreSQL database needs psycopg (pip install 'psycopg[binary]'): {error}") from None


def default_public_url(host: str, port: int) -> str:
    """The server's address as browsers on this machine reach it (a wildcard address is reached
    as localhost; serve other machines with --public-url)."""
    name = "localhost" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    return f"http://{name}:{port}"
