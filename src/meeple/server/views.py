"""What each browser is sent: HTML drawn from one seat's observation and legal actions only.

`view_fragment` is the whole privacy boundary of the server. For a seat it reads
`game.observation(state, seat)` and `game.legal_actions(state, seat)`; for a spectator
`game.observation(state, None)` and nothing else; the game draws the board from that
observation alone (`render_svg`, or `render_text` as a fallback). The only other things
shown are public: who is to move (a count and seat numbers, never a choice), who sits
where, and the result once the game is over.
"""

import logging
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from meeple.engine import Action
from meeple.server.bots import BOT_LEVELS
from meeple.server.tables import HUMAN, Client, Table

LOG_LINES = 60
log = logging.getLogger("meeple.server")

templates = Environment(
    loader=PackageLoader("meeple.server", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

_LEVEL_NAMES = {spec: name for name, spec in BOT_LEVELS.items()}


def seat_name(table: Table, seat: int) -> str:
    """How a seat is named to everyone: its number and whether a person or which bot plays it."""
    who = table.row.seats[seat]
    if who == HUMAN:
        return f"seat {seat}"
    return f"seat {seat} (bot: {_LEVEL_NAMES.get(who, who)})"


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
    names = ", ".join(seat_name(table, s) for s in movers)
    if count == 1:
        return f"Waiting for {names}."
    return f"Waiting for {count} players: {names}."


def _result(table: Table) -> dict[str, Any] | None:
    """Scores, ranking and winners (or the team outcome) of a finished game."""
    if not table.is_over():
        return None
    assert table.game is not None and table.state is not None
    result = table.game.result(table.state)
    rows = [
        {
            "seat": seat_name(table, seat),
            "score": _number(score),
            "rank": rank,
            "winner": seat in result.winner_seats,
        }
        for seat, (score, rank) in enumerate(zip(result.scores, result.ranking, strict=True))
    ]
    rows.sort(key=lambda row: row["rank"])
    team = None
    if result.team is not None:
        team = {"won": result.team.won, "margin": _number(result.team.margin), "detail": result.team.detail}
    winners = ", ".join(seat_name(table, s) for s in result.winner_seats)
    return {"rows": rows, "team": team, "winners": winners}


def _board(table: Table, observation: dict[str, Any], legal: list[Action]) -> tuple[Markup | None, str]:
    """The game's SVG for this observation, or its text when it has no drawing (or the drawing fails)."""
    assert table.game is not None
    try:
        svg = table.game.render_svg(observation, legal)
    except Exception:  # a broken drawing must not hide the game: fall back to text
        log.exception("table %s: render_svg failed; showing text", table.id)
        svg = None
    if svg is not None:
        return Markup(svg), ""
    return None, table.game.render_text(observation)


def seat_view(table: Table, seat: int | None) -> str:
    """The `#view` fragment for one seat (None: a spectator), drawn from its observation only."""
    key = ("seat", table.seq, seat, table.problem)
    cached = table.views.get(key)
    if cached is not None:
        return cached
    game, state = table.game, table.state
    assert game is not None and state is not None
    observation = game.observation(state, seat)
    legal = game.legal_actions(state, seat) if seat is not None and not table.problem else []
    svg, text = _board(table, observation, legal)
    lines = observation.get("log")
    log_lines = [str(line) for line in lines[-LOG_LINES:]] if isinstance(lines, list) else []
    html = templates.get_template("view.html").render(
        table=table,
        title=game.spec.title,
        seq=table.seq,
        seat=seat,
        who="Spectator (public information only)" if seat is None else f"You are {seat_name(table, seat)}",
        status=_status(table, seat, legal),
        svg=svg,
        text=text,
        legal=legal,
        log_lines=log_lines,
        log_skipped=len(lines) - len(log_lines) if isinstance(lines, list) else 0,
        result=_result(table),
        seats=[seat_name(table, s) for s in range(table.row.players)],
    )
    table.views[key] = html
    return html


def pass_screen(table: Table, seat: int) -> str:
    """Hot seat: a full-screen 'pass the device' page that shows nothing private."""
    return templates.get_template("pass.html").render(table=table, seq=table.seq, seat=seat)


def client_view(client: Client) -> str:
    """The fragment `client` should see now."""
    table = client.table
    if table.broken is not None:
        return templates.get_template("broken.html").render(table=table)
    if not client.hot_seat:
        return seat_view(table, client.seat)
    turn = table.hot_seat_turn()
    if turn is None or table.problem:
        return seat_view(table, None)
    if client.confirmed != turn:
        return pass_screen(table, turn)
    return seat_view(table, turn)


def notice(message: str, kind: str = "error") -> str:
    """A message for one browser (it replaces that browser's `#notice`)."""
    return templates.get_template("notice.html").render(message=message, kind=kind)
