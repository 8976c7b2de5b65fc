"""Observations share each card's view (observation.card_view), the view of another seat's
card in hand (observation.HIDDEN) and the views of a seat's cards in play (observation.in_play)
with every other observation of the same content, made once. That is safe only while nobody
edits them: every consumer of an observation (the text views, the board, the prompt, the RL
encoder, JSON) runs here over many observations, and the shared views must still equal freshly
made ones afterwards."""

import msgspec
import pytest

from meeple.engine import Rng
from meeple.games.round_table.observation import HIDDEN, card_view, in_play, in_play_content, shown_in_play, shown_of
from meeple.rl.encoding import Encoder
from observation_readers import observations_along_a_game, read_everywhere

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
    seen = 0
    contents = []
    for obs, shown in observations_along_a_game(GAME, state, 6, Rng(11)):
        shown_cards = obs["regions"] + [view for seat_view in obs["seats"] for view in seat_view["spent"]]
        assert shown_cards
        assert all(view is card_view(POOL.card(view["id"])) for view in shown_cards)  # shared indeed
        cards = [in_play(state, POOL, p) for p in range(players)]
        assert all(a is b for p, c in enumerate(cards) for a, b in zip(obs["seats"][p]["play"], c.views, strict=True))
        contents += [in_play_content(state, p) for p in range(players)]
        read_everywhere(GAME, obs, shown, encoder)
        seen += 1
    assert seen > 20
    assert _views() == _fresh()
    for content in contents:
        shared = shown_of(POOL).in_play[content]
        assert msgspec.json.encode(shared) == msgspec.json.encode(shown_in_play(POOL, *content))
