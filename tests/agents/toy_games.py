"""Small games for testing agents: not registered, instantiate them directly (`TicTacToe()`).

- `TicTacToe`: perfect information, two players, strictly alternating.
- `SealedDuel`: hidden information and a sealed simultaneous choice. Each of two players is dealt a
  hidden card from a shuffled 1..6 deck; then both choose `call` or `fold` at once, unseen by the other.
  Both fold: 0 each. One calls: the caller scores 1, the folder -1. Both call: the higher card scores 3,
  the lower -3.
- `TinyCoop`: a cooperative solo or duo game with a team outcome, to exercise team rewards.
"""

from typing import Any, ClassVar

from meeple.engine import Action, Game, GameSpec, Result, Rng, State, TeamOutcome, competitive_result

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToeState(State, kw_only=True):
    """`board[i]` is -1 (empty) or the seat that marked cell i; seat 0 moves first."""

    board: list[int]
    turn: int = 0


class TicTacToe(Game[TicTacToeState]):
    """Noughts and crosses; action ids are the cell numbers "0".."8" (row-major)."""

    spec: ClassVar[GameSpec] = GameSpec(
        slug="toy-tic-tac-toe",
        title="Tic-tac-toe",
        version="1",
        min_players=2,
        max_players=2,
        summary="Three in a row.",
    )

    def setup(self, players: int, seed: int) -> TicTacToeState:
        return TicTacToeState(players=players, seed=seed, rng=Rng.from_seed(seed), board=[-1] * 9)

    def from_board(self, text: str, seed: int = 0) -> TicTacToeState:
        """A position from 9 characters X (seat 0), O (seat 1) or . (empty); the side to move follows."""
        board = [{"X": 0, "O": 1, ".": -1}[ch] for ch in text.replace(" ", "").replace("\n", "")]
        marks = sum(1 for cell in board if cell >= 0)
        return TicTacToeState(
            players=2, seed=seed, rng=Rng.from_seed(seed), board=board, turn=marks % 2, decisions=marks
        )

    def clone(self, state: TicTacToeState) -> TicTacToeState:
        return TicTacToeState(
            players=state.players,
            seed=state.seed,
            rng=state.rng.clone(),
            decisions=state.decisions,
            board=list(state.board),
            turn=state.turn,
        )

    def winner(self, state: TicTacToeState) -> int | None:
        board = state.board
        for a, b, c in LINES:
            if board[a] >= 0 and board[a] == board[b] == board[c]:
                return board[a]
        return None

    def to_move(self, state: TicTacToeState) -> tuple[int, ...]:
        return () if self.is_terminal(state) else (state.turn,)

    def legal_actions(self, state: TicTacToeState, seat: int) -> list[Action]:
        if seat != state.turn or self.is_terminal(state):
            return []
        return [Action(id=str(i), label=f"mark cell {i}") for i, cell in enumerate(state.board) if cell < 0]

    def perform(self, state: TicTacToeState, seat: int, action: Action) -> None:
        state.board[int(action.id)] = seat
        state.turn = 1 - seat

    def observation(self, state: TicTacToeState, seat: int | None) -> dict[str, Any]:
        return {"board": list(state.board), "turn": state.turn}

    def determinize(self, state: TicTacToeState, seat: int, rng: Rng) -> TicTacToeState:
        det = self.clone(state)
        det.rng = Rng(rng.next64())
        return det

    def is_terminal(self, state: TicTacToeState) -> bool:
        return self.winner(state) is not None or all(cell >= 0 for cell in state.board)

    def result(self, state: TicTacToeState) -> Result:
        won = self.winner(state)
        scores = [0.0, 0.0] if won is None else [1.0 if seat == won else 0.0 for seat in range(2)]
        return competitive_result(scores, [[s] for s in scores])


class SealedDuelState(State, kw_only=True):
    """`hands[s]` is seat s's hidden card; `choices[s]` its sealed choice (None until made)."""

    deck: list[int]
    hands: list[int]
    choices: list[str | None]
    revealed: bool = False


class SealedDuel(Game[SealedDuelState]):
    """Two hidden cards and one sealed simultaneous call-or-fold (see the module docstring)."""

    spec: ClassVar[GameSpec] = GameSpec(
        slug="toy-sealed-duel",
        title="Sealed duel",
        version="1",
        min_players=2,
        max_players=2,
        summary="Call or fold on a hidden card.",
        hidden_information=True,
        simultaneous=True,
    )

    def setup(self, players: int, seed: int) -> SealedDuelState:
        rng = Rng.from_seed(seed)
        deck = [1, 2, 3, 4, 5, 6]
        rng.shuffle(deck)
        hands = [deck.pop(), deck.pop()]
        return SealedDuelState(players=players, seed=seed, rng=rng, deck=deck, hands=hands, choices=[None, None])

    def dealt(self, hands: list[int], choices: list[str | None] | None = None, seed: int = 0) -> SealedDuelState:
        """A position with the given hands (and sealed choices already made), for tests."""
        deck = [card for card in range(1, 7) if card not in hands]
        return SealedDuelState(
            players=2,
            seed=seed,
            rng=Rng.from_seed(seed),
            deck=deck,
            hands=list(hands),
            choices=list(choices or [None, None]),
        )

    def clone(self, state: SealedDuelState) -> SealedDuelState:
        return SealedDuelState(
            players=state.players,
            seed=state.seed,
            rng=state.rng.clone(),
            decisions=state.decisions,
            deck=list(state.deck),
            hands=list(state.hands),
            choices=list(state.choices),
            revealed=state.revealed,
        )

    def to_move(self, state: SealedDuelState) -> tuple[int, ...]:
        return tuple(seat for seat in range(2) if state.choices[seat] is None)

    def legal_actions(self, state: SealedDuelState, seat: int) -> list[Action]:
        if state.choices[seat] is not None:
            return []
        return [Action(id="call", label="call"), Action(id="fold", label="fold")]

    def perform(self, state: SealedDuelState, seat: int, action: Action) -> None:
        state.choices[seat] = action.id
        if all(choice is not None for choice in state.choices):
            state.revealed = True

    def observation(self, state: SealedDuelState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "chosen": [choice is not None for choice in state.choices],
            "revealed": state.revealed,
        }
        if seat is not None:
            view["my_card"] = state.hands[seat]
            view["my_choice"] = state.choices[seat]
        if state.revealed:
            view["hands"] = list(state.hands)
            view["choices"] = list(state.choices)
        return view

    def determinize(self, state: SealedDuelState, seat: int, rng: Rng) -> SealedDuelState:
        det = self.clone(state)
        det.rng = Rng(rng.next64())
        if state.revealed:
            return det
        other = 1 - seat
        unseen = [card for card in range(1, 7) if card != state.hands[seat]]
        rng.shuffle(unseen)
        det.hands[other] = unseen.pop()
        det.deck = sorted(unseen)
        det.choices[other] = None  # an unrevealed sealed choice is unknown: the opponent chooses again
        return det

    def is_terminal(self, state: SealedDuelState) -> bool:
        return state.revealed

    def result(self, state: SealedDuelState) -> Result:
        calls = [choice == "call" for choice in state.choices]
        if calls == [False, False]:
            scores = [0.0, 0.0]
        elif calls == [True, True]:
            high = 0 if state.hands[0] > state.hands[1] else 1
            scores = [3.0 if seat == high else -3.0 for seat in range(2)]
        else:
            scores = [1.0 if calls[seat] else -1.0 for seat in range(2)]
        return competitive_result(scores, [[s] for s in scores])


class TinyCoopState(State, kw_only=True):
    """Each seat in turn adds 0 or 1 to `total`."""

    total: int = 0
    turn: int = 0
    moves: int = 0


class TinyCoop(Game[TinyCoopState]):
    """Cooperative: together the seats make two additions; the team wins if `total` ends at 2."""

    spec: ClassVar[GameSpec] = GameSpec(
        slug="toy-tiny-coop",
        title="Tiny coop",
        version="1",
        min_players=1,
        max_players=2,
        summary="Reach two together.",
        cooperative=True,
    )

    def setup(self, players: int, seed: int) -> TinyCoopState:
        return TinyCoopState(players=players, seed=seed, rng=Rng.from_seed(seed))

    def clone(self, state: TinyCoopState) -> TinyCoopState:
        return TinyCoopState(
            players=state.players,
            seed=state.seed,
            rng=state.rng.clone(),
            decisions=state.decisions,
            total=state.total,
            turn=state.turn,
            moves=state.moves,
        )

    def to_move(self, state: TinyCoopState) -> tuple[int, ...]:
        return () if self.is_terminal(state) else (state.turn,)

    def legal_actions(self, state: TinyCoopState, seat: int) -> list[Action]:
        if self.is_terminal(state) or seat != state.turn:
            return []
        return [Action(id="add-0", label="add 0"), Action(id="add-1", label="add 1")]

    def perform(self, state: TinyCoopState, seat: int, action: Action) -> None:
        state.total += int(action.id[-1])
        state.moves += 1
        state.turn = (state.turn + 1) % state.players

    def observation(self, state: TinyCoopState, seat: int | None) -> dict[str, Any]:
        return {"total": state.total, "turn": state.turn, "moves": state.moves}

    def determinize(self, state: TinyCoopState, seat: int, rng: Rng) -> TinyCoopState:
        det = self.clone(state)
        det.rng = Rng(rng.next64())
        return det

    def is_terminal(self, state: TinyCoopState) -> bool:
        return state.moves >= 2

    def result(self, state: TinyCoopState) -> Result:
        won = state.total == 2
        margin = float(-abs(state.total - 2))
        return Result(
            scores=[float(state.total)] * state.players,
            ranking=[1] * state.players,
            winner_seats=list(range(state.players)) if won else [],
            team=TeamOutcome(won=won, margin=margin),
        )
