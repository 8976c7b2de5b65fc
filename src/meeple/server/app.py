"""The web app: lobby, invite links, table pages and the websocket that plays.

Pages are rendered with Jinja2; the table page connects a websocket (htmx's ws extension)
over which the server pushes `#view` (that browser's board, choices, log and result) and
`#notice` (a message for that browser only). The browser sends one kind of message:
`{"action": id, "seq": n}` (optionally `"seat": k`), or `{"ready": k}` from a hot-seat
"pass the device" screen. Anything else is refused with a notice, and the table is not
touched. A socket opened with `?views=patch` (the table page's) is sent each view after
the first as `{"patch": ...}`, what changed since the view it was sent last (patches.py).
"""

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from meeple.engine import MeepleError, game_specs, get_game
from meeple.server import cleanup, origins, patches, views
from meeple.server.bots import BOT_LEVELS
from meeple.server.cleanup import DEFAULT_RETENTION, Retention
from meeple.server.processes.owners import WHOLE, Share
from meeple.server.rates import DEFAULT_LIMITS, Limits, Throttle, Throttles
from meeple.server.store import HOT_SEAT, TableRow, open_store, utc_now
from meeple.server.tables import HUMAN, Client, Duplicate, Refusal, TableManager, TooMany

MAX_MESSAGE = 4096  # bytes in one websocket message from a browser
MAX_FORM = 131072  # bytes in the lobby's create form (a deck text option may hold 32 KiB, encoded)
FORM_SECONDS = 10.0  # a create form must arrive whole within this time
SOCKETS_PER_TABLE = 64  # browsers connected to one table at once (seats, hot seat and spectators)
SOCKETS_PER_ADDRESS = 32  # websockets open from one client address at once
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"
CLOSE_TOO_MANY = 4429
CLOSE_BAD_ORIGIN = 4403
VIEW_INTERVAL = 0.1  # seconds between two views sent to one browser, after a burst of VIEW_BURST
VIEW_BURST = 4
ACTION_FIELDS = {"action", "seq", "seat"}
CLOSE_NO_TABLE = 4404
CLOSE_BAD_REQUEST = 4400
CLOSE_BAD_TOKEN = 4403
CLOSE_BROKEN = 4500
VIEW_FORMS = ("full", "patch")  # what a websocket's `views` may ask for
STATIC = Path(__file__).parent / "static"
SECURITY_HEADERS = {
    # Invite links carry the seat token in the URL: never send it on to another site as a Referer.
    # (Not "no-referrer": with it a browser sends `Origin: null` on the server's own forms, and
    # the origin check of origins.py needs the real origin.)
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
}
SEAT_CHOICES = [
    ("human", "a person (gets an invite link)"),
    ("random", "bot: random"),
    ("heuristic", "bot: heuristic (rules of thumb)"),
    ("easy", "bot: easy (search: 100 iterations, or the game's own planner at effort 1)"),
    ("medium", "bot: medium (search: 300 iterations, or the planner at effort 2)"),
    ("hard", "bot: hard (search: 1000 iterations, or the planner at effort 3)"),
]

log = logging.getLogger("meeple.server")
TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Hide seat tokens in log lines (uvicorn logs every request's URL, query string included).

    The arguments are redacted one by one and keep their number and kind: uvicorn's access
    formatter unpacks exactly five of them (client, method, path, HTTP version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = TOKEN_IN_TEXT.sub(r"\1[redacted]", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                TOKEN_IN_TEXT.sub(r"\1[redacted]", arg) if isinstance(arg, str) and "token=" in arg else arg
                for arg in record.args
            )
        return True


def redact_server_logs() -> None:
    """Install RedactTokens on uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def create_app(
    db: str,
    bot_workers: int = 1,
    public_url: str = DEFAULT_PUBLIC_URL,
    view_interval: float = VIEW_INTERVAL,
    limits: Limits = DEFAULT_LIMITS,
    retention: Retention = DEFAULT_RETENTION,
    clock: Callable[[], datetime] = utc_now,
    share: Share = WHOLE,
    hand_over: Callable[[str, str], None] = lambda table_id, creator: None,
) -> FastAPI:
    """The meeple web app on the database `db`: a SQLite file (created if missing) or a
    postgresql:// URL (see store.open_store; StoreError if it cannot be opened).

    Only the stored tables' rows are read before this returns: the unfinished tables are
    restored in the background once the app runs, any table (finished ones too) at its first
    use; one that cannot be is reported and kept as broken. Bots think in `bot_workers`
    processes (0: a thread in this process).
    `public_url` is where browsers reach the server: invite links are built from it (never from
    a request's Host header), and state-changing requests and websockets are accepted only from
    its origin (see origins.py). `view_interval` paces the views sent to one browser (see
    send_updates; 0: unpaced). `limits` bounds what one client address may do (rates.py);
    `retention` says when finished and abandoned tables are closed, by `clock`'s time (cleanup.py).
    With `meeple serve --processes N` (see the package processes), `share` is the part of the
    tables this process holds and `hand_over` announces a table created here for another process
    (its id and its creator's address); every HTTP response then closes its connection, so that
    a browser's next request is routed afresh to the process of the table it names.
    """
    redact_server_logs()
    base_url = public_url.rstrip("/")
    allowed = origins.allowed_origins(base_url)
    for spec in game_specs():  # read every game's component files now: never later, on the event loop
        get_game(spec.slug)
    manager = TableManager(
        open_store(db, shared=share.split),
        bot_workers,
        open_tables_per_client=limits.open_tables,
        clock=clock,
        share=share,
        hand_over=hand_over,
    )
    throttles = Throttles(limits)
    log.info("%d unfinished stored tables to restore", manager.load())

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        manager.start()
        sweeper = asyncio.create_task(cleanup.sweep_forever(manager, retention), name="meeple-clean-up")
        yield
        sweeper.cancel()
        with suppress(asyncio.CancelledError):
            await sweeper
        await manager.close()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.manager = manager
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    sockets = origins.SocketCounter(SOCKETS_PER_TABLE, SOCKETS_PER_ADDRESS)

    @app.middleware("http")
    async def same_origin_only(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        refusal = origins.cross_site(request.method, request.headers, allowed)
        if refusal is not None:
            return error_page(403, "Refused", refusal)
        return await call_next(request)

    if share.split:

        @app.middleware("http")
        async def close_connection(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
            response = await call_next(request)
            response.headers["Connection"] = "close"
            return response

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if not request.url.path.startswith("/static/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(views.templates.get_template(name).render(**context), status_code=status)

    async def lobby(error: str | None = None, status: int = 200, fields: dict[str, str] | None = None) -> HTMLResponse:
        """The lobby; after a refused form, its error beside that game's form, filled as it was sent."""
        specs = game_specs()
        chosen = (fields or {}).get("game", "")
        known = chosen in {spec.slug for spec in specs}
        return page(
            "lobby.html",
            status,
            specs=specs,
            pictures=views.game_pictures(),
            seat_choices=SEAT_CHOICES,
            values={spec.slug: views.form_values(spec, fields if spec.slug == chosen else None) for spec in specs},
            chosen=chosen if known else None,
            error=error,
            broken=len(manager.broken),
            open_tables=views.open_tables(await manager.listed()),
        )

    def error_page(status: int, heading: str, message: str) -> HTMLResponse:
        return page("error.html", status, heading=heading, message=message)

    def too_fast(request: Request, *throttled: Throttle) -> HTMLResponse | None:
        """A 429 with Retry-After if the client is over one of the limits (checked in order; a
        request refused by one is counted by none), else None. The page is the short error
        page, not the lobby: a flood of forms costs the server little to refuse."""
        address = client_address(request)
        for throttle in throttled:
            refusal = throttle.refusal(address)
            if refusal is not None:
                response = error_page(429, "Too many requests", refusal.message[:1].upper() + refusal.message[1:] + ".")
                response.headers["Retry-After"] = str(refusal.retry_after)
                return response
        return None

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> HTMLResponse:
        return await lobby()

    @app.post("/tables", response_class=HTMLResponse, openapi_extra=CREATE_FORM_SCHEMA)
    async def create_table(request: Request) -> HTMLResponse:
        refused = too_fast(request, throttles.forms, throttles.tables)
        if refused is not None:
            return refused
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != FORM_TYPE:
            return await lobby(f"the form must be sent as {FORM_TYPE}, not {kind[:60] or 'nothing'!r}", 415)
        try:
            body = await asyncio.wait_for(read_body(request, MAX_FORM), FORM_SECONDS)
        except TimeoutError:
            return await lobby(f"the form did not arrive within {FORM_SECONDS:.0f} seconds", 408)
        if body is None:
            return await lobby(f"the form is too large (over {MAX_FORM} bytes)", 413)
        fields = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        try:  # checking the options may parse a deck text: off the event loop
            slug, players, seats, options, hot_seat = await asyncio.to_thread(parse_create_form, fields)
            listed = fields.get("listed", "").lower() in views.TRUE_WORDS
            owner = client_address(request)  # bots are scheduled and capped per client
            table, tokens = await manager.create(slug, players, seats, options, hot_seat, owner=owner, listed=listed)
        except TooMany as error:
            return await lobby(str(error), 429, fields)
        except MeepleError as error:
            return await lobby(views.form_error(fields.get("game", ""), error), 400, fields)
        links = []
        for seat, token in sorted(tokens.items()):
            who = "Hot seat (every human seat)" if seat == HOT_SEAT else f"Seat {seat}"
            links.append({"who": who, "url": f"{base_url}/t/{table.id}?token={quote(token)}"})
        links.append({"who": "Spectators", "url": f"{base_url}/t/{table.id}/watch"})
        return page(
            "created.html", 201, table=table, title=table.spec.title, links=links, open_seats=table.open_seats()
        )

    @app.post("/t/{table_id}/join")
    async def join_table(request: Request, table_id: str) -> Response:
        """Take a free seat of a listed table: on to that seat's page (its link is its token)."""
        refused = too_fast(request, throttles.forms)
        if refused is not None:
            return refused
        try:
            _, token = await manager.join(table_id)
        except MeepleError as error:
            return await lobby(str(error), 409)
        return RedirectResponse(f"/t/{quote(table_id)}?token={quote(token)}", status_code=303)

    async def table_page(table_id: str, token: str | None) -> HTMLResponse:
        table = await manager.find(table_id)
        if table is None:
            closed = await manager.closed_row(table_id)
            if closed is not None:
                return error_page(410, "Table closed", closed_message(closed) + ".")
            return error_page(404, "No such table", f"There is no table {table_id!r}.")
        if table.broken is not None:
            return error_page(503, "Table unavailable", f"Table {table_id} could not be restored: {table.broken}")
        ws_url = f"/ws/{quote(table.id)}"
        seat = table.token_seat(token)
        if token is not None:
            if seat is None:
                return error_page(403, "Not your seat", "This link's token is not valid for this table.")
            ws_url += f"?token={quote(token)}"
        ws_url += ("&" if "?" in ws_url else "?") + "views=patch"
        mine = None if seat is None else "every human seat (hot seat)" if seat == HOT_SEAT else f"seat {seat}"
        return page("table.html", table=table, title=table.spec.title, ws_url=ws_url, mine=mine)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def seat_page(table_id: str, token: str | None = None) -> HTMLResponse:
        return await table_page(table_id, token)

    @app.get("/t/{table_id}/watch", response_class=HTMLResponse)
    async def watch_page(table_id: str) -> HTMLResponse:
        return await table_page(table_id, None)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None, views: str = "full") -> None:
        refusal = origins.cross_site("GET", websocket.headers, allowed, websocket=True)
        if refusal is not None:
            await websocket.close(code=CLOSE_BAD_ORIGIN, reason=refusal[:120])  # before accept: an HTTP 403
            return
        address = client_address(websocket)
        with sockets.held(table_id, address) as crowded:
            await websocket.accept()
            reason = crowded
            if reason is None and (too_often := throttles.sockets.refusal(address)) is not None:
                reason = too_often.message
            if reason is not None:
                await refuse_connection(websocket, CLOSE_TOO_MANY, reason)
                return
            if views not in VIEW_FORMS:
                reason = f"views must be full or patch, not {views[:40]!r}"
                await refuse_connection(websocket, CLOSE_BAD_REQUEST, reason)
                return
            await serve_socket(websocket, table_id, token, address, views == "patch")

    async def serve_socket(websocket: WebSocket, table_id: str, token: str | None, address: str, patch: bool) -> None:
        """One accepted websocket: check the table and token, then play until it closes."""
        table = await manager.find(table_id)
        if table is None:
            closed = await manager.closed_row(table_id)
            reason = f"there is no table {table_id[:40]!r}" if closed is None else closed_message(closed)
            await refuse_connection(websocket, CLOSE_NO_TABLE, reason)
            return
        if table.broken is not None:
            await refuse_connection(websocket, CLOSE_BROKEN, f"table {table_id} could not be restored")
            return
        granted = table.token_seat(token) if token is not None else None
        if token is not None and granted is None:
            await refuse_connection(websocket, CLOSE_BAD_TOKEN, "this link's token is not valid for this table")
            return
        hot = granted == HOT_SEAT
        client = Client(table, None if hot else granted, hot, token)
        table.clients.add(client)
        pump = asyncio.create_task(send_updates(websocket, client, view_interval, patch))
        too_often = None
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                too_often = throttles.moves.refusal(address)
                if too_often is not None:  # a flood: closed, so that it costs nothing more
                    break
                await handle_message(manager, client, message.get("text"), message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            table.clients.discard(client)
            pump.cancel()
            with suppress(asyncio.CancelledError):
                await pump
        if too_often is not None:
            with suppress(WebSocketDisconnect, RuntimeError, OSError):  # the browser may be gone already
                await refuse_connection(websocket, CLOSE_TOO_MANY, too_often.message)

    return app


FORM_TYPE = "application/x-www-form-urlencoded"
# The lobby's create form as OpenAPI describes it, with the choices its selects offer (the route
# reads the body itself, bounded, so FastAPI cannot infer it): what the fuzz test generates
# requests from (tests/server/test_fuzz.py), and forged ones that break it.
CREATE_FORM_SCHEMA = {
    "requestBody": {
        "required": True,
        "content": {
            FORM_TYPE: {
                "schema": {
                    "type": "object",
                    "properties": {
                        "game": {"type": "string", "enum": [spec.slug for spec in game_specs()]},
                        "players": {"type": "string", "enum": [str(n) for n in range(1, 9)]},
                        **{f"seat{n}": {"type": "string", "enum": [c for c, _ in SEAT_CHOICES]} for n in range(8)},
                        "hot_seat": {"type": "string", "enum": ["on", ""]},
                        "listed": {"type": "string", "enum": ["on", ""]},
                    },
                    "additionalProperties": {"type": "string"},
                }
            }
        },
    }
}


def closed_message(row: TableRow) -> str:
    """What a link to a closed table says (cleanup.py)."""
    when = (row.closed_at or "")[:16].replace("T", " ")  # stored in UTC
    return f"table {row.id} was {row.closed} on {when} UTC: its record is kept, it is no longer played"


def client_address(connection: Request | WebSocket) -> str:
    """The client's address: what its rate limits, table caps and bots' fair share are counted by."""
    return connection.client.host if connection.client else "unknown"


async def read_body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None as soon as it grows over `limit` bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body


def parse_create_form(fields: dict[str, str]) -> tuple[str, int, list[str], dict[str, str], bool]:
    """The lobby form as (game, players, seat specs, options, hot seat); MeepleError if malformed."""
    slug = fields.get("game", "")
    spec = get_game(slug).spec
    try:
        players = int(fields.get("players", ""))
    except ValueError:
        raise Refusal(f"players must be a whole number, not {fields.get('players')!r}") from None
    spec.check_players(players)
    seats = []
    for seat in range(players):
        choice = fields.get(f"seat{seat}", HUMAN)
        if choice != HUMAN and choice not in BOT_LEVELS:
            raise Refusal(f"seat {seat}: {choice!r} is not a choice (human or {', '.join(BOT_LEVELS)})")
        seats.append(HUMAN if choice == HUMAN else BOT_LEVELS[choice])
    options = {o.name: fields[f"opt_{o.name}"] for o in spec.options if f"opt_{o.name}" in fields}
    for option in spec.options:  # a browser posts a text area's lines with CRLF: keep them as typed
        if option.control == "textarea" and option.name in options:
            options[option.name] = options[option.name].replace("\r\n", "\n")
    hot_seat = fields.get("hot_seat", "").lower() in views.TRUE_WORDS
    get_game(slug, options)  # every option checked, together (BadOption)
    return slug, players, seats, options, hot_seat


async def refuse_connection(websocket: WebSocket, code: int, reason: str) -> None:
    """Tell the browser why, then close with `code` and the reason (a close reason is at most 123 bytes)."""
    await websocket.send_text(views.notice(reason[:1].upper() + reason[1:] + "."))
    await websocket.close(code=code, reason=reason.encode()[:120].decode("utf-8", "ignore"))


async def send_updates(
    websocket: WebSocket, client: Client, interval: float = VIEW_INTERVAL, patch: bool = False
) -> None:
    """Send `client` its notices and, when its view is out of date, its current view (with
    `patch`, after the first: what changed since the last view sent, when that is shorter).

    The view is drawn when it is sent, from the table's state at that moment: a browser that
    falls behind gets the latest view once instead of every step in between. Views are paced
    (a burst of VIEW_BURST, then one every `interval` seconds): a move and the bot's answer
    arrive at once, but bots playing hundreds of moves in a row cost a browser a few redraws a
    second, not one per move (swapping in a large board takes longer than a random bot's move).
    """
    loop = asyncio.get_running_loop()
    allowance, last = float(VIEW_BURST), loop.time()
    shown: patches.Split | None = None  # the view this browser has now (patches are made against it)
    with suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            await client.wake.wait()
            client.wake.clear()
            while client.notices:
                text, kind = client.notices.pop(0)
                await websocket.send_text(views.notice(text, kind))
            if client.dirty:
                now = loop.time()
                allowance = min(float(VIEW_BURST), allowance + (now - last) / interval) if interval else 1.0
                if allowance < 1:
                    await asyncio.sleep((1 - allowance) * interval)
                    allowance, now = 1.0, loop.time()
                allowance, last = allowance - 1, now
                client.dirty = False
                view = views.client_view(client)
                await websocket.send_text(view.text if shown is None or not patch else patched(shown, view))
                shown = view


def patched(old: patches.Split, new: patches.Split) -> str:
    """The message that turns a browser's view `old` into `new`: a patch, or `new` itself when
    that is not much longer (the first view after a reconnect, a new game, a pass screen)."""
    message = f'{{"patch":{patches.encode(patches.diff(old, new))}}}'
    return message if len(message) < new.size // 2 else new.text


def parse_message(text: str | None, data: bytes | None) -> dict[str, Any]:
    """A browser's message as a dict with known fields only; Refusal naming what is wrong."""
    if text is None:
        size = len(data or b"")
        if size > MAX_MESSAGE:
            raise Refusal(f"message refused: {size} bytes is over the limit of {MAX_MESSAGE}")
        raise Refusal("message refused: send JSON text, not binary data")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise Refusal(f"message refused: {size} bytes is over the limit of {MAX_MESSAGE}")
    try:
        message = json.loads(text)
    except ValueError:
        raise Refusal("message refused: it is not valid JSON") from None
    except RecursionError:  # thousands of nested brackets: refused like any other bad message
        raise Refusal("message refused: it is nested too deeply") from None
    if not isinstance(message, dict):
        raise Refusal('message refused: expected a JSON object like {"action": "...", "seq": 0}')
    fields = set(message)
    if "ready" in fields:
        if fields != {"ready"}:
            raise Refusal(f"message refused: unknown fields with ready: {', '.join(sorted(fields - {'ready'}))}")
        return message
    unknown = fields - ACTION_FIELDS
    if unknown:
        raise Refusal(f"message refused: unknown fields {', '.join(sorted(map(repr, unknown)))}")
    missing = {"action", "seq"} - fields
    if missing:
        raise Refusal(f"message refused: missing {' and '.join(sorted(missing))}")
    return message


async def handle_message(manager: TableManager, client: Client, text: str | None, data: bytes | None) -> None:
    """Act on one message from `client`; every refusal becomes a notice for that client only."""
    table = client.table
    try:
        message = parse_message(text, data)
        if "ready" in message:
            confirm_hot_seat(client, message["ready"])
            return
        await manager.act(table.id, client.token, seat_of(client, message), message["action"], message["seq"])
    except Duplicate as error:
        client.tell(str(error), kind="info")
        client.refresh()
    except Refusal as error:
        client.tell(str(error))
        client.refresh()


def seat_of(client: Client, message: dict[str, Any]) -> object:
    """The seat a message acts for: its `seat` field, else the client's seat (hot seat: the
    seat that confirmed it is at the device)."""
    if client.token is None:
        raise Refusal("spectators cannot act: open your seat's invite link to play")
    if "seat" in message:
        return message["seat"]
    if not client.hot_seat:
        return client.seat
    turn = client.table.hot_seat_turn()
    if turn is None:
        raise Refusal("no human seat is to move now")
    if client.confirmed != turn:
        raise Refusal(f"seat {turn} must first confirm that they have the device")
    return turn


def confirm_hot_seat(client: Client, seat: object) -> None:
    """A hot-seat screen's "I am seat K": show seat K's view if it is K's turn."""
    if not client.hot_seat:
        raise Refusal("only a hot-seat screen passes the device")
    turn = client.table.hot_seat_turn()
    if seat != turn or isinstance(seat, bool):
        raise Refusal(f"it is not seat {seat!r}'s turn" if turn is None else f"the device should go to seat {turn}")
    client.confirmed = turn
    client.refresh()
