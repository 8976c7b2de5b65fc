"""Hidden information: a seat sees its own hand only; decks' orders are seen by nobody;
determinize redraws exactly what the observer cannot see."""

from collections import Counter

from hidden_faces import forbidden_names
from meeple.engine import Rng, get_game
from meeple.games.round_table.state import UNORDERED
from meeple.games.round_table.zones import draw

from .builders import GAME, POOL


def midgame(players: int = 3, seed: int = 11, steps: int = 120):
    state = GAME.new_game(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[rng.below(len(legal))].id)
    return state


def test_only_the_owner_sees_a_hand_and_backs_are_public() -> None:
    state = midgame()
    for viewer in (0, 1, 2, None):
        obs = GAME.observation(state, viewer)
        for seat_view in obs["seats"]:
            p = seat_view["seat"]
            own = p == viewer
            assert len(seat_view["hand"]) == len(state.hand[p])
            assert all((card["card"] is not None) == own for card in seat_view["hand"])
            assert all(("uid" in card) == own for card in seat_view["hand"])
            backs = ["main" if POOL.cards[state.card_of[u]].main else "demesne" for u in state.hand[p]]
            assert [card["back"] for card in seat_view["hand"]] == backs
        assert "rng" not in obs and "seed" not in obs
        assert not any(isinstance(v, list) and v == state.main[0] for v in obs.values())


def test_no_hidden_face_leaks_into_any_observation() -> None:
    state = midgame(players=2, steps=60)
    for viewer in (0, 1, None):
        assert forbidden_names(GAME, state, viewer) <= {
            POOL.cards[state.card_of[u]].name for p in range(2) if p != viewer for u in state.hand[p]
        }
        obs_text = str(GAME.observation(state, viewer))
        for name in forbidden_names(GAME, state, viewer):
            assert f"'name': '{name}'" not in obs_text


def test_determinize_keeps_what_the_seat_sees_and_redraws_the_rest() -> None:
    state = midgame()
    seat = 1
    sample = GAME.determinize(state, seat, Rng(3))
    assert sample.hand[seat] == state.hand[seat]
    assert sample.play == state.play and sample.spent == state.spent and sample.regions == state.regions
    for p in range(3):
        same_pool = Counter(state.card_of[u] for u in state.hand[p] + state.main[p] + state.demesne[p])
        assert Counter(sample.card_of[u] for u in sample.hand[p] + sample.main[p] + sample.demesne[p]) == same_pool
        assert len(sample.hand[p]) == len(state.hand[p]) and len(sample.main[p]) == len(state.main[p])
    redrawn = any(sample.hand[p] != state.hand[p] for p in (0, 2)) or sample.main[seat] != state.main[seat]
    assert redrawn
    assert sorted(sample.regions_deck) == sorted(state.regions_deck)
    assert GAME.observation(sample, seat) == GAME.observation(state, seat)


def test_determinize_does_not_reveal_the_list_of_anothers_own_deck() -> None:
    """Ruling: a player's own deck list is its owner's secret. Sampled from another seat, its
    cards not in view get new faces of the right back (never more than one copy of a named
    Knight); its owner's own sample keeps the real cards."""
    secret = 'name = "Secret"\n[main]\nknight-mercenary = 40\n[demesne]\nfarm = 20\n'
    game = get_game("round-table", {"decks": "pendragon,custom", "custom_decks": secret})
    state = game.new_game(2, 4)
    for _ in range(30):
        seat = game.to_move(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0].id)
    hidden = state.hand[1] + state.main[1] + state.demesne[1]
    sample = game.determinize(state, 0, Rng(5))
    faces = [game.pool.cards[sample.card_of[u]] for u in hidden]
    assert {card.id for card in faces} - {"knight-mercenary", "farm"}  # not the real list
    assert [card.main for card in faces] == [game.pool.cards[state.card_of[u]].main for u in hidden]
    named = [card.id for card in faces if card.named]
    assert len(named) == len(set(named))
    assert game.observation(sample, 0) == game.observation(state, 0)
    own = game.determinize(state, 1, Rng(5))
    assert Counter(own.card_of[u] for u in hidden) == Counter(state.card_of[u] for u in hidden)
    starter = state.hand[0] + state.main[0] + state.demesne[0]  # a starter deck's list is public
    assert Counter(own.card_of[u] for u in starter) == Counter(state.card_of[u] for u in starter)


def test_a_sampled_deck_lies_in_no_order_and_is_drawn_uniformly() -> None:
    """determinize leaves every deck unshuffled (state.UNORDERED): sorted, so it tells nothing
    of the real order, and each draw takes any card of the deck with the same chance."""
    state = midgame()
    seat = 1
    sample = GAME.determinize(state, seat, Rng(3))
    assert sample.seed == UNORDERED
    assert sample.main[seat] == sorted(state.main[seat]) and sample.demesne[seat] == sorted(state.demesne[seat])
    assert sample.regions_deck == sorted(state.regions_deck)
    deck = sample.main[seat]
    counts = Counter()
    for k in range(len(deck) * 200):
        trial = sample.clone()
        trial.rng = Rng(k)
        assert draw(trial, seat)
        counts[trial.hand[seat][-1]] += 1
        assert sorted(trial.main[seat] + [trial.hand[seat][-1]]) == deck
    assert set(counts) == set(deck)
    assert max(counts.values()) < 2 * min(counts.values())  # about 200 each
