"""Rulebook 8.3 Production and feeding, 5 C's production effects, the 10-resource cap (8.3.1,
8.4.2) and the Special situation of a player who cannot pay."""

import pytest

from meeple.engine import IllegalAction

from .builders import (
    after_auction,
    at_tribute,
    card,
    feed_all,
    give,
    ids,
    resume,
    set_resources,
    started,
    strip,
    to_round,
)


def table(players: int = 2, seed: int = 1):
    """Round 1's bids, cards to be given by the test; tribute switched off (X = 12) so that
    only Production and feeding move resources."""
    return started(players, seed, tribute_ratio=12)


def produce_and_feed(g, state):
    """Run Production and feeding; when nobody must decide, the next round's bids open."""
    after_auction(g, state)
    return state


def test_only_face_up_cards_produce() -> None:
    g, state = table()
    give(state, 0, "peasant-4")
    give(state, 0, "peasant-4", up=False, column="peasant")
    give(state, 0, "merchant-3")
    give(state, 0, "merchant-3", up=False, column="merchant")
    set_resources(state, 0, 0, 0)
    produce_and_feed(g, state)
    assert state.round == 2
    # the face-up Rice farmer and Salt trader produce, the face-down copies do not; 4 cards eat 4 grain
    assert (state.grain[0], state.money[0]) == (card("peasant-4").grain - 4, card("merchant-3").money)


def test_every_card_eats_1_grain_face_down_cards_and_empresses_included() -> None:
    g, state = table()
    give(state, 0, "peasant-2", up=False, column="peasant")
    give(state, 0, "scholar-3", up=False, column="scholar")  # face down: no money upkeep
    give(state, 0, "artisan-plain")
    give(state, 0, "empress-plain")  # plus its own upkeep
    empress = card("empress-plain")
    set_resources(state, 0, 9, 3)
    produce_and_feed(g, state)
    assert (state.grain[0], state.money[0]) == (9 - 4 - empress.feed_grain, 3 - empress.feed_money)


def test_scholars_and_empresses_cost_their_extra_upkeep() -> None:
    g, state = table()
    upkept = ("scholar-1x", "scholar-3", "empress-each", "empress-scholar")
    for card_id in upkept:
        give(state, 0, card_id)
    grain = 4 + sum(card(c).feed_grain for c in upkept)
    money = sum(card(c).feed_money for c in upkept)
    assert money >= 4  # every Scholar costs money (5 C); these Empresses cost something too
    assert all(card(c).feed_grain + card(c).feed_money for c in upkept)
    set_resources(state, 0, 10, 10 - grain + money)
    produce_and_feed(g, state)
    assert (state.grain[0], state.money[0]) == (10 - grain, 10 - grain)


def test_complete_sets_are_counted_by_column_face_down_cards_included() -> None:
    g, state = table()
    give(state, 0, "scholar-2", up=False, column="scholar")
    give(state, 0, "peasant-2", up=False, column="scholar")  # rotated: counts as a Scholar
    give(state, 0, "peasant-2")
    give(state, 0, "peasant-3", up=False, column="peasant")
    give(state, 0, "artisan-set-grain")
    give(state, 0, "artisan-set-money")
    give(state, 0, "merchant-1")
    give(state, 0, "merchant-2", up=False, column="merchant")
    set_resources(state, 0, 5, 0)
    produce_and_feed(g, state)
    # 2 sets: +2 grain (Mill builder) +2 money (Minter), besides the Tenant farmer and the Peddler
    produced = (2 + card("peasant-2").grain, 2 + card("merchant-1").money)
    assert (state.grain[0], state.money[0]) == (5 + produced[0] - 8, produced[1])


def test_without_a_card_in_every_class_column_there_is_no_set() -> None:
    g, state = table()
    give(state, 0, "peasant-1")
    give(state, 0, "artisan-set-grain")
    give(state, 0, "merchant-1")
    give(state, 0, "empress-plain")  # the Empress column is not a class
    set_resources(state, 0, 5, 3)
    produce_and_feed(g, state)
    empress = card("empress-plain")
    assert (state.grain[0], state.money[0]) == (
        5 + card("peasant-1").grain - 4 - empress.feed_grain,
        3 + card("merchant-1").money - empress.feed_money,
    )


def test_a_flipped_empress_under_a_class_completes_a_set() -> None:
    g, state = table()
    give(state, 0, "peasant-1")
    give(state, 0, "artisan-set-grain")
    give(state, 0, "merchant-1")
    give(state, 0, "empress-plain", up=False, column="scholar")  # face down: no upkeep
    set_resources(state, 0, 5, 3)
    produce_and_feed(g, state)
    assert (state.grain[0], state.money[0]) == (
        5 + card("peasant-1").grain + 1 - 4,
        3 + card("merchant-1").money,
    )


ILLUSTRATION = (
    # the 8.3.1 illustration with the reconstructed cards named in docs/rules/four-big-strata.md:
    # 3 Peasants (5+4+2 grain), 2 Merchants (2+2 money), 1 Scholar (1 money upkeep),
    # 1 "+3" Empress (2 grain upkeep), 4 Artisans without production or upkeep
    ["peasant-4", "peasant-3", "peasant-1", "merchant-1", "merchant-1", "scholar-2", "empress-scholar"]
    + ["artisan-plain"] * 3
    + ["artisan-trade"]
)


def illustration(state, seat: int) -> None:
    for card_id in ILLUSTRATION:
        give(state, seat, card_id)
    assert len(state.cards[seat]) == 11


def test_the_rulebook_production_illustration() -> None:
    """8.3.1: the player receives 11 grain and 4 money, then discards 13 grain and 1 money."""
    g, state = table()
    illustration(state, 0)
    set_resources(state, 0, 2, 0)
    produce_and_feed(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (2 + 11 - 13, 4 - 1)


def test_the_illustration_player_short_of_grain_flips_to_pay() -> None:
    g, state = table()
    illustration(state, 0)
    set_resources(state, 0, 0, 0)
    produce_and_feed(g, state)
    assert state.phase == "feed"
    assert g.to_move(state) == (0,)
    assert (state.grain[0], state.money[0]) == (11, 4)  # received, not yet paid: 13 grain due
    legal = ids(g, state, 0)
    assert "waive" not in legal
    assert "exchange:money-grain" in legal
    assert any(i.startswith("flip:") for i in legal)
    with pytest.raises(IllegalAction):
        g.apply(state, 0, "waive")
    g.apply(state, 0, "flip:9:2")  # a Master carpenter, for 2 grain
    feed_all(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (0, 3)


def test_a_short_player_keeps_finding_resources_until_they_can_pay() -> None:
    g, state = table()
    give(state, 0, "scholar-2")
    give(state, 0, "scholar-2")
    give(state, 0, "peasant-1")
    set_resources(state, 0, 2, 0)  # 3 grain and 2 money due
    produce_and_feed(g, state)
    assert state.phase == "feed"
    assert "waive" not in ids(g, state, 0)
    g.apply(state, 0, "flip:2:1")  # the Elder farmer, for 1 grain and 1 money: still 1 money short
    assert state.phase == "feed"
    assert "waive" not in ids(g, state, 0)
    g.apply(state, 0, "flip:0:0")  # a Scholar, for 2 money: face down it costs no upkeep (5 Note)
    feed_all(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (2 + card("peasant-1").grain + 1 - 3, 1 + 2 - 1)


def test_a_card_flipped_while_paying_no_longer_costs_its_upkeep() -> None:
    g, state = table()
    give(state, 0, "scholar-1x")
    give(state, 0, "peasant-2", up=False, column="peasant")
    upkeep = card("scholar-1x").feed_money
    assert upkeep >= 2
    set_resources(state, 0, 2, upkeep - 1)  # 2 grain and the Hermit's upkeep due: 1 money short
    produce_and_feed(g, state)
    assert state.phase == "feed"
    g.apply(state, 0, "flip:0:2")  # now every card is face down: only 2 grain due
    g.apply(state, 0, "reward:0")
    feed_all(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (2 + 2 - 2, upkeep - 1 + 1)


def test_with_every_card_face_down_the_unpaid_rest_is_waived() -> None:
    g, state = table()
    for cls in ("scholar", "peasant", "merchant"):
        give(state, 0, "peasant-2", up=False, column=cls)
    set_resources(state, 0, 1, 4)  # 3 grain due; the 4 money could still be exchanged
    produce_and_feed(g, state)
    assert state.phase == "feed"
    legal = ids(g, state, 0)
    assert "waive" in legal
    assert "exchange:money-grain" in legal
    g.apply(state, 0, "waive")
    feed_all(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (0, 4)


def test_with_every_card_face_down_and_no_exchange_what_can_be_paid_is_paid() -> None:
    g, state = table()
    for cls in ("scholar", "peasant", "merchant"):
        give(state, 0, "peasant-2", up=False, column=cls)
    set_resources(state, 0, 2, 1)  # fewer than 4 resources: no 4:1 exchange either
    produce_and_feed(g, state)
    assert state.round == 2  # nothing to decide
    assert (state.grain[0], state.money[0]) == (0, 1)


def test_flipping_the_last_card_to_pay_feeding_also_pays_the_all_face_down_reward() -> None:
    g, state = started(2, seed=2, tribute_ratio=12)
    to_round(g, state, 4)
    strip(state, 0)
    strip(state, 1)
    set_resources(state, 1, 4, 4)
    give(state, 0, "peasant-2", up=False, column="peasant")
    give(state, 0, "artisan-plain")
    set_resources(state, 0, 0, 0)
    produce_and_feed(g, state)  # 2 grain due
    assert ids(g, state, 0) == ["flip:1:0", "flip:1:1", "flip:1:2"]
    g.apply(state, 0, "flip:1:2")
    assert ids(g, state, 0) == [f"reward:{n}" for n in range(5)]  # round 4
    g.apply(state, 0, "reward:1")
    feed_all(g, state)
    assert state.round == 5
    assert (state.grain[0], state.money[0]) == (2 + 1 - 2, 3)


def test_feeding_decisions_go_from_the_start_player() -> None:
    g, state = started(3, seed=3, tribute_ratio=12)
    to_round(g, state, 2)
    assert state.start == 1
    for seat in range(3):
        strip(state, seat)
        give(state, seat, "scholar-2")
        set_resources(state, seat, 1, 0)
    produce_and_feed(g, state)
    order = []
    while state.phase == "feed":
        seat = g.to_move(state)[0]
        order.append(seat)
        g.apply(state, seat, "flip:0:0")
        g.apply(state, seat, "reward:0")  # its only card is now face down
        feed_all(g, state)
    assert order == [1, 2, 0]


# --- the cap of 10 ------------------------------------------------------------------------


def test_after_production_a_player_discards_down_to_10_as_they_choose() -> None:
    g, state = table()
    give(state, 0, "peasant-4")
    give(state, 0, "peasant-4")
    set_resources(state, 0, 6, 6)
    produce_and_feed(g, state)
    grain = 6 + 2 * card("peasant-4").grain - 2
    excess = grain + 6 - 10
    assert state.phase == "cap"
    assert g.to_move(state) == (0,)
    assert (state.grain[0], state.money[0]) == (grain, 6)
    legal = ids(g, state, 0)
    assert [i for i in legal if i.startswith("discard:")] == [f"discard:{n}" for n in range(excess - 6, excess + 1)]
    assert {"exchange:grain-money", "exchange:money-grain"} <= set(legal)
    assert not any(i.startswith("flip:") for i in legal)
    g.apply(state, 0, f"discard:{excess - 3}")
    assert (state.grain[0], state.money[0]) == (grain - excess + 3, 3)
    assert state.round == 2


def test_an_exchange_in_the_cap_window_counts_towards_the_cap() -> None:
    g, state = table()
    give(state, 0, "peasant-4")
    set_resources(state, 0, 12 - card("peasant-4").grain, 2)
    produce_and_feed(g, state)  # 11 grain, 2 money
    assert (state.grain[0], state.money[0]) == (11, 2)
    assert state.phase == "cap"
    g.apply(state, 0, "exchange:grain-money")  # 7 grain, 3 money: 10, nothing to discard
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (7, 3)


def test_at_10_or_less_nothing_is_discarded() -> None:
    g, state = table()
    give(state, 0, "peasant-4")
    set_resources(state, 0, 9 - card("peasant-4").grain, 2)
    produce_and_feed(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (8, 2)


def test_after_tribute_a_player_discards_down_to_10_as_they_choose() -> None:
    g, state = started(2, seed=4)  # X = 3 at 2 players
    give(state, 0, "scholar-3")
    give(state, 0, "scholar-3")  # 6 Influence more than seat 1: 2 resources
    set_resources(state, 0, 5, 5)
    set_resources(state, 1, 4, 4)
    at_tribute(g, state)
    g.apply(state, 0, "demand:grain")
    g.apply(state, 0, "demand:grain")
    assert (state.grain[0], state.money[0]) == (7, 5)
    assert state.phase == "cap"
    assert [i for i in ids(g, state, 0) if i.startswith("discard:")] == ["discard:0", "discard:1", "discard:2"]
    g.apply(state, 0, "discard:0")
    assert (state.grain[0], state.money[0]) == (7, 3)
    assert state.round == 2


def test_between_production_and_feeding_a_player_may_flip_a_card_to_skip_its_upkeep() -> None:
    """8.4: flips are allowed "at any time": after the Scholar's round (production done), the
    player flips it before paying, so it no longer costs its money upkeep (5 Note)."""
    g, state = table()
    give(state, 0, "peasant-1")
    give(state, 0, "scholar-2")
    upkeep = card("scholar-2").feed_money
    set_resources(state, 0, 0, upkeep)
    after = (card("peasant-1").grain, upkeep)
    state.phase = "pick"
    state.order, state.order_pos, state.holding = [], 0, -1
    resume(g, state)
    assert g.to_move(state) == (0,) and (state.grain[0], state.money[0]) == after
    legal = ids(g, state, 0)
    assert legal[0] == "feed" and "flip:1:0" in legal
    g.apply(state, 0, "flip:1:0")  # the Scholar, for 2 money
    g.apply(state, 0, "feed")
    assert (state.grain[0], state.money[0]) == (after[0] - 2, upkeep + 2)
