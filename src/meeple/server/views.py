"""What each browser is sent: HTML drawn from one seat's observation and legal actions only.

`view_fragment` is the whole privacy boundary of the server. For a seat it reads
`game.observation(state, seat)` and `game.legal_actions(state, seat)`; for a spectator
`game.observation(state, None)` and nothing else; the game draws the board from that
observation alone (`render_svg`, or `render_text` as a fallback). The only other things
shown are public: who is to move (a count and seat numbers, never a choice), who sits
where, and the result once the game is over.
"""

import hashlib
import logging
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from meeple.engine import Action, GameSpec, MeepleError, game_specs, get_game
from meeple.server import patches
from meeple.server.bots import BOT_LEVELS
from meeple.server.tables import HUMAN, Client, Table

LOG_LINES = 60
TRUE_WORDS = ("on", "true", "1", "yes")  # what a ticked checkbox may post
log = logging.getLogger("meeple.server")

templates = Environment(
    loader=PackageLoader("meeple.server", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
    auto_reload=False,  # the package's templates do not change while it runs: no stat() per page
)

# The browser glue's address names its content, so a page never runs a cached script of an
# older server (meeple.js must cut patches where patches.py does).
templates.globals["script_version"] = hashlib.sha256(
    files("meeple.server").joinpath("static", "meeple.js").read_bytes()
).hexdigest()[:12]

_LEVEL_NAMES = {spec: name for name, spec in BOT_LEVELS.items()}


def seat_name(table: Table, seat: int) -> str:
    """How a seat is named to everyone: its number and whether a person or which bot plays it."""
    who = table.row.seats[seat]
    if who == HUMAN:
        return f"seat {seat}"
    return f"seat {seat} (bot: {_LEVEL_NAMES.get(who, who)})"


def thinking_seats(table: Table) -> set[int]:
    """The bot seats that are to move: their bot is thinking (or about to), unless the table is stuck."""
    if table.problem or table.broken is not None:
        return set()
    return {seat for seat in table.to_move() if table.row.seats[seat] != HUMAN}


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _status(table: Table, seat: int | None, legal: list[Action]) -> str:
    """Who the table waits for, from `to_move` alone: seats and a count, never a choice."""
    if table.problem:
        return f"The table is stuck: {table.problem}"
    movers = table.to_move()
    if not movers:
        return "The game is over."
    others = [s for s in movers if s != seat]
    if seat in movers and legal:
        if not others:
            return "Your move."
        names = ", ".join(seat_name(table, s) for s in others)
        return f"Your move. Choosing at the same time: {names}."
    count = len(movers)
    thinking = thinking_seats(table)
    names = ", ".join(seat_name(table, s) + (", thinking…" if s in thinking else "") for s in movers)
    if count == 1:
        return f"Waiting for {names}."
    return f"Waiting for {count} players: {names}."


def _named(table: Table, seat: int, viewer: int | None) -> str:
    """A seat as a table cell or sentence start: "You" for the viewer's own seat."""
    if seat == viewer:
        return "You"
    name = seat_name(table, seat)
    return name[:1].upper() + name[1:]


def _sheet(table: Table, detail: dict[str, Any], viewer: int | None) -> dict[str, Any] | None:
    """The result's score sheet (Result.detail["sheet"]) with seats named for this viewer."""
    sheet = detail.get("sheet")
    if not isinstance(sheet, dict):
        return None
    rows = []
    for row in sheet["rows"]:
        name = str(row.get("name"))
        who = _named(table, row["seat"], viewer) if "seat" in row else name[:1].upper() + name[1:]
        rows.append({"seat": row.get("seat"), "who": who, "values": [_number(v) for v in row["values"]]})
    return {"columns": sheet["columns"], "rows": rows}


def _result(table: Table, viewer: int | None) -> dict[str, Any] | None:
    """A finished game explained: the outcome in words, how each score was made (the game's
    score sheet), and for a competitive game the ranking and the winners."""
    if not table.is_over():
        return None
    assert table.game is not None and table.state is not None
    result = table.game.result(table.state)
    sheet = _sheet(table, result.detail, viewer)
    summary = result.detail.get("summary")
    outcome = None
    if result.team is not None:
        who = "The team" if table.spec.cooperative else _named(table, 0, viewer)  # else: solo against the game
        words = result.team.detail
        outcome = f"{who} {'won' if result.team.won else 'lost'}" + (f": {words}." if words else ".")
        return {"outcome": outcome, "sheet": sheet, "summary": summary, "rows": [], "winners": None}
    by_seat = {row["seat"]: row for row in sheet["rows"]} if sheet else {}
    rows = [
        {
            "who": _named(table, seat, viewer),
            "score": _number(score),
            "rank": rank,
            "winner": seat in result.winner_seats,
            "parts": by_seat[seat]["values"] if seat in by_seat else [_number(score)],
        }
        for seat, (score, rank) in enumerate(zip(result.scores, result.ranking, strict=True))
    ]
    rows.sort(key=lambda row: row["rank"])
    winners = [_named(table, s, viewer) for s in result.winner_seats]
    if not winners:
        outcome = "Nobody won."
    elif len(winners) == 1:
        outcome = "You won." if winners[0] == "You" else f"{winners[0]} won."
    else:
        outcome = f"A tie: {', '.join(winners)} share the win."
    columns = sheet["columns"] if sheet else ["Score"]
    return {"outcome": outcome, "sheet": None, "summary": summary, "rows": rows, "columns": columns}


def _board(table: Table, observation: dict[str, Any], legal: list[Action]) -> tuple[str, ...]:
    """The game's SVG for this observation as the pieces it was joined from (a board drawn
    with svgkit keeps them: its panels), or its text when it has no drawing (or the drawing fails)."""
    assert table.game is not None
    try:
        svg = table.game.render_svg(observation, legal)
    except Exception:  # a broken drawing must not hide the game: fall back to text
        log.exception("table %s: render_svg failed; showing text", table.id)
        svg = None
    if svg is not None:
        return getattr(svg, "pieces", (svg,))
    return (f'<pre class="board-text">{escape(table.game.render_text(observation))}</pre>',)


@lru_cache(maxsize=16384)
def _log_item(line: str) -> str:
    """One line of the game log as a list item (each line is written once, and shown again
    after every action, to every seat that reads it alike)."""
    return f"<li>{escape(line)}</li>"


def _result_html(result: dict[str, Any] | None) -> str:
    """The result section of a finished game (empty while it is played)."""
    if not result:
        return ""
    out = [
        '  <section class="result" aria-labelledby="result-heading">\n',
        '    <h2 id="result-heading">Result</h2>\n',
        f'    <p class="outcome">{escape(result["outcome"])}</p>\n',
    ]
    if result["rows"]:
        heads = "".join(f'<th scope="col">{escape(column)}</th>' for column in result["columns"])
        out.append('    <table class="ranking">\n')
        out.append(f'      <thead><tr><th scope="col">Rank</th><th scope="col">Player</th>{heads}</tr></thead>\n')
        out.append("      <tbody>\n")
        for row in result["rows"]:
            won = ' class="winner"' if row["winner"] else ""
            crown = ' <span class="crown">(winner)</span>' if row["winner"] else ""
            parts = "".join(f"<td>{escape(part)}</td>" for part in row["parts"])
            out.append(
                f'      <tr{won}><td>{escape(row["rank"])}</td><th scope="row">{escape(row["who"])}{crown}</th>'
                f"{parts}</tr>\n"
            )
        out.append("      </tbody>\n    </table>\n")
    elif result["sheet"]:
        sheet = result["sheet"]
        heads = "".join(f'<th scope="col">{escape(column)}</th>' for column in sheet["columns"])
        out.append('    <table class="sheet">\n')
        out.append(f'      <thead><tr><th scope="col">Player</th>{heads}</tr></thead>\n')
        out.append("      <tbody>\n")
        for row in sheet["rows"]:
            parts = "".join(f"<td>{escape(part)}</td>" for part in row["values"])
            out.append(f'      <tr><th scope="row">{escape(row["who"])}</th>{parts}</tr>\n')
        out.append("      </tbody>\n    </table>\n")
    if result["summary"]:
        out.append(f'<p class="how">{escape(result["summary"])}</p>')
    out.append("  </section>\n")
    return "".join(out)


def _head(table: Table, seat: int | None, status: str) -> tuple[str, str, str]:
    """The view's opening as three pieces: the view's tag (its number of actions changes every
    time), the status bar, and the result once the game is over with the layout up to the board."""
    assert table.game is not None
    who = "Spectator (public information only)" if seat is None else f"You are {seat_name(table, seat)}"
    seated = "" if seat is None else f' data-seat="{seat}"'
    return (
        f'<div id="view" data-seq="{table.seq}"{seated}>\n',
        '  <div class="status-bar">\n'
        f"    <h1>{escape(table.game.spec.title)} <small>table {escape(table.id)}</small></h1>\n"
        f'    <p class="who">{escape(who)}</p>\n'
        f'    <p class="status" role="status">{escape(status)}</p>\n'
        "  </div>\n",
        f'{_result_html(_result(table, seat))}  <div class="layout">\n    <div class="board">\n',
    )


def _choices(legal: list[Action]) -> str:
    """The side's opening and the seat's choices (none for a seat that may not act now)."""
    out = ["    </div>\n", '    <aside class="side">\n']
    if legal:
        out.append('      <section class="actions">\n        <h2>Your choices</h2>\n        <ul>\n')
        out += [
            f'          <li><button type="button" data-action="{escape(action.id)}">'
            f"{escape(action.label)}</button></li>\n"
            for action in legal
            if "same_as" not in action.payload
        ]
        out.append("        </ul>\n      </section>\n")
    return "".join(out)


def _seats(table: Table, seat: int | None) -> str:
    """Who sits where, the viewer's seat marked, the thinking bots marked."""
    thinking = thinking_seats(table)
    out = ['      <section class="seats">\n        <h2>Seats</h2>\n        <ul>']
    for s in range(table.row.players):
        marked, sign = (
            (' class="thinking"', ' <span class="thinking-sign">thinking…</span>') if s in thinking else ("", "")
        )
        you = " (you)" if s == seat else ""
        out.append(f"<li{marked}>{escape(seat_name(table, s))}{you}{sign}</li>")
    out.append("</ul>\n      </section>\n")
    return "".join(out)


def _log(lines: object) -> list[str]:
    """The game log, newest first (the latest LOG_LINES lines), and the view's closing, as
    pieces: a line each (an action adds one at the top: the others are the very pieces of the
    last view, and its patch copies them)."""
    log_lines = [str(line) for line in lines[-LOG_LINES:]] if isinstance(lines, list) else []
    skipped = len(lines) - len(log_lines) if isinstance(lines, list) else 0
    opening = '      <section class="log">\n        <h2>Game log <small>(newest first)</small></h2>\n'
    closing = f'<p class="skipped">{skipped} earlier entries not shown</p>' if skipped else ""
    return [
        f'{opening}        <ol reversed start="{skipped + len(log_lines)}">',
        *map(_log_item, reversed(log_lines)),
        f"</ol>\n{closing}      </section>\n    </aside>\n  </div>\n</div>",
    ]


def seat_split(table: Table, seat: int | None) -> patches.Split:
    """The `#view` fragment for one seat (None: a spectator), drawn from its observation only,
    once per change for every browser of that seat, joined from its pieces (the page's parts, the
    board's panels) as patches.Split.joined marks them for patching."""
    key = ("seat", table.seq, seat, table.problem)
    cached = table.views.get(key)
    if cached is not None:
        return cached
    game, state = table.game, table.state
    assert game is not None and state is not None
    observation = game.observation(state, seat)
    legal = table.legal.get(seat, []) if seat is not None and not table.problem else []
    status = _status(table, seat, legal)
    board = _board(table, observation, legal)
    pieces = [*_head(table, seat, status), *board, _choices(legal), _seats(table, seat), *_log(observation.get("log"))]
    view = table.views[key] = patches.Split.joined(pieces)
    return view


def seat_view(table: Table, seat: int | None) -> str:
    """The `#view` fragment for one seat (None: a spectator), as text (see `seat_split`)."""
    return seat_split(table, seat).text


def pass_screen(table: Table, seat: int) -> str:
    """Hot seat: a full-screen 'pass the device' page that shows nothing private."""
    return templates.get_template("pass.html").render(table=table, seq=table.seq, seat=seat)


def client_view(client: Client) -> patches.Split:
    """The fragment `client` should see now, cut for patching."""
    table = client.table
    if table.broken is not None:
        return patches.Split(templates.get_template("broken.html").render(table=table))
    if not client.hot_seat:
        return seat_split(table, client.seat)
    turn = table.hot_seat_turn()
    if turn is None or table.problem:
        return seat_split(table, None)
    if client.confirmed != turn:
        return patches.Split(pass_screen(table, turn))
    return seat_split(table, turn)


def form_values(spec: GameSpec, fields: dict[str, str] | None) -> dict[str, Any]:
    """What a game's lobby form shows: the fields as a refused form sent them, else the defaults
    (three players where the game allows, seat 0 a person and the others a medium bot)."""
    given = fields or {}
    players = given.get("players") or str(min(max(spec.min_players, 3), spec.max_players))
    seats = [given.get(f"seat{seat}") or (HUMAN if seat == 0 else "medium") for seat in range(spec.max_players)]
    options: dict[str, Any] = {}
    for option in spec.options:
        value = given.get(f"opt_{option.name}")
        if option.control == "checkbox":
            options[option.name] = option.default if value is None else value.lower() in TRUE_WORDS
        else:
            options[option.name] = option.default if value is None else value
    ticked = {name: given.get(name, "").lower() in TRUE_WORDS for name in ("hot_seat", "listed")}
    return {"players": players, "seats": seats, "options": options, **ticked}


def form_error(slug: str, error: MeepleError) -> str:
    """A refused form's reason, naming the game it was for (when the game is known)."""
    titles = {spec.slug: spec.title for spec in game_specs()}
    return f"{titles[slug]}: {error}" if slug in titles else str(error)


@cache
def game_pictures() -> dict[str, Markup]:
    """Each game's picture for the lobby's game cards, as the game draws it (once: it never changes)."""
    drawn = {spec.slug: get_game(spec.slug).picture() for spec in game_specs()}
    return {slug: Markup(svg) for slug, svg in drawn.items() if svg}


def open_tables(listed: list[tuple[Table, int]]) -> list[dict[str, Any]]:
    """The lobby's list of listed tables with a free seat (each with its number of moves):
    game, who sits where, how many are free."""
    return [
        {
            "id": table.id,
            "title": table.spec.title,
            "players": table.row.players,
            "free": len(table.open_seats()),
            "seats": ", ".join(seat_name(table, seat) for seat in range(table.row.players)),
            "moves": moves,
        }
        for table, moves in listed
    ]


def notice(message: str, kind: str = "error") -> str:
    """A message for one browser (it replaces that browser's `#notice`)."""
    return templates.get_template("notice.html").render(message=message, kind=kind)
