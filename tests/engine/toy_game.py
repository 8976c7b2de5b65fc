"""A small game for engine tests: "sealed high card".

2 to 4 players. The deck holds the cards 1..12, shuffled with the state's rng;
each player is dealt `rounds` (default 3) hidden cards. Each round every player
secretly chooses one card of their hand at the same time (`to_move` is every
seat that has not chosen yet, and the actions carry the payload
``{"sealed": True}``). When all have chosen the cards are revealed: the highest
card that nobody else played scores 1 point. After the last round the most
points wins; ties are broken by the higher total of played cards.

The game keeps hands sorted, so a hand's order carries no information.
"""

from typing import Any

import msgspec

from meeple.engine import Action, Game, GameSpec, OptionSpec, Result, Rng, State, competitive_result

DECK = tuple(range(1, 13))


class SealedState(State, kw_only=True):
    rounds: int
    round: int = 0
    hands: list[list[int]]
    deck: list[int]
    chosen: list[int | None]  # a seat's sealed, not yet revealed choice
    played: list[list[int]]  # revealed cards, per seat, in round order
    points: list[int]


class SealedHighCard(Game[SealedState]):
    spec = GameSpec(
        slug="sealed-high-card",
        title="Sealed High Card",
        version="1",
        min_players=2,
        max_players=4,
        summary="Everyone secretly plays a card; the highest unique card scores.",
        options=(OptionSpec("rounds", "cards dealt to each player and rounds played", 3, minimum=1, maximum=3),),
        hidden_information=True,
        simultaneous=True,
    )

    # --- creating states -------------------------------------------------
    def setup(self, players: int, seed: int) -> SealedState:
        rounds = int(self.options["rounds"])
        rng = Rng.from_seed(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sorted(deck[seat * rounds : (seat + 1) * rounds]) for seat in range(players)]
        return SealedState(
            players=players,
            seed=seed,
            rng=rng,
            rounds=rounds,
            hands=hands,
            deck=deck[players * rounds :],
            chosen=[None] * players,
            played=[[] for _ in range(players)],
            points=[0] * players,
        )

    def clone(self, state: SealedState) -> SealedState:
        return SealedState(
            players=state.players,
            seed=state.seed,
            rng=state.rng.clone(),
            decisions=state.decisions,
            rounds=state.rounds,
            round=state.round,
            hands=[list(hand) for hand in state.hands],
            deck=list(state.deck),
            chosen=list(state.chosen),
            played=[list(cards) for cards in state.played],
            points=list(state.points),
        )

    # --- deciding ----------------------------------------------------------
    def to_move(self, state: SealedState) -> tuple[int, ...]:
        if self.is_terminal(state):
            return ()
        return tuple(seat for seat in range(state.players) if state.chosen[seat] is None)

    def legal_actions(self, state: SealedState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [
            Action(id=f"play-{card}", label=f"play {card}", payload={"sealed": True, "card": card})
            for card in state.hands[seat]
        ]

    def perform(self, state: SealedState, seat: int, action: Action) -> None:
        card = action.payload["card"]
        state.hands[seat].remove(card)
        state.chosen[seat] = card
        if all(choice is not None for choice in state.chosen):
            self._reveal(state)

    def _reveal(self, state: SealedState) -> None:
        cards = [int(choice) for choice in state.chosen if choice is not None]
        unique = [card for card in cards if cards.count(card) == 1]
        best = max(unique, default=None)
        for seat, choice in enumerate(state.chosen):
            assert choice is not None
            state.played[seat].append(choice)
            if choice == best:
                state.points[seat] += 1
        state.chosen = [None] * state.players
        state.round += 1

    # --- information -----------------------------------------------------------
    def observation(self, state: SealedState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": state.players,
            "rounds": state.rounds,
            "round": state.round,
            "decisions": state.decisions,
            "seat": seat,
            "hand_sizes": [len(hand) for hand in state.hands],
            "has_chosen": [choice is not None for choice in state.chosen],
            "played": [list(cards) for cards in state.played],
            "points": list(state.points),
            "deck_size": len(state.deck),
        }
        if seat is not None:
            view["hand"] = list(state.hands[seat])
            view["my_choice"] = state.chosen[seat]
        return view

    def determinize(self, state: SealedState, seat: int, rng: Rng) -> SealedState:
        # Every card `seat` cannot see, in a canonical order (so the result does not
        # depend on where those cards really are), then shuffled with `rng`.
        unseen: list[int] = list(state.deck)
        sizes: list[int] = []
        for other in range(state.players):
            size = 0
            if other != seat:
                unseen.extend(state.hands[other])
                size = len(state.hands[other])
                if state.chosen[other] is not None:  # un-make the sealed choice: the card goes back
                    unseen.append(int(state.chosen[other]))
                    size += 1
            sizes.append(size)
        unseen.sort()
        rng.shuffle(unseen)
        world = self.clone(state)
        # The state's own stream and seed are hidden too: redraw them from `rng`.
        world.seed = rng.next64() >> 1
        world.rng = Rng.from_seed(world.seed)
        for other in range(state.players):
            if other == seat:
                continue
            world.hands[other] = sorted(unseen[: sizes[other]])
            del unseen[: sizes[other]]
            world.chosen[other] = None
        world.deck = unseen
        return world

    # --- ending ---------------------------------------------------------------
    def is_terminal(self, state: SealedState) -> bool:
        return state.round >= state.rounds

    def result(self, state: SealedState) -> Result:
        totals = [sum(cards) for cards in state.played]
        keys = [(state.points[seat], totals[seat]) for seat in range(state.players)]
        return competitive_result(state.points, keys, detail={"totals": totals})


def encode(state: msgspec.Struct) -> bytes:
    """The state's canonical JSON, to compare states byte for byte."""
    return msgspec.json.encode(state)
