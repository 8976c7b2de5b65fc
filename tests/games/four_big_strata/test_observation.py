"""Observations share what they show of cards (each card type's view, each Public Display slot,
each Personal Display entry, each display as a seat sees it, each display's scores and upkeep)
with every other observation of the same content, made once (observation.card_views), and each
log line as worded for each reader (engine.wording.worded). That is safe only while nobody
edits them: every consumer of an observation (the text views, the board, the prompt, the RL
encoder, JSON) runs here over many observations, and the shared views must still equal freshly made ones afterwards."""

import msgspec
import pytest

from meeple.engine import Rng
from meeple.games.four_big_strata.observation import Shown, card_views
from meeple.rl.encoding import Encoder
from observation_readers import observations_along_a_game, read_everywhere

from .builders import game


@pytest.mark.parametrize("players", [1, 3, 7])
def test_no_consumer_edits_the_card_views_observations_share(players: int) -> None:
    g = game()
    views = card_views(g.content)
    encoder = Encoder()
    state = g.new_game(players, 5)
    taken = []
    for obs, shown in observations_along_a_game(g, state, 5, Rng(11)):
        taken.append((obs, msgspec.json.encode(obs)))
        read_everywhere(g, obs, shown, encoder)
    assert len(taken) > 20 and views.entries and views.displays and views.slots and views.summaries
    # a shared piece edited by a reader would show in an observation taken before the edit
    for obs, encoded in taken:
        assert msgspec.json.encode(obs) == encoded
    fresh = Shown(g.content)
    assert msgspec.json.encode(views.cards) == msgspec.json.encode(fresh.cards)
    for key, entry in views.entries.items():
        assert entry == fresh.entry(key), key
    for key, slot in views.slots.items():
        assert slot == fresh.slot(key), key
