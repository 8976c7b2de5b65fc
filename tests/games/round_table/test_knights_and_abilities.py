"""Knight Subtypes (Round Table, Grail, Leader from FINDINGS, Monarch) and every card text's
hook (The Cardinal Rule)."""

from meeple.engine import Rng
from meeple.games.round_table import autumn, rp
from meeple.games.round_table.abilities import ABILITIES
from meeple.games.round_table.army import armies, strength, strengths
from meeple.games.round_table.spring import own_knights
from meeple.games.round_table.state import SUMMER

from .builders import GAME, POOL, act, add, demesnes, fill_deck, ids, resolve_quests, table


def test_round_table_knights_give_each_other_attacking_one_plus_1_influence() -> None:
    """ "provides +1 Influence to other attacking vassal Round Table Knights ... if you have three
    Round Table Knights, each Knight gains +2": on any region; the giver need not attack, but
    one on a Quest (engaged) gives nothing (a ruling)."""
    state = table()
    knights = [add(state, 0, "bedivere", attack=0), add(state, 0, "gareth", attack=1), add(state, 0, "ector", attack=0)]
    loner = add(state, 0, "knight-errant", attack=0)
    assert [strength(state, POOL, k) for k in knights] == [(2 + 2, 3), (3 + 2, 1), (1 + 2, 2)]
    assert strength(state, POOL, loner) == (2, 1)
    state.attack[knights[2]] = -1  # at home, still a vassal: still gives +1
    assert strength(state, POOL, knights[0]) == (2 + 2, 3)
    state.quest_of[knights[2]] = 0  # on a Quest: engaged, gives nothing
    assert strength(state, POOL, knights[0]) == (2 + 1, 3)
    add(state, 1, "lancelot", attack=0)
    assert strength(state, POOL, knights[0]) == (2 + 1, 3)  # only vassals give


def test_grail_knights_give_resistance_and_count_as_round_table() -> None:
    state = table()
    galahad = add(state, 0, "galahad", attack=0)
    percival = add(state, 0, "percival", attack=2)
    bedivere = add(state, 0, "bedivere", attack=0)
    assert strength(state, POOL, galahad) == (4 + 2, 4 + 1)
    assert strength(state, POOL, percival) == (3 + 2, 4 + 1)
    assert strength(state, POOL, bedivere) == (2 + 2, 3)
    state.attack[percival] = -1  # the giver need not attack
    assert strength(state, POOL, galahad) == (4 + 2, 4 + 1)


def test_leaders_give_other_attacking_knights_plus_1_and_need_not_attack() -> None:
    state = table()
    add(state, 0, "lot-of-orkney")  # in play, not attacking
    lot_attacking = add(state, 0, "uther-pendragon", attack=1)
    knight = add(state, 0, "knight-errant", attack=0)
    assert strength(state, POOL, knight) == (2 + 2, 1 + 2)  # two Leaders stack
    assert strength(state, POOL, lot_attacking) == (3 + 1, 3 + 1)  # not from itself
    foe = add(state, 1, "knight-errant", attack=0)
    assert strength(state, POOL, foe) == (2, 1)  # only vassals


def test_equipment_and_titles_add_to_the_knight() -> None:
    state = table()
    knight = add(state, 0, "knight-errant", attack=0)
    add(state, 0, "fey-blade", paired=knight)
    add(state, 0, "duke", paired=knight)
    assert strength(state, POOL, knight) == (2 + 4 + 2, 1 + 1 + 2)


def test_every_card_text_has_a_hook_and_every_hook_a_card() -> None:
    used = {card.ability for card in POOL.cards if card.ability}
    assert used == set(ABILITIES)


def test_guinevere_makes_titles_cost_1_less() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor")
    assert rp.cost(state, POOL, 0, POOL.index["duke"]) == 3
    add(state, 0, "guinevere", paid=0)
    assert rp.cost(state, POOL, 0, POOL.index["duke"]) == 2
    assert rp.cost(state, POOL, 0, POOL.index["baron"]) == 0
    assert rp.cost(state, POOL, 0, POOL.index["good-sword"]) == 1
    assert rp.cost(state, POOL, 1, POOL.index["duke"]) == 3  # only for her controller


def test_lancelot_peerless_when_alone() -> None:
    state = table()
    lancelot = add(state, 0, "lancelot", attack=0)
    assert strength(state, POOL, lancelot) == (6 + 2, 3)
    add(state, 0, "knight-errant", attack=0)
    assert strength(state, POOL, lancelot) == (6, 3)


def test_gawain_gains_for_each_title() -> None:
    state = table()
    gawain = add(state, 0, "gawain", attack=0)
    add(state, 0, "baron", paired=gawain)
    add(state, 0, "seneschal", paired=gawain)
    add(state, 0, "good-sword", paired=gawain)
    assert strength(state, POOL, gawain) == (4 + 1 + 2 + 2, 3 + 1 + 2)


def test_excalibur_gives_a_monarch_2_more() -> None:
    state = table()
    arthur = add(state, 0, "agricol", attack=0)
    knight = add(state, 0, "knight-errant", attack=1)
    add(state, 0, "excalibur", paired=arthur)
    add(state, 0, "excalibur", paired=knight)
    assert strength(state, POOL, arthur) == (3 + 3 + 2, 3 + 1)
    assert strength(state, POOL, knight) == (2 + 3, 1 + 1)


def test_the_round_table_knight_title_makes_its_bearer_round_table() -> None:
    state = table()
    knight = add(state, 0, "knight-errant", attack=0)
    add(state, 0, "bedivere", attack=0)
    assert strength(state, POOL, knight) == (2, 1)
    add(state, 0, "round-table-knight", paired=knight)
    assert strength(state, POOL, knight) == (2 + 1, 1 + 1)


def test_camelot_resists_an_army_without_a_monarch() -> None:
    state = table(regions=("camelot", "gore", "logres"))
    camelot = state.regions[0]
    add(state, 0, "knight-chevalier", attack=0)
    add(state, 1, "agricol", attack=0)
    assert autumn.region_resistance(state, POOL, camelot, 0) == 6 + 2
    assert autumn.region_resistance(state, POOL, camelot, 1) == 6


def test_kay_draws_a_card_when_recruited() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor")
    fill_deck(state, 0, count=2)
    add(state, 0, "kay", "hand")
    act(state, 0, "recruit:kay")
    assert len(state.hand[0]) == 1 and len(state.main[0]) == 1


def test_the_green_knight_only_on_strong_knights() -> None:
    state = table(phase=SUMMER)
    demesnes(state, 0, "farm", "manor", "large-manor")
    weak = add(state, 1, "knight-errant")
    strong = add(state, 1, "knight-chevalier")
    add(state, 0, "the-green-knight", "hand")
    state.step = "quests"
    legal = ids(state, 0)
    assert f"quest:the-green-knight:{strong}" in legal and f"quest:the-green-knight:{weak}" not in legal


def test_galahad_and_the_grail_quest_draw_more() -> None:
    state = table()
    fill_deck(state, 0, count=30)
    galahad = add(state, 0, "galahad", quest_of=0)
    bors = add(state, 0, "bors", quest_of=0)
    errant = add(state, 0, "knight-errant", quest_of=0)
    quest = add(state, 0, "quest-for-the-holy-grail", "spent")
    state.spent[0].remove(quest)
    state.quests = [[quest, galahad, 5, 0]]
    resolve_quests(state)
    # Galahad 5 + 2 (his text) + 1 (Grail quest); Bors 5 + 1; the Errant 5
    assert len(state.hand[0]) == 8 + 6 + 5
    assert bors != errant and GAME.spec.slug == "round-table"


def test_a_leader_on_a_quest_gives_no_bonus() -> None:
    """Ruling: a Leader away on a Quest leads nobody (FINDINGS: Leader)."""
    state = table()
    leader = add(state, 0, "lot-of-orkney")
    knight = add(state, 0, "knight-errant", attack=0)
    assert strength(state, POOL, knight) == (2 + 1, 1 + 1)
    state.quest_of[leader] = 0
    assert strength(state, POOL, knight) == (2, 1)


def test_a_seats_strengths_and_armies_agree_with_each_knights_strength() -> None:
    """`strengths` (every knight of a seat at once: the estimate, the Autumn, the armies shown)
    against `strength` knight by knight, and each region's `armies` against their sums, along
    random games where knights quest, attack, carry items and titles and lead their fellows."""
    checked = 0
    for players, seed in ((2, 3), (4, 5), (6, 7)):
        state = GAME.new_game(players, seed)
        rng = Rng(seed)
        while not GAME.is_terminal(state):
            for seat in range(players):
                knights = own_knights(state, POOL, seat)
                each = [strength(state, POOL, u) for u in knights]
                assert strengths(state, POOL, seat) == dict(zip(knights, each, strict=True))
                by_slot = {
                    slot: [s for u, s in zip(knights, each, strict=True) if state.attack[u] == slot]
                    for slot in range(3)
                }
                assert armies(state, POOL, seat) == {
                    slot: (sum(i for i, _ in found), sum(r for _, r in found))
                    for slot, found in by_slot.items()
                    if found
                }
                checked += len(knights) > 1 and any(state.quest_of[u] >= 0 for u in knights)
            mover = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, mover)
            GAME.play(state, mover, legal[rng.below(len(legal))])
    assert checked
