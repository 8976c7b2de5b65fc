"""A tournament or a balance run from start to end: check every argument, play the games on a
backend, keep the results, and describe the run (the CLI prints what these functions return).

Every argument is checked before the first game starts, and nothing is written before the
last game has ended: a refused or failed run leaves no file behind.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from meeple.agents import make_agent
from meeple.engine import Game
from meeple.lab.backends import Advance, Backend, LabError, chunk_size, make_backend, run_jobs
from meeple.lab.balance import balance_jobs, cells, parse_player_counts, variant_games
from meeple.lab.jobs import GameJob
from meeple.lab.tournament import arrangements, rate, tournament_jobs
from meeple.lab.whatif import EditedContent, check_edited_content

DEFAULT_RESULTS = Path("build/lab/results")


@dataclass(frozen=True)
class Where:
    """Where the games are played and their results kept (None: not kept)."""

    backend: str = "local"
    workers: int = 1
    address: str | None = None
    results: Path | None = DEFAULT_RESULTS


def check_agents(agents: Sequence[str]) -> None:
    """BadAgent for the first agent that is not a bot the lab can seat."""
    if not agents:
        raise LabError("--agents names no agent")
    for spec in dict.fromkeys(agents):
        make_agent(spec, 0)


def play(
    jobs: Sequence[GameJob], backend: Backend, where: Where, content: EditedContent | None, advance: Advance | None
) -> list[dict[str, Any]]:
    """Every job's row, played on `backend`, on the edited `content` if any (checked first)."""
    if content is not None:
        check_edited_content(content, {(job.slug, job.options, job.players): None for job in jobs})
        jobs = [replace(job, content=content) for job in jobs]
    return run_jobs(jobs, backend, chunk_size(len(jobs), where.workers), advance)


def tournament(
    game: Game,
    players: int,
    agents: Sequence[str],
    games: int,
    seed: int,
    where: Where,
    advance: Advance | None = None,
    content: EditedContent | None = None,
) -> dict[str, Any]:
    """Play a tournament; its standings (best first) and what it was, JSON-ready."""
    from meeple.lab.store import save_run

    game.spec.check_players(players)
    check_agents(agents)
    if len(set(agents)) != len(agents):
        raise LabError("--agents names an agent twice: each agent is rated once")
    if games < 1:
        raise LabError(f"--games must be at least 1, not {games}")
    backend = make_backend(where.backend, where.workers, where.address, fresh=content is not None)
    jobs = tournament_jobs(game, players, agents, games, seed)
    rows = play(jobs, backend, where, content, advance)
    report: dict[str, Any] = {
        "game": game.spec.slug,
        "players": players,
        "agents": list(agents),
        "games": games,
        "seed": seed,
        "options": dict(game.options),
        "content": None if content is None else content.describe(),
        "arrangements": len(arrangements(agents, players)),
        "standings": [standing.as_json() for standing in rate(rows, agents)],
    }
    if where.results is not None:
        arguments = {key: report[key] for key in ("players", "agents", "games", "seed", "options", "content")}
        report["run_id"] = save_run(where.results, "tournament", game.spec.slug, arguments, [report["options"]], rows)
    return report


def balance_games(slug: str, players: str, option_items: Sequence[str], games: int) -> int:
    """How many games a balance run plays: `games` per variant and player count."""
    variants = variant_games(slug, option_items)
    return len(variants) * len(parse_player_counts(players, variants[0].spec)) * games


def balance(
    slug: str,
    players: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    option_items: Sequence[str],
    out: Path,
    where: Where,
    advance: Advance | None = None,
    content: EditedContent | None = None,
) -> dict[str, Any]:
    """Play `games` games per variant and player count, write the report folder `out`; what was written."""
    try:
        from meeple.lab.report import write_report
    except ImportError:
        raise LabError("balance reports need matplotlib: pip install 'meeple[lab]'") from None
    from meeple.lab.store import save_run

    variants = variant_games(slug, option_items)
    counts = parse_player_counts(players, variants[0].spec)
    check_agents(agents)
    if len(agents) > min(counts):
        raise LabError(f"--agents names {len(agents)} agents but a game of {min(counts)} has fewer seats")
    if games < 1:
        raise LabError(f"--games must be at least 1, not {games}")
    backend = make_backend(where.backend, where.workers, where.address, fresh=content is not None)
    jobs = balance_jobs(variants, counts, agents, games, seed)
    rows = play(jobs, backend, where, content, advance)
    grouped = cells(variants, rows)
    groups = [[cell for cell in grouped if cell.variant == number] for number in range(len(variants))]
    spec = variants[0].spec
    intro = [
        f"{spec.title}: {games} games per player count and variant, agents {', '.join(agents)} rotated through"
        f" the seats, run seed {seed} (`meeple balance {slug} --players {players} --games {games}"
        f" --agents {','.join(agents)} --seed {seed}{''.join(f' --option {item}' for item in option_items)}"
        f"{'' if content is None else f' --content {content.folder}'}`)."
    ]
    if content is not None:
        edited = ", ".join(f"{name} ({digest})" for name, digest in content.describe()["files"].items())
        intro.append(f"Played on edited component files from {content.folder}: {edited}; every other file as shipped.")
    options = [dict(game.options) for game in variants]
    report: dict[str, Any] = {
        "game": slug,
        "players": counts,
        "agents": list(agents),
        "games": games,
        "seed": seed,
        "variants": options,
        "content": None if content is None else content.describe(),
        "first_player": [
            {"variant": cell.variant, "players": cell.players, "answer": cell.first_player()} for cell in grouped
        ],
    }
    report["report"] = str(write_report(out, f"Balance of {spec.title}", intro, groups))
    if where.results is not None:
        arguments = {key: report[key] for key in ("players", "agents", "games", "seed", "variants", "content")}
        report["run_id"] = save_run(where.results, "balance", slug, arguments, options, rows)
    return report
