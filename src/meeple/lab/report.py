"""A balance report as a folder: report.html (self-contained, plots as data URIs), summary.md and
the plots as PNG beside them. The folder is written whole or not at all (built next to its
place, then moved in).

Plots are drawn by matplotlib's Agg canvas directly (no pyplot, no global backend state).
"""

import base64
import html
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from meeple.lab.balance import Cell
from meeple.lab.stats import ChoiceStats, choice_stats, summary

TOP_CHOICES = 15


@dataclass
class Section:
    """A heading, some sentences, a table and plots: one part of the report."""

    title: str
    lines: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    plots: list[str] = field(default_factory=list)


def describe_options(options: dict[str, Any]) -> str:
    return ", ".join(
        f"{name}={str(value).lower() if isinstance(value, bool) else value}" for name, value in options.items()
    )


def players(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def save(figure: Figure, path: Path) -> None:
    FigureCanvasAgg(figure)
    figure.tight_layout()
    figure.savefig(path, format="png", dpi=80)


def seats_plot(group: Sequence[Cell], path: Path) -> None:
    """Each seat's win rate with its 95% interval, per player count; the fair share dashed."""
    figure = Figure(figsize=(3 * len(group) + 1, 3))
    for number, cell in enumerate(group):
        axes = figure.add_subplot(1, len(group), number + 1)
        rates = [cell.team] if cell.team is not None else cell.seats
        names = ["team"] if cell.team is not None else [str(seat) for seat in range(cell.players)]
        values = [rate.value for rate in rates]
        errors = [
            [max(0.0, rate.value - rate.interval[0]) for rate in rates],
            [max(0.0, rate.interval[1] - rate.value) for rate in rates],
        ]
        axes.bar(names, values, yerr=errors, capsize=4, color="#4a7ab5")
        if cell.team is None:
            axes.axhline(1 / cell.players, linestyle="--", color="grey")
        axes.set_title(f"{players(cell.players)} ({len(cell.rows)} games)", fontsize=9)
        axes.set_ylim(0, 1)
        axes.set_xlabel("seat")
    figure.axes[0].set_ylabel("win rate")
    save(figure, path)


def scores_plot(group: Sequence[Cell], path: Path) -> None:
    """Each seat's score distribution, per player count."""
    figure = Figure(figsize=(3 * len(group) + 1, 3))
    for number, cell in enumerate(group):
        axes = figure.add_subplot(1, len(group), number + 1)
        axes.boxplot([[row["scores"][seat] for row in cell.rows] for seat in range(cell.players)])
        axes.set_xticks(range(1, cell.players + 1), [str(seat) for seat in range(cell.players)])
        axes.set_title(players(cell.players), fontsize=9)
        axes.set_xlabel("seat")
    figure.axes[0].set_ylabel("score")
    save(figure, path)


def length_plot(group: Sequence[Cell], path: Path) -> None:
    """Game length (decisions, all seats) per player count."""
    figure = Figure(figsize=(4, 3))
    axes = figure.add_subplot()
    axes.boxplot([[row["decisions"] for row in cell.rows] for cell in group])
    axes.set_xticks(range(1, len(group) + 1), [str(cell.players) for cell in group])
    axes.set_xlabel("players")
    axes.set_ylabel("decisions per game")
    save(figure, path)


def kinds_plot(stats: Sequence[ChoiceStats], path: Path) -> None:
    """How often winners and the others choose each of the most common action kinds."""
    shown = list(stats[:TOP_CHOICES])[::-1]
    figure = Figure(figsize=(6, 0.3 * len(shown) + 1.2))
    axes = figure.add_subplot()
    places = range(len(shown))
    axes.barh([p + 0.2 for p in places], [s.winners for s in shown], height=0.4, label="winners", color="#4a7ab5")
    axes.barh([p - 0.2 for p in places], [s.others for s in shown], height=0.4, label="others", color="#c8a64b")
    axes.set_yticks(list(places), [s.name for s in shown])
    axes.set_xlabel("times chosen per seat per game")
    axes.legend(fontsize=8)
    save(figure, path)


def choices_section(title: str, stats: Sequence[ChoiceStats], plot: str | None) -> Section:
    header = ["choice", "times", "share", "per game (winners)", "per game (others)", "win rate when chosen [95%]"]
    rows = [
        [
            s.name,
            str(s.count),
            f"{100 * s.share:.1f}%",
            f"{s.winners:.2f}",
            f"{s.others:.2f}",
            s.rate_when_chosen.describe(),
        ]
        for s in stats[:TOP_CHOICES]
    ]
    lines = [
        f"The {min(TOP_CHOICES, len(stats))} most chosen of {len(stats)};"
        " an action's kind is its id up to the first ':'."
    ]
    return Section(title, lines, header, rows, [plot] if plot else [])


def variant_sections(number: int, group: Sequence[Cell], folder: Path) -> list[Section]:
    """The report's sections for one option variant; its plots are written to `folder`."""
    tag = f"v{number}"
    for name, draw in (("seats", seats_plot), ("scores", scores_plot), ("length", length_plot)):
        draw(group, folder / f"{name}-{tag}.png")
    rows = [row for cell in group for row in cell.rows]
    kinds = choice_stats(rows, by_label=False)
    kinds_plot(kinds, folder / f"kinds-{tag}.png")
    width = max(cell.players for cell in group)
    seats = Section(
        "Seats: who wins (win rates with 95% Wilson intervals; k winners of a game win 1/k each)",
        [f"{players(cell.players)}: {cell.first_player()}." for cell in group],
        ["players", "games", *[f"seat {seat}" for seat in range(width)]],
        [
            [str(cell.players), str(len(cell.rows)), *[rate.describe() for rate in cell.seats]]
            + [""] * (width - cell.players)
            for cell in group
        ],
        [f"seats-{tag}.png"],
    )
    scores = Section("Scores", [], ["players", "seat", "mean", "sd", "min", "median", "max"], [], [f"scores-{tag}.png"])
    for cell in group:
        for seat in range(cell.players):
            s = summary(row["scores"][seat] for row in cell.rows)
            scores.rows.append(
                [str(cell.players), str(seat), *(f"{s[key]:.1f}" for key in ("mean", "sd", "min", "median", "max"))]
            )
    length = Section(
        "Game length",
        ["Decisions per game, every seat's counted."],
        ["players", "mean", "min", "median", "max"],
        [],
        [f"length-{tag}.png"],
    )
    for cell in group:
        s = summary(row["decisions"] for row in cell.rows)
        length.rows.append([str(cell.players), *(f"{s[key]:.0f}" for key in ("mean", "min", "median", "max"))])
    return [
        seats,
        scores,
        length,
        choices_section("Action kinds and winning", kinds, f"kinds-{tag}.png"),
        choices_section(
            "Cards, rooms, locations and tiles (action labels) and winning", choice_stats(rows, True), None
        ),
    ]


def markdown(title: str, intro: Sequence[str], parts: Sequence[tuple[str, list[Section]]]) -> str:
    out = [f"# {title}", "", *intro, ""]
    for heading, sections in parts:
        out += [f"## {heading}", ""]
        for section in sections:
            out += [f"### {section.title}", "", *section.lines, ""]
            if section.header:
                out.append("| " + " | ".join(section.header) + " |")
                out.append("|" + " --- |" * len(section.header))
                out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in section.rows]
                out.append("")
            out += [f"![{section.title}]({plot})" for plot in section.plots] + [""]
    return "\n".join(out)


def page(title: str, intro: Sequence[str], parts: Sequence[tuple[str, list[Section]]], folder: Path) -> str:
    e = html.escape
    out = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:70em;margin:auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        *(f"<p>{e(line)}</p>" for line in intro),
    ]
    for heading, sections in parts:
        out.append(f"<h2>{e(heading)}</h2>")
        for section in sections:
            out += [f"<h3>{e(section.title)}</h3>", *(f"<p>{e(line)}</p>" for line in section.lines)]
            if section.header:
                out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in section.header) + "</tr>")
                out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in section.rows]
                out.append("</table>")
            for plot in section.plots:
                data = base64.b64encode((folder / plot).read_bytes()).decode()
                out.append(f"<p><img alt='{e(section.title)}' src='data:image/png;base64,{data}'></p>")
    return "\n".join([*out, "</body></html>"])


def write_report(out: Path, title: str, intro: Sequence[str], groups: Sequence[Sequence[Cell]]) -> Path:
    """Write the report folder `out` (replacing an older one only once the new one is complete)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        parts = [
            (
                f"Variant {number}: {describe_options(group[0].options) or 'default options'}",
                variant_sections(number, group, folder),
            )
            for number, group in enumerate(groups)
        ]
        (folder / "summary.md").write_text(markdown(title, intro, parts), encoding="utf-8")
        (folder / "report.html").write_text(page(title, intro, parts, folder), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        folder.rename(out)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return out
