"""Panels drawn once and shared (svgkit.drawn_once): every seat's board is byte for byte the
board drawn from its own observation alone, in every game, while the memos hold the panels of
every seat and of every earlier state; and the sharing does happen.

This is what makes sharing safe for hidden information: a panel a seat is sent from a memo is
the panel it would have drawn itself, from its own observation, so it holds nothing that seat's
observation does not (and what an observation holds is the game's allow-list, tested in each
game's test_hidden_information). A panel that read a part of the observation missing from its
arguments would show here as a board unlike the fresh one: another seat's panel, or a stale one.
"""

import pytest

from board_walk import PLAYERS, sampled_states
from meeple.engine import Action, Game, State
from meeple.svgkit import memo


def choices(game: Game, state: State, seat: int | None) -> list[Action]:
    """A seat's choices (a spectator has none), as the server draws them."""
    return [] if seat is None else game.legal_actions(state, seat)


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_every_seat_sees_the_board_it_would_draw_alone(slug: str) -> None:
    players = PLAYERS[slug]
    asked = drawn = 0
    first_state_shared = None
    for game, step, state in sampled_states(slug, seed=5, steps=150, every=5):
        seen = [(game.observation(state, seat), choices(game, state, seat)) for seat in [*range(players), None]]
        fresh = []
        for observation, legal in seen:
            with memo.set_aside():
                fresh.append(game.render_svg(observation, legal))
                asked += sum(memo.held())  # the panels this board draws on its own
        before = sum(memo.held())
        for (observation, legal), alone in zip(seen, fresh, strict=True):  # in the order a server draws
            assert game.render_svg(observation, legal) == alone, f"{slug}, seat {observation['seat']}, step {step}"
        drawn += sum(memo.held()) - before
        if first_state_shared is None:
            first_state_shared = drawn < asked
    assert first_state_shared, f"{slug}: the seats of one state drew every panel apart"
    assert drawn < 0.8 * asked, f"{slug}: {drawn} panels drawn of {asked} asked for"


def test_a_memo_keeps_a_bounded_number_of_panels() -> None:
    drawn = []

    @memo.drawn_once
    def panel(n: int) -> str:
        drawn.append(n)
        return f"<g>{n}</g>"

    for n in range(memo.ENTRIES + 10):
        assert panel(n) == f"<g>{n}</g>"
    assert panel(memo.ENTRIES + 9) == f"<g>{memo.ENTRIES + 9}</g>" and len(drawn) == memo.ENTRIES + 10
    assert panel(0) == "<g>0</g>" and len(drawn) == memo.ENTRIES + 11  # the oldest went first
    assert max(memo.held()) <= memo.ENTRIES


def test_arguments_alike_in_value_but_not_in_kind_are_drawn_apart() -> None:
    @memo.drawn_once
    def panel(value: object) -> str:
        return f"<g>{type(value).__name__} {value}</g>"

    drawn = [panel(1), panel(1.0), panel(True), panel("1")]
    assert drawn == ["<g>int 1</g>", "<g>float 1.0</g>", "<g>bool True</g>", "<g>str 1</g>"]


def test_choices_are_keyed_by_every_field_and_their_kind() -> None:
    drawn = []

    @memo.drawn_once
    def panel(legal: object) -> str:
        drawn.append(legal)
        return f"<g>{type(legal).__name__} {legal!r}</g>"

    take = Action("take:1", "Take it")
    asked = [[take], [Action("take:1", "Take the card")], [Action("take:1", "Take it", {"same_as": "x"})], (take,)]
    boards = [panel(legal) for legal in asked]
    assert drawn == asked and len(set(boards)) == 4  # each field, and list against tuple, tell them apart
    assert panel([Action("take:1", "Take it")]) == boards[0] and len(drawn) == 4  # equal choices: looked up
