"""Live tables: games in memory, rebuilt from the event store, moved by people and bots.

A table is restored (its events replayed) at its first use; the unfinished ones are also
restored in the background after a start, finished ones only when asked for.

Every table has an asyncio.Lock that serialises its actions. An action is checked, applied
to a copy of the state, appended to the store and committed, and only then does the copy
become the table's state and are its browsers told: nothing is ever shown that a restart
could take back. Bots think in worker processes, off the event loop, so a thinking bot never
holds up another table (nor its own table's lock: a bot's move is checked like anyone's
when it comes back, and thought again if the game moved on meanwhile). Which bot thinks
next, and where, is the scheduler's (scheduler.py): fair between the clients that created
the tables, and each client may keep only so many search bots at unfinished tables.

The manager knows the engine's API only; it never looks inside a game's state.
"""

import asyncio
import logging
import multiprocessing
import secrets
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from datetime import datetime
from typing import Any, NamedTuple, ParamSpec, TypeVar

from meeple.agents import make_agent
from meeple.engine import Action, Game, GameSpec, MeepleError, State, get_game
from meeple.server import bots, patches
from meeple.server.commits import GroupCommit
from meeple.server.processes.owners import WHOLE, Share
from meeple.server.rates import OPEN_TABLES
from meeple.server.scheduler import Scheduler, Worker, is_cheap
from meeple.server.store import HOT_SEAT, Conflict, Event, Store, TableRow, now, token_hash, token_matches, utc_now

HUMAN = "human"
MAX_NOTICES = 8
SEARCH_SEATS_PER_CLIENT = 8  # search bots (easy, medium, hard...) one client may keep at unfinished tables
log = logging.getLogger("meeple.server")

P = ParamSpec("P")
T = TypeVar("T")


def search_seats(seats: list[str]) -> int:
    """How many of `seats` are search bots: neither a person nor a cheap bot (random, heuristic)."""
    return sum(1 for who in seats if who != HUMAN and not is_cheap(who))


class Refusal(MeepleError):
    """An action or request the server turns down; the message is shown to that player only."""


class Moved(Refusal):
    """A move refused because another server (on the same database) moved the table first;
    the table has been reloaded from the event log."""


def read_time(text: str) -> datetime | None:
    """A stored ISO time, None if it does not read as one (a value written into the file by hand)."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


class TooMany(Refusal):
    """A table refused because its client already keeps as many unfinished tables as it may."""


class Duplicate(Refusal):
    """A move message made on a board the seat has already moved from (a resend or a double
    click): refused without harm, and shown to that player as information, not as an error."""


class Client:
    """One connected browser: a seat, a spectator (seat None) or a hot-seat screen.

    The transport (app.py) drains it: `notices` to show once, and `dirty` when its view
    must be drawn again. `wake` is set whenever there is something to send.
    """

    def __init__(self, table: "Table", seat: int | None, hot_seat: bool, token: str | None) -> None:
        self.table = table
        self.seat = seat
        self.hot_seat = hot_seat
        self.token = token
        self.confirmed: int | None = None  # hot seat: the seat that said "ready" last
        self.notices: list[tuple[str, str]] = []  # (text, kind: "error" or "info")
        self.dirty = True
        self.wake = asyncio.Event()
        self.wake.set()

    def refresh(self) -> None:
        self.dirty = True
        self.wake.set()

    def tell(self, notice: str, kind: str = "error") -> None:
        """Queue a notice for this browser only (the latest few: a browser that sends faster
        than it reads cannot make the server hold an ever longer queue). `kind` is "error" for
        a refusal, "info" for news that asks nothing of the player (drawn differently)."""
        self.notices = [*self.notices[-(MAX_NOTICES - 1) :], (notice, kind)]
        self.wake.set()


class Replayed(NamedTuple):
    """A table's game rebuilt from its log: what `Table.restore` takes."""

    game: Game
    state: State
    actions: list[tuple[int, str]]
    last_acted: dict[int, int]


def replay(row: TableRow, events: list[tuple[int, int, str]]) -> Replayed:
    """Rebuild a table's game from its setup and events (pure: run in a worker thread).
    Refusal if they do not replay: an unknown game, a changed rules version, a bot this
    version does not know, a gap in the log, an action the rules refuse."""
    game = get_game(row.game, row.options)
    if game.spec.version != row.version:
        raise Refusal(f"it was created for {row.game} rules version {row.version}; this is {game.spec.version}")
    for who in row.seats:
        if who != HUMAN:
            make_agent(who, 0)  # BadAgent: a bot this version does not know
    state = game.new_game(row.players, row.seed)
    actions: list[tuple[int, str]] = []
    last_acted: dict[int, int] = {}
    for expected, (seq, seat, action_id) in enumerate(events):
        if seq != expected:
            raise Refusal(f"its event log skips from action {expected} to {seq}")
        try:
            game.apply(state, seat, action_id)
        except MeepleError as error:
            raise Refusal(f"action {seq} ({action_id!r} by seat {seat}) does not replay: {error}") from None
        actions.append((seat, action_id))
        last_acted[seat] = seq
    return Replayed(game, state, actions, last_acted)


class Table:
    """A table in memory: its setup, game, state, actions, tokens and connected browsers."""

    def __init__(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        self.row = row
        self.id = row.id
        self.token_hashes = token_hashes
        self.game: Game | None = None
        self.state: State | None = None
        self.actions: list[tuple[int, str]] = []
        self.broken: str | None = None  # why the table could not be restored
        self.problem: str | None = None  # a bot that failed, shown to everyone at the table
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.owner = row.id  # who its bots' thinking is charged to: the creating client, else the table itself
        self.views: dict[Any, patches.Split] = {}  # rendered fragments of the current state, by viewer
        self.options_since: dict[int, tuple[int, list[str]]] = {}  # seat -> (seq since when, its legal ids)
        self.legal: dict[int, list[Action]] = {}  # seat -> its legal actions now (note_options)
        self.last_acted: dict[int, int] = {}  # seat -> the number of its latest stored action
        self.created = read_time(row.created) or utc_now()
        self.last_move = self.created  # when anyone last moved here (or the table was created)
        self.last_human_move = self.created  # when a person last moved here (or the table was created)

    def note_moves(self, moved: dict[int, str]) -> None:
        """Take when each seat last moved (ISO times, from the store) as the table's last moves."""
        times = {seat: when for seat, at in moved.items() if (when := read_time(at)) is not None}
        self.last_move = max(times.values(), default=self.created)
        self.last_human_move = max((times[s] for s in self.human_seats() if s in times), default=self.created)

    def already_acted_on(self, seat: int, seq: int) -> bool:
        """Whether `seat` has an action stored since the board at `seq` was drawn: a message made
        on that board (a resend, a double click) would be a second move from one look.

        A seat's next message after its action stored as number q is made on a board showing
        at least q + 1 actions, so a message carrying `seq` <= q was made before that action:
        each move message is applied at most once, by (table, seat, seq), even across restarts
        (the numbers come from the event log)."""
        return seq <= self.last_acted.get(seat, -1)

    @property
    def seq(self) -> int:
        """The number of actions so far: the next action's sequence number."""
        return len(self.actions)

    @property
    def spec(self) -> GameSpec:
        assert self.game is not None
        return self.game.spec

    def human_seats(self) -> list[int]:
        return [seat for seat, who in enumerate(self.row.seats) if who == HUMAN]

    def open_seats(self) -> list[int]:
        """The human seats of a listed table that nobody has taken yet (no token exists for them)."""
        if not self.row.listed or self.broken is not None or self.is_over():
            return []
        return [seat for seat in self.human_seats() if seat not in self.token_hashes]

    def is_over(self) -> bool:
        return self.game is not None and self.state is not None and self.game.is_terminal(self.state)

    def to_move(self) -> tuple[int, ...]:
        if self.game is None or self.state is None:
            return ()
        return self.game.to_move(self.state)

    def hot_seat_turn(self) -> int | None:
        """The human seat a hot-seat screen should show now: the first human seat to move."""
        humans = [seat for seat in self.to_move() if self.row.seats[seat] == HUMAN]
        return min(humans) if humans else None

    def token_seat(self, token: str | None) -> int | None:
        """The seat a token speaks for (HOT_SEAT for a hot-seat token), None if it is not valid."""
        if not token:
            return None
        found = None
        for seat, stored in self.token_hashes.items():  # compare with every hash: no early exit
            if token_matches(token, stored):
                found = seat
        return found

    def is_current(self, seat: int, seq: int) -> bool:
        """Whether a board shown at `seq` still offers `seat` the choices it has now: the same
        number of actions, or nothing the seat could choose has changed since (another seat's
        sealed bid does not make yours stale)."""
        return seq == self.seq or self.options_since.get(seat, (self.seq, []))[0] <= seq <= self.seq

    def note_options(self) -> None:
        """Note every seat's legal actions now (the views draw from them: computed once per
        change, not once per browser) and since which action they have been what they are."""
        if self.game is None or self.state is None:
            return
        self.legal = {seat: self.game.legal_actions(self.state, seat) for seat in range(self.row.players)}
        for seat, legal in self.legal.items():
            ids = [action.id for action in legal]
            if ids != self.options_since.get(seat, (0, None))[1]:
                self.options_since[seat] = (self.seq, ids)

    def restore(self, replayed: Replayed) -> None:
        """Take the game rebuilt from the log (on the event loop: all at once, as one change)."""
        self.game, self.state, self.actions, self.last_acted = replayed
        self.options_since = {}
        self.note_options()

    def changed(self, mover: int | None = None) -> None:
        """The state changed (or a problem appeared): drop rendered views, redraw every browser.
        The browsers of `mover`, the seat whose action this was, are woken first, so under load
        a player's own board is drawn before the others' (what the player waits for)."""
        self.note_options()
        self.views.clear()
        for client in sorted(self.clients, key=lambda client: client.seat != mover or client.hot_seat):
            client.refresh()


class TableManager:
    """Every table of the server, the store behind them and the bots' workers.

    Bots think in `bot_workers` search worker processes and one more for cheap bots (0: one
    thread each, in this process: for tests and tiny machines). A client may keep at most
    `open_tables_per_client` unfinished tables and `search_seats_per_client` search bots at them.
    `clock` tells when moves are made (what clean-up measures idle time by; tests set it).

    With `meeple serve --processes N` the manager holds only the tables of its `share`
    (processes/owners.py): it restores, plays and cleans up no other, and a table it creates
    for another process is stored, counted against its creator's caps until it is finished or closed, and
    announced with `hand_over` (its id and creator), so that its owner `adopt`s it: restores it,
    starts its bots and schedules their thinking as the creator's.
    """

    def __init__(
        self,
        store: Store,
        bot_workers: int = 1,
        search_seats_per_client: int = SEARCH_SEATS_PER_CLIENT,
        open_tables_per_client: int = OPEN_TABLES,
        clock: Callable[[], datetime] = utc_now,
        share: Share = WHOLE,
        hand_over: Callable[[str, str], None] = lambda table_id, creator: None,
    ) -> None:
        self.store = store
        self.share = share
        self.hand_over = hand_over
        self._handed: dict[str, dict[str, int]] = {}  # creator -> {table held elsewhere: its search seats}
        self._creators: dict[str, str] = {}  # table made for this process by process 0 -> its creator
        self.clock = clock
        self.open_tables_per_client = open_tables_per_client
        self.bot_workers = bot_workers
        self.search_seats_per_client = search_seats_per_client
        self.tables: dict[str, Table] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self.scheduler = Scheduler(
            [Worker(self._bot_executor) for _ in range(max(1, bot_workers))], [Worker(self._bot_executor)]
        )
        self._creating: dict[str, list[int]] = {}  # owner -> [search seats, tables] of the tables being created
        self._started = False
        self.broken: dict[str, str] = {}  # table id -> why it could not be restored, in the order found
        self._unrestored: dict[str, TableRow] = {}  # unfinished tables noted at start, not yet in memory
        self._loading: dict[str, asyncio.Future[Table | None]] = {}  # tables being restored now
        self._background: asyncio.Task[None] | None = None
        self.commits = GroupCommit(lambda events: self._in_db(self.store.append_events, events))

    # --- start-up and shut-down -----------------------------------------------------------

    def load(self) -> int:
        """Note the unfinished stored tables (their rows only, no replay): `start` restores them
        in the background, and any of them asked for sooner is restored first (`find`).
        Finished tables are restored only when someone asks for one, so starting takes the
        same time however many games were ever played. Returns how many were noted."""
        for row in self.store.tables(finished=False):
            if row.id not in self.tables and self.share.owns(row.id):
                self._unrestored[row.id] = row
        return len(self._unrestored)

    def start(self) -> None:
        """Start the bots of every table where a bot is to move, and the restoring of the
        unfinished tables noted by `load` (call with the event loop running)."""
        self._started = True
        for table in self.tables.values():
            self.kick_bots(table)
        if self._unrestored:
            self._background = asyncio.get_running_loop().create_task(self._restore_unfinished(), name="restore")

    async def _restore_unfinished(self) -> None:
        """Restore the unfinished tables noted at start, oldest first, one at a time."""
        while self._unrestored:
            await self.find(next(iter(self._unrestored)))

    async def restored(self) -> None:
        """Wait until every unfinished table noted at start is restored (or marked broken)."""
        if self._background is not None:
            await asyncio.shield(self._background)

    async def find(self, table_id: str) -> Table | None:
        """The table `table_id`, restored from the store at its first use; None if there is
        none (or another process holds it). A table that cannot be restored is returned marked
        broken (and listed in `broken`); it never stops the server or another table."""
        if not self.share.owns(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._restore(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _restore(self, table_id: str) -> Table | None:
        row = self._unrestored.get(table_id) or await self._in_db(self.store.table, table_id)
        if row is None or row.closed is not None:  # a closed table is no longer served (cleanup.py)
            return None
        table = Table(row, {})
        table.owner = self._creators.pop(table_id, table.owner)
        try:  # reading the log (the database may fail) and replaying it
            table.token_hashes = await self._in_db(self.store.token_hashes, table_id)
            table.note_moves(await self._in_db(self.store.last_moves, table_id))
            table.restore(await asyncio.to_thread(replay, row, await self._in_db(self.store.events, table_id)))
        except Exception as error:  # any failure of one table must not take the others down
            self._mark_broken(table, error)
        self.tables[table_id] = table
        self._unrestored.pop(table_id, None)
        if table.broken is None and table.is_over() and row.finished is None:  # stored before tables were marked
            await self._in_db(self.store.mark_finished, table_id)
            row.finished = now()
        self.kick_bots(table)
        return table

    async def adopt(self, table_id: str, creator: str) -> None:
        """Restore a table that process 0 created for this one (its bots start if one is to move),
        its bots' thinking charged to `creator`, the client that made it (as in the process that
        made it: fair shares between clients, scheduler.py)."""
        if not self.share.owns(table_id):
            return
        if creator:
            self._creators[table_id] = creator
        table = await self.find(table_id)
        self._creators.pop(table_id, None)
        if table is not None and creator and table.owner == table.id:  # restored before this came
            table.owner = creator

    def _mark_broken(self, table: Table, error: Exception) -> None:
        table.broken = str(error) if isinstance(error, MeepleError) else f"{type(error).__name__}: {error}"
        table.game, table.state = None, None
        self.broken[table.id] = table.broken
        log.error("table %s could not be restored: %s", table.id, table.broken)

    async def _reload(self, table: Table) -> None:
        """Replay `table` again from the store (another server moved it): its browsers are redrawn."""
        try:
            events = await self._in_db(self.store.events, table.id)
            table.token_hashes = await self._in_db(self.store.token_hashes, table.id)
            table.restore(await asyncio.to_thread(replay, table.row, events))
        except Exception as error:
            self._mark_broken(table, error)
        table.changed()

    async def close(self) -> None:
        """Stop the bots, the pool and the store."""
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()]
        if self._background is not None:
            tasks.append(self._background)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.scheduler.close()
        self._db.shutdown(wait=True)
        self.store.close()

    # --- creating tables -------------------------------------------------------------------

    async def create(
        self,
        slug: str,
        players: int,
        seats: list[str],
        options: dict[str, Any],
        hot_seat: bool = False,
        seed: int | None = None,
        *,
        owner: str = "",
        listed: bool = False,
    ) -> tuple[Table, dict[int, str]]:
        """A new table; returns it and its tokens (seat, or HOT_SEAT, to token), shown once.

        A `listed` table gets a token for its first human seat only (the creator's): its other
        human seats are open, for anyone to take from the lobby's list (`join`).

        The seed is secret (it would let anyone rebuild every shuffle): it is drawn here
        unless given (tests and reproductions), stored, and never sent to a browser.
        `owner` is the creating client's address: its bots' thinking is scheduled fairly
        against other clients', and its search bots are capped (see `search_seats_of`);
        without one (tests, the command line) the table is its own owner and is not capped.

        Raises MeepleError (UnknownGame, BadOption, BadPlayerCount, BadAgent, Refusal) when
        the setup is not valid.
        """
        game = get_game(slug, options)
        game.spec.check_players(players)
        if len(seats) != players:
            needed = (
                f"{players} player{'s need' if players != 1 else ' needs'} {players} seat{'s' if players != 1 else ''}"
            )
            raise Refusal(f"{needed}, not {len(seats)}")
        for who in seats:
            if who != HUMAN:
                make_agent(who, 0)  # BadAgent if the spec is not valid
        await self._forget_ended(owner)
        with self._reserved(owner, seats):
            return await self._create(game, players, seats, hot_seat, seed, owner, listed)

    def _live_of(self, owner: str) -> Iterator[Table]:
        """`owner`'s tables that can still go on: unfinished, not broken, not stuck on a failed bot."""
        for table in self.tables.values():
            if table.owner == owner and table.broken is None and table.problem is None and not table.is_over():
                yield table

    def search_seats_of(self, owner: str) -> int:
        """The search bots (every bot but random and heuristic) at `owner`'s unfinished tables,
        counting tables being created and not tables that cannot go on (broken, or stuck on a
        failed bot): what the per-client cap counts."""
        live = sum(search_seats(t.row.seats) for t in self._live_of(owner))
        return live + sum(self._handed.get(owner, {}).values()) + self._creating.get(owner, [0, 0])[0]

    def open_tables_of(self, owner: str) -> int:
        """`owner`'s unfinished tables that can go on, and those being created: what the cap of
        open tables counts (a closed table is no longer among the tables at all)."""
        live = sum(1 for _ in self._live_of(owner))
        return live + len(self._handed.get(owner, {})) + self._creating.get(owner, [0, 0])[1]

    async def _forget_ended(self, owner: str) -> None:
        """Stop counting `owner`'s tables held by other processes that are finished or closed
        (as the store says: their owners write it there)."""
        handed = self._handed.get(owner)
        if handed:
            going_on = await self._in_db(self.store.unfinished, list(handed))
            self._handed[owner] = {table_id: seats for table_id, seats in handed.items() if table_id in going_on}

    @contextmanager
    def _reserved(self, owner: str, seats: list[str]) -> Iterator[None]:
        """Refuse a table that would take `owner` over the cap of open tables or of search bots;
        else hold its place while it is created (two creations at once cannot both slip under
        a cap)."""
        if not owner:
            yield
            return
        wanted = search_seats(seats)
        tables = self.open_tables_of(owner)
        if tables + 1 > self.open_tables_per_client:
            raise TooMany(
                f"too many open tables: you already have {tables} unfinished tables and may have at most "
                f"{self.open_tables_per_client} at once. Finish one first (a table nobody moves at closes by itself)"
            )
        held = self.search_seats_of(owner)
        if wanted and held + wanted > self.search_seats_per_client:
            raise Refusal(
                f"too many search bots: you already have {held} easy, medium or hard bots at unfinished tables "
                f"and may have at most {self.search_seats_per_client} at once; this table would add {wanted}. "
                "Finish a table first, or seat random or heuristic bots (they are not limited)"
            )
        creating = self._creating.setdefault(owner, [0, 0])
        creating[0] += wanted
        creating[1] += 1
        try:
            yield
        finally:
            creating[0] -= wanted
            creating[1] -= 1
            if creating == [0, 0]:
                del self._creating[owner]

    async def _create(
        self, game: Game, players: int, seats: list[str], hot_seat: bool, seed: int | None, owner: str, listed: bool
    ) -> tuple[Table, dict[int, str]]:
        humans = [seat for seat, who in enumerate(seats) if who == HUMAN]
        hot = hot_seat and len(humans) > 0
        if listed and hot:
            raise Refusal("a hot-seat table is played on one screen: it cannot be listed for others to join")
        if listed and len(humans) < 2:
            raise Refusal("a listed table needs a free human seat for others to take (choose a person for two seats)")
        if listed:
            humans = humans[:1]
        tokens = {HOT_SEAT: secrets.token_urlsafe(24)} if hot else {s: secrets.token_urlsafe(24) for s in humans}
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.spec.slug,
            version=game.spec.version,
            players=players,
            seed=secrets.randbits(63) if seed is None else seed,
            options=dict(game.options),
            seats=list(seats),
            hot_seat=hot,
            created=self.clock().isoformat(timespec="milliseconds"),
            listed=listed,
        )
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        await self._in_db(self.store.create_table, row, hashes)
        table = Table(row, hashes)
        table.owner = owner or row.id
        table.game, table.state = game, game.new_game(players, row.seed)
        table.note_options()
        if not self.share.owns(row.id):  # stored: its owner restores it from there
            if owner:
                self._handed.setdefault(owner, {})[row.id] = search_seats(seats)
            self.hand_over(row.id, owner)
            return table, tokens
        self.tables[row.id] = table
        self.kick_bots(table)
        return table, tokens

    def open_tables(self) -> list[Table]:
        """Listed tables with a free human seat, newest first."""
        found = [table for table in self.tables.values() if table.open_seats()]
        return sorted(found, key=lambda table: table.row.created, reverse=True)

    async def listed(self) -> list[tuple[Table, int]]:
        """Every listed table with a free human seat and its number of moves, newest first:
        this process's from memory, the other processes' as stored (not restored here)."""
        found = [(table, table.seq) for table in self.open_tables()]
        if self.share.split:
            for row, taken, moves in await self._in_db(self.store.listed_unfinished):
                if not self.share.owns(row.id):
                    # A spec does not depend on the options: they are not checked (a deck text parsed) again here.
                    table = Table(row, dict.fromkeys(taken, ""))
                    table.game = get_game(row.game)
                    if table.open_seats():
                        found.append((table, moves))
        return sorted(found, key=lambda listed: listed[0].row.created, reverse=True)

    async def join(self, table_id: str) -> tuple[int, str]:
        """Take the first free seat of a listed table: returns the seat and its new token (shown once).

        Refusal if the table is not listed or every human seat is taken."""
        table = await self.get(table_id)
        async with table.lock:
            free = table.open_seats()
            if not free:
                raise Refusal(f"table {table_id} has no free seat to take")
            token = secrets.token_urlsafe(24)
            digest = token_hash(token)
            try:
                await self._in_db(self.store.add_seat_token, table.id, free[0], digest)
            except Conflict:  # taken through another server on this database
                table.token_hashes = await self._in_db(self.store.token_hashes, table.id)
                raise Refusal(f"seat {free[0]} of table {table_id} was just taken; try again") from None
            table.token_hashes[free[0]] = digest
        return free[0], token

    # --- acting ----------------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """The table `table_id` (restored at its first use); Refusal if there is none or it
        could not be restored."""
        table = await self.find(table_id)
        if table is None:
            raise Refusal(f"there is no table {table_id!r}")
        if table.broken is not None:
            raise Refusal(f"table {table_id} could not be restored: {table.broken}")
        return table

    async def act(self, table_id: str, token: str | None, seat: object, action_id: object, seq: object) -> None:
        """A person's action, checked in this order: the table exists; the token is valid for
        the seat (a hot-seat token for any human seat); the seat is a human seat; `seq` is the
        table's number of actions (else it is stale); the game accepts the action.

        Raises Refusal with the reason; the table is then unchanged.
        """
        table = await self.get(table_id)
        granted = table.token_seat(token)
        if granted is None:
            raise Refusal(f"this link's token is not valid for table {table_id}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.row.players:
            raise Refusal(f"there is no seat {seat!r} at this table (seats 0 to {table.row.players - 1})")
        if granted != HOT_SEAT and granted != seat:
            raise Refusal(f"this link is for seat {granted}, not seat {seat}")
        if table.row.seats[seat] != HUMAN:
            raise Refusal(f"seat {seat} is played by a bot ({table.row.seats[seat]}), not from a link")
        if not isinstance(action_id, str) or not action_id:
            raise Refusal("the action must be a non-empty string id")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise Refusal("seq must be the whole number of actions the board showed")
        async with table.lock:
            if table.already_acted_on(seat, seq):
                raise Duplicate(
                    f"already done: seat {seat} has moved since the board you acted on (it showed {seq} actions)"
                )
            if not table.is_current(seat, seq):
                raise Refusal(
                    f"stale: the game moved on (your board showed {seq} actions, the table has {table.seq}); "
                    "look again and choose anew"
                )
            await self._commit(table, seat, action_id)
        self.kick_bots(table)

    async def _commit(self, table: Table, seat: int, action_id: str) -> None:
        """Apply to a copy, append to the store, then publish (the table's lock is held)."""
        assert table.game is not None and table.state is not None
        try:
            after = table.game.step(table.state, seat, action_id)
        except MeepleError as error:
            raise Refusal(str(error)) from None
        seq = table.seq
        try:
            await self.commits.append(Event(table.id, seq, seat, action_id, ends=table.game.is_terminal(after)))
        except Conflict:  # another server on this database moved the table: catch up, then refuse
            log.warning("table %s: action %d was stored by another server; reloading the table", table.id, seq)
            await self._reload(table)
            raise Moved(
                f"another server stored this table's action {seq} first; the table was reloaded: "
                "look again and choose anew"
            ) from None
        except Exception as error:  # the move is not stored, so it did not happen
            log.exception("table %s: could not store action %d", table.id, table.seq)
            raise Refusal(f"the server could not save this move ({error}); the table is unchanged") from None
        table.state = after
        table.last_acted[seat] = table.seq
        table.actions.append((seat, action_id))
        table.last_move = self.clock()
        if table.row.seats[seat] == HUMAN:
            table.last_human_move = table.last_move
        table.changed(mover=seat)

    async def close_table(self, table_id: str, why: str) -> None:
        """Close a table for good (`why`: archived or abandoned): marked in the store, where its
        record stays; if it is in memory, its bots stopped, and it is dropped from the server's
        tables, so it counts against no cap and is listed nowhere; its browsers told."""
        at = self.clock().isoformat(timespec="milliseconds")
        table = self.tables.get(table_id)
        if table is None:
            await self._in_db(self.store.close_table, table_id, why, at)
            return
        async with table.lock:
            await self._in_db(self.store.close_table, table_id, why, at)
            self.tables.pop(table_id, None)
        if table.bot_task is not None and not table.bot_task.done():
            table.bot_task.cancel()
        self.scheduler.release(table.id)
        for client in table.clients:
            client.tell(f"This table was {why}: its record is kept, but it can no longer be played.", kind="info")

    async def finished_before(self, at: datetime) -> list[str]:
        """The ids of this process's stored tables, loaded or not, whose game ended before `at`,
        not closed."""
        ids = await self._in_db(self.store.finished_before, at.isoformat(timespec="milliseconds"))
        return [table_id for table_id in ids if self.share.owns(table_id)]

    async def note_stored_moves(self, table: Table) -> None:
        """Read when each seat of `table` last moved from the store (another server on the same
        database may have moved it since this one did)."""
        table.note_moves(await self._in_db(self.store.last_moves, table.id))

    async def closed_row(self, table_id: str) -> TableRow | None:
        """The stored row of `table_id` if it is a closed table (archived or abandoned), else None."""
        row = await self._in_db(self.store.table, table_id)
        return row if row is not None and row.closed is not None else None

    # --- bots ------------------------------------------------------------------------------

    def kick_bots(self, table: Table) -> None:
        """Make sure a bot task runs if a bot is to move at `table` (one task per table)."""
        if not self._started or table.broken is not None or table.problem is not None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        if any(table.row.seats[seat] != HUMAN for seat in table.to_move()):
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(table), name=f"bots-{table.id}")

    def bots_busy(self, table: Table) -> bool:
        """Whether a bot of `table` is thinking or about to."""
        return table.bot_task is not None and not table.bot_task.done()

    async def _bot_loop(self, table: Table) -> None:
        """Move the table's bots while one of them is to move; then let the scheduler give the
        worker it kept for this table's next decision to others."""
        try:
            await self._move_bots(table)
        finally:
            self.scheduler.release(table.id)

    async def _move_bots(self, table: Table) -> None:
        """Move the table's bots, one after another. A seat with a single legal action plays it
        at once; any other decision waits its turn at the scheduler."""
        assert table.game is not None and table.state is not None
        broken_pools = 0
        while True:
            movers = [seat for seat in table.to_move() if table.row.seats[seat] != HUMAN]
            if not movers:
                return
            seat, seq = movers[0], table.seq
            legal = table.legal[seat]
            try:
                if len(legal) == 1:
                    action_id = legal[0].id
                else:
                    action_id = await self.scheduler.think(table.owner, bot_job(table, seat))
            except BrokenProcessPool:
                log.error("a bot worker died (table %s, seat %d thinking); starting a new one", table.id, seat)
                broken_pools += 1
                if broken_pools < 3:
                    continue
                table.problem = f"the bot of seat {seat} crashed its worker process {broken_pools} times"
                table.changed()
                return
            except Exception as error:
                log.exception("table %s: the bot of seat %d failed", table.id, seat)
                table.problem = f"the bot of seat {seat} failed: {error}"
                table.changed()
                return
            async with table.lock:
                if table.seq != seq:
                    continue  # the game moved on while it thought: think again
                try:
                    await self._commit(table, seat, action_id)
                except Moved:
                    continue  # reloaded: think again on the table as it is
                except Refusal as error:
                    table.problem = f"the bot of seat {seat} could not move: {error}"
                    table.changed()
                    return

    def _bot_executor(self) -> Executor:
        """A new executor for one bot worker: a process, or a thread when `bot_workers` is 0."""
        if self.bot_workers <= 0:  # in-process threads: for tests and tiny machines
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-bot")
        # spawn, not fork: the server has threads (the store's) that fork would copy mid-flight
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=bots.die_with_parent)

    # --- helpers -----------------------------------------------------------------------------

    async def _in_db(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call on the store's single thread (SQLite writes one at a time anyway)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: call(*args, **kwargs))


def bot_job(table: Table, seat: int) -> bots.BotJob:
    """What a worker needs to choose the action of the bot at `seat` now."""
    return bots.BotJob(
        table_id=table.id,
        game=table.row.game,
        options=table.row.options,
        players=table.row.players,
        seed=table.row.seed,
        actions=tuple(table.actions),
        seat=seat,
        spec=table.row.seats[seat],
    )
