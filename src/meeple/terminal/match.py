"""One game played in the terminal by people and bots, and a record walked through move by move.

Every decision is recorded, forced ones included: a seat with a single legal action has it
taken for it (and is told so), but the record, and so replays and RL, see the same actions
as before. What other seats did is told in the third person, and a sealed choice never by
its content; each person sees, at their turn, what happened since their last one.
"""

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from meeple.agents import Agent, make_agent
from meeple.engine import Action, Game, GameRecord, MeepleError, State, derive_seed
from meeple.terminal import HUMAN
from meeple.terminal.screen import Quit, Screen, read_line


class Event:
    """One decision taken: who, what, and whether it was forced (a single legal action)."""

    def __init__(self, seat: int, action: Action, forced: bool) -> None:
        self.seat = seat
        self.action = action
        self.forced = forced

    def told_to(self, viewer: int | None, who: str, over: bool = False) -> str:
        """The decision as `viewer` may hear it: "You ..." for its own, third person otherwise;
        another seat's sealed choice only as a fact until the game is over."""
        label = f"“{escape(self.action.label)}”"
        if viewer == self.seat:
            return f"You had a single choice: {label}" if self.forced else f"You chose {label}"
        name = f"Seat {self.seat} ({escape(who)})" if who else f"Seat {self.seat}"
        if self.action.payload.get("sealed") and not over:
            return f"{name} made a sealed choice"
        return f"{name} had a single choice: {label}" if self.forced else f"{name} chose {label}"


class TerminalMatch:
    """One game played in the terminal by humans and bots (a record's actions replayed first
    when it continues a saved game)."""

    def __init__(
        self,
        console: Console,
        game: Game,
        seat_specs: list[str],
        seed: int,
        actions: Sequence[tuple[int, str]] = (),
    ) -> None:
        self.console = console
        self.screen = Screen(console)
        self.game = game
        self.seat_specs = seat_specs
        self.seed = seed
        self.state = game.new_game(len(seat_specs), seed)
        self.bots: dict[int, Agent] = {
            seat: make_agent(spec, derive_seed(seed, "seat", seat))
            for seat, spec in enumerate(seat_specs)
            if spec != HUMAN
        }
        self.hot_seat = sum(spec == HUMAN for spec in seat_specs) > 1
        self.glossary = game.glossary()
        self.last_human: int | None = None
        self.events = [Event(seat, self.game.apply(self.state, seat, action_id), False) for seat, action_id in actions]
        # human seat -> how many events it had seen at its last turn
        self.seen = {seat: len(self.events) for seat, spec in enumerate(seat_specs) if spec == HUMAN}

    @property
    def actions(self) -> list[tuple[int, str]]:
        """Every decision so far as (seat, action id), in order: what the record holds."""
        return [(event.seat, event.action.id) for event in self.events]

    def record(self) -> GameRecord:
        spec = self.game.spec
        return GameRecord(
            game=spec.slug,
            version=spec.version,
            players=len(self.seat_specs),
            seed=self.seed,
            options=dict(self.game.options),
            actions=self.actions,
        )

    def rewind(self) -> None:
        """Rebuild the state from the recorded actions (an interrupted action may have left it half-done)."""
        self.state = self.game.new_game(len(self.seat_specs), self.seed)
        for seat, action_id in self.actions:
            self.game.apply(self.state, seat, action_id)

    def run(self) -> None:
        """Play until the game ends; Quit propagates if the human stops."""
        while not self.game.is_terminal(self.state):
            for seat in self.game.to_move(self.state):
                if seat in self.game.to_move(self.state):
                    self.decide(seat)

    def decide(self, seat: int) -> None:
        legal = self.game.legal_actions(self.state, seat)
        if not legal:
            raise MeepleError(f"the game offers seat {seat} no legal action although it must decide")
        forced = len(legal) == 1
        if forced:
            action = self.game.apply(self.state, seat, legal[0].id)
        elif seat in self.bots:
            with self.screen.thinking(f"Seat {seat} ({self.seat_specs[seat]})"):
                action_id = self.bots[seat].choose(self.game, self.state, seat)
            action = self.game.apply(self.state, seat, action_id)
        else:
            self.hand_over(seat)
            seen = self.game.observation(self.state, seat)
            history = [event.told_to(seat, self.seat_specs[event.seat]) for event in self.events]
            brief = self.game.render_text_brief(seen)
            self.screen.show_turn(self.game.spec.title, seat, brief, history[self.seen[seat] :])
            prompt = self.game.prompt(seen, legal)
            board = self.game.render_text(seen)
            action = self.screen.choose(legal, seat, prompt, board, history, self.glossary)
            self.game.apply(self.state, seat, action.id)
            self.seen[seat] = len(self.events) + 1
            if self.hot_seat:  # hide this seat's private view before anyone else looks
                self.screen.clear()
        event = Event(seat, action, forced)
        self.events.append(event)
        self.screen.say(event.told_to(None, self.seat_specs[seat]))

    def hand_over(self, seat: int) -> None:
        """In hot seat play, make the next human confirm before their private view is shown.

        The screen is cleared after every human decision in hot seat play, so what the
        next human sees before pressing Enter is only what every seat may see.
        """
        if self.hot_seat and seat != self.last_human:
            answer = read_line(self.console, f"pass the device to seat {seat} — press Enter (q to quit) ")
            if answer.lower() == "q":
                raise Quit
        self.last_human = seat


def step_through(console: Console, game: Game, record: GameRecord, seat: int | None, pause: bool) -> State:
    """Walk through a record move by move: each decision in the third person and the board as
    `seat` sees it (None: the public view, and every seat's view once the game is over).
    With `pause`, wait for Enter after each move (q stops)."""
    state = game.new_game(record.players, record.seed)
    for number, (mover, action_id) in enumerate(record.actions, start=1):
        action = game.apply(state, mover, action_id)
        over = game.is_terminal(state)
        console.print(f"[bold]{number}.[/] {Event(mover, action, False).told_to(seat, '', over)}")
        console.print(game.render_text(game.observation(state, seat)), markup=False)
        if pause and not over and read_line(console, "Enter: next move, q: stop ").lower() == "q":
            raise Quit
    if seat is None and game.is_terminal(state):
        for viewer in range(record.players):
            console.print(f"[bold]What seat {viewer} saw at the end:[/]")
            console.print(game.render_text(game.observation(state, viewer)), markup=False)
    return state
