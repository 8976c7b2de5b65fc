"""Observations share their never-changing parts (the board's locations, cart paths, routes,
the buildings' floors) with every other observation of the same content, made once
(observation.static), and so are each location, building, visitor pawn and mix of tokens as
shown in one condition. That is safe only while nobody edits them: every consumer of an
observation (the text views, the board, the prompt, the RL encoder, JSON) runs here over many
observations, and the shared parts must still equal freshly made ones afterwards."""

import msgspec
import pytest

from meeple.engine import Rng
from meeple.games.guedelon.content import KINDS
from meeple.games.guedelon.observation import Static, static
from meeple.rl.encoding import Encoder
from observation_readers import observations_along_a_game, read_everywhere

from .builders import game


def _shared_parts(known: Static) -> bytes:
    return msgspec.json.encode(
        [
            [base for _, _, base in known.locations],
            known.cart_paths,
            known.routes,
            known.bag_years,
            known.buildings,
            known.mill_accepts,
        ]
    )


@pytest.mark.parametrize(("players", "options"), [(1, {"solo_wheelbarrow": "own"}), (2, {"mill": True}), (4, {})])
def test_no_consumer_edits_the_parts_observations_share(players: int, options: dict) -> None:
    g = game(**options)
    known = static(g.content)
    fresh = _shared_parts(Static(g.content))
    encoder = Encoder()
    state = g.new_game(players, 5)
    taken = []
    for obs, shown in observations_along_a_game(g, state, 6, Rng(11)):
        assert obs["cart_paths"] is known.cart_paths[state.mill >= 0]  # shared indeed
        taken.append((obs, msgspec.json.encode(obs)))
        read_everywhere(g, obs, shown, encoder)
    assert len(taken) > 20 and known.places and known.shown_buildings and known.visitors
    # a shared piece edited by a reader would show in an observation taken before the edit
    for obs, encoded in taken:
        assert msgspec.json.encode(obs) == encoded
    assert _shared_parts(known) == fresh
    remade = Static(g.content)
    for key, place in known.places.items():
        assert place == remade.place(key), key
        assert place["tokens"] == {KINDS[k]: n for k, n in enumerate(key[1]) if n}
    for key, building in known.shown_buildings.items():
        assert building == remade.building(key), key
    for key, visitor in known.visitors.items():
        assert visitor == remade.visitor(key), key
