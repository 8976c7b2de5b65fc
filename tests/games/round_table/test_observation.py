"""Observations share each card's view (observation.card_view) and the view of another seat's
card in hand (observation.HIDDEN) with every other observation of the same content, made once.
That is safe only while nobody edits them: every consumer of an observation (the text views,
the board, the prompt, the RL encoder, JSON) runs here over many observations, and the shared
views must still equal freshly made ones afterwards."""

import msgspec
import pytest

from meeple.engine import Rng
from meeple.games.round_table.observation import HIDDEN, card_view
from meeple.rl.encoding import Encoder
from observation_readers import read_everywhere

from .builders import GAME, POOL


def _views() -> bytes:
    return msgspec.json.encode([[card_view(card) for card in POOL.cards], HIDDEN])


def _fresh() -> bytes:
    return msgspec.json.encode(
        [[card_view.__wrapped__(card) for card in POOL.cards], {back: {"back": back, "card": None} for back in HIDDEN}]
    )


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_consumer_edits_the_card_views_observations_share(players: int) -> None:
    encoder = Encoder()
    state = GAME.new_game(players, 5)
    rng = Rng(11)
    seen = 0
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if rng.below(6) == 0:
            for viewer in (seat, None):
                obs = GAME.observation(state, viewer)
                shown_cards = obs["regions"] + [view for seat_view in obs["seats"] for view in seat_view["spent"]]
                assert shown_cards
                assert all(view is card_view(POOL.card(view["id"])) for view in shown_cards)  # shared indeed
                read_everywhere(GAME, obs, legal if viewer == seat else [], encoder)
                seen += 1
        GAME.play(state, seat, legal[rng.below(len(legal))])
    assert seen > 20
    assert _views() == _fresh()
