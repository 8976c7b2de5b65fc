"""The Game/State split: an immutable game (spec + options) that makes and moves states.

A state is plain data (a msgspec Struct) that a game mutates in place through
`apply`; `step` is the pure form (clone, then apply). Every decision is one
atomic choice among `legal_actions`; several seats may have to decide at once
(sealed simultaneous choices), and each seat then decides on its own.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from meeple.engine.action import Action
from meeple.engine.errors import BadSeed, GameOver, IllegalAction, NotYourTurn
from meeple.engine.estimate import Estimate
from meeple.engine.features import Features
from meeple.engine.glossary import Entry
from meeple.engine.result import Result
from meeple.engine.rng import Rng
from meeple.engine.spec import GameSpec, OptionValue


class State(msgspec.Struct, kw_only=True):
    """Fields every game state has. Games subclass it and add their own plain data.

    `rng` is the state's only source of chance. `decisions` counts applied actions.
    """

    players: int
    seed: int
    rng: Rng
    decisions: int = 0


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """A game with its options fixed. Subclasses implement the abstract rule hooks."""

    spec: ClassVar[GameSpec]
    # The package whose `content/` folder holds the game's component files (None: it has none);
    # `meeple.engine.content.install_edits` replaces them for what-if runs.
    content_package: ClassVar[str | None] = None

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, OptionValue] = self.spec.resolve_options(options or {})

    # --- creating states -------------------------------------------------
    def new_game(self, players: int, seed: int) -> S:
        """A new game for `players` seats; all chance flows from `seed`, a whole number from 0 to
        2**64 - 1 (so that a game may mark a state it sampled with a negative seed)."""
        self.spec.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise BadSeed(f"a game's seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        return self.setup(players, seed)

    @abstractmethod
    def setup(self, players: int, seed: int) -> S:
        """The rulebook's setup, with the player count already checked."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy sharing nothing mutable (no deepcopy: games copy by hand)."""

    # --- deciding ----------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]:
        """The seats that must decide now (several for a sealed simultaneous choice); () when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The legal actions of `seat` now; empty if it need not decide."""

    @abstractmethod
    def perform(self, state: S, seat: int, action: Action) -> None:
        """Carry out a legal action (the engine has checked it). Mutates `state`."""

    def apply(self, state: S, seat: int, action_id: str) -> Action:
        """Check that `action_id` is legal for `seat` now, then carry it out.

        Raises GameOver, NotYourTurn or IllegalAction, naming why, with the state unchanged.
        """
        if self.is_terminal(state):
            raise GameOver(f"the game is over; seat {seat} cannot play {action_id!r}")
        movers = self.to_move(state)
        if seat not in movers:
            waiting = ", ".join(str(s) for s in movers)
            raise NotYourTurn(f"seat {seat} is not to decide now (waiting for seat {waiting})")
        legal = self.legal_actions(state, seat)
        for action in legal:
            if action.id == action_id:
                self.perform(state, seat, action)
                state.decisions += 1
                return action
        sample = ", ".join(a.id for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise IllegalAction(f"{action_id!r} is not a legal action for seat {seat} now (legal: {sample})")

    def play(self, state: S, seat: int, action: Action) -> None:
        """Carry out `action`, taken from `legal_actions(state, seat)` on this very state, without
        checking it again: the fast path for search playouts. Anything else must use `apply`."""
        self.perform(state, seat, action)
        state.decisions += 1

    def step(self, state: S, seat: int, action_id: str) -> S:
        """The pure form of `apply`: a new state, the given one untouched."""
        after = self.clone(state)
        self.apply(after, seat, action_id)
        return after

    # --- information -----------------------------------------------------------
    @abstractmethod
    def observation(self, state: S, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), JSON-ready, built from an allow-list."""

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A full state consistent with `seat`'s observation, for search agents.

        Every value `seat` cannot see is redrawn from `rng`: hidden cards from the unseen
        pool, other seats' unrevealed sealed choices unmade (those seats decide again), and
        the state's own random stream (and its seed) replaced, so that future chance is
        unknown too. The
        result depends on `state` only through `observation(state, seat)`."""

    # --- ending ---------------------------------------------------------------
    @abstractmethod
    def is_terminal(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Scores, ranking with the rulebook's tie-breaks, winners (or the team outcome)."""

    # --- optional hooks for agents and views ---------------------------------------
    def playout_action(self, state: S, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The action a fast playout takes (search rollouts). Default: uniformly random."""
        return legal[rng.below(len(legal))]

    def evaluate(self, state: S) -> Estimate | None:
        """An estimate of how the game will end from `state` (a full state: search calls it on a
        determinization), so that a search can cut its playouts at a depth instead of playing
        whole games. None, the default, when the game has none: search then plays to the end."""
        return None

    def plan_action(
        self, state: S, seat: int, legal: list[Action], rng: Rng, memo: dict[str, Any], effort: int
    ) -> Action | None:
        """The game's own search, for a game whose decisions a generic tree search handles poorly
        (Guédelon: a worker's move is judged by playing the team's whole plan out). None, the
        default, when the game has none. `memo` is the agent's, kept between its calls so that a
        plan spanning several decisions is made once; `effort` (1 and up) buys strength with time.
        Like every agent it may learn of `state` only what `seat` observes (via `determinize`)."""
        return None

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        """Every action id this game, with its options, can offer at `players` seats, each once,
        in a fixed order: a reinforcement learner's discrete action space, where index k always
        names the same move. It may hold ids that no state offers (a learner's mask hides them),
        never miss one that a state offers. Games build it from their content (see
        `meeple.engine.catalogue`); the default says the game has none."""
        raise NotImplementedError(f"{self.spec.title} has no action catalogue")

    def observation_features(self, players: int) -> Features:
        """A seat's observation as a fixed list of numbers for learners (`meeple.engine.features`):
        slot names fixed by the game's options and `players`, filled from `observation(state,
        seat)` alone. The default says the game has none (learners fall back on a generic
        encoding of the JSON view)."""
        raise NotImplementedError(f"{self.spec.title} has no observation features")

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        """The observation drawn for the browser, or None if the game has no drawing: one
        well-formed element (the games draw it with meeple.svgkit: a `div.bk-board` of `<svg>`
        panels the page reflows, each at one unit per CSS pixel).

        Elements a player can click carry `data-action="<action id>"` for one of `legal`
        (the actions of the observing seat now; empty for spectators and waiting seats).
        It reads only its arguments, so it can show nothing the seat may not see."""
        return None

    def picture(self) -> str | None:
        """The game's picture for the lobby (one `<svg>` drawn with meeple.svgkit, no outside
        asset), or None if it has none."""
        return None

    def render_text(self, observation: dict[str, Any]) -> str:
        """The observation as text for the terminal. Games override this in their view."""
        return msgspec.json.format(msgspec.json.encode(observation), indent=2).decode()

    def render_text_brief(self, observation: dict[str, Any]) -> str:
        """The observation as text short enough to stay on a terminal's screen beside the choices
        (the terminal shows the whole `render_text` on request). Default: the whole text."""
        return self.render_text(observation)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        """What the observing seat is asked now and why, in a sentence, read from its observation
        and `legal` (its actions now): for a payment, a discard or a shortfall it says what is
        owed and what the seat has. "" (the default) when the choices say it all."""
        return ""

    def glossary(self) -> tuple[Entry, ...]:
        """Every component a player may ask about (rooms, cards, locations, tiles, orders...) by
        name, with its full rule text, built from the game's content (meeple.engine.glossary
        finds entries by a typed name). Default: none."""
        return ()
