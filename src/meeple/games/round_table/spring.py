"""Spring Season (Recruiting): Knights, Equipment, Titles and at most one Demesne into play.

- "A player may only have cards in play whose Resource Point total is less than or equal to
  the total number of resource points a player has from their demesnes."
- "Players may bring at most one Demesne into play ... they can only play a Keep if there is
  a Large Manor that has not already been upgraded."
- Equipment: "Knights may only have one of each type equipped at any time" and it "can be
  moved between Knights as often as desired during the Spring Season".
- Titles: "can be put in play even if no Knights are available", moved between Knights,
  "only one Title of any name is associated with the Knight".
- Moves "as often as desired": an item is not moved back to a knight it left earlier in the
  same turn (a ruling: that only undoes a move), so each item visits each knight at most once
  a turn and a turn always ends.
- "When the Active Player is done ... passes and play moves clockwise. Each player in turn
  can do any of the above. When all players pass ... the season ends."
- Special Rule on Knights: a named Knight recruited while a Knight of the same name is in
  play: both go to the Spent Pile, their Titles leave play, their Equipment is unpaired.
"""

from functools import cache

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_table import rp
from meeple.games.round_table.army import paired_with
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.events import RECRUITED, hook
from meeple.games.round_table.lineup import added, lineup, moved
from meeple.games.round_table.made import MADE, once
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import leave_play, take_from_hand, to_spent

NONE = "none"
_PASS = Action("pass", "Pass: end your recruiting")


def knight_label(state: Rt, pool: Pool, uid: int) -> str:
    """How labels, the log and the board name a card in play (`lineup.label_in`); a card out of
    play by its name."""
    seat = state.owner[uid]
    play = state.play[seat]
    if uid not in play:
        return pool.cards[state.card_of[uid]].name
    return lineup(state, pool, seat).names[play.index(uid)]


def own_knights(state: Rt, pool: Pool, seat: int) -> list[int]:
    knights, card_of = pool.of_type["knight"], state.card_of
    return [u for u in state.play[seat] if card_of[u] in knights]


def can_hold(state: Rt, pool: Pool, card: int, knight: int) -> bool:
    """One Equipment of each type, one Title of each name, per knight."""
    key = pool.holding[card]
    return all(pool.holding[state.card_of[u]] != key for u in paired_with(state, state.owner[knight], knight))


def free_demesne(state: Rt, pool: Pool, seat: int, card: int) -> int:
    """The seat's demesne in play that `card` upgrades and that is not yet upgraded; -1 if none.
    Any printing of the step will do: "they can only play a Keep if there is a Large Manor that
    has not already been upgraded" (Spring)."""
    wanted = pool.upgrade_of[card]
    for u in state.play[seat]:
        if pool.step_of[state.card_of[u]] == wanted and not state.upgraded[u]:
            return u
    return -1


def _recruit(card: Card, price: int) -> Action:
    return Action(f"recruit:{card.id}", f"Recruit {card.name} ({price} RP)", {"card": card.id})


def _unpaired_title(card: Card, price: int) -> Action:
    return Action(f"title:{card.id}:{NONE}", f"Play {card.name} unpaired ({price} RP)", {"card": card.id})


def _give(verb: str, card: Card, knight: int, knight_name: str, price: int) -> Action:
    label = f"Give {card.name} to {knight_name} ({price} RP)"
    return Action(f"{verb}:{card.id}:{knight}", label, {"card": card.id, "knight": knight})


def _move(uid: int, name: str, knight: int, knight_name: str) -> Action:
    return Action(f"move:{uid}:{knight}", f"Move {name} to {knight_name}", {"uid": uid, "knight": knight})


def spring_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    actions = [_PASS]
    line = lineup(state, pool, seat)
    room = line.capacity - line.upkeep - state.spent_rp[seat]  # rp.available
    knights, holdings, knight_names = line.knights, line.holdings, line.knight_names
    card_of, holding_keys, cards = state.card_of, pool.holding, pool.cards
    changers = line.changers
    demesnes = not state.demesne_played[seat]
    for card_index in dict.fromkeys([card_of[u] for u in state.hand[seat]]):
        card = cards[card_index]
        kind = card.type
        if kind == "demesne":
            if demesnes and (pool.upgrade_of[card_index] < 0 or free_demesne(state, pool, seat, card_index) >= 0):
                actions.append(_play_demesne(pool, card_index))
            continue
        key = holding_keys[card_index]
        if kind != "knight" and key is None:
            continue
        price = rp.cost(state, pool, seat, card_index, changers) if changers else card.rp
        if price > room:
            continue
        if kind == "knight":
            made = ("recruit", card.id, card.name, price)
            actions.append(MADE.get(made) or once(made, _recruit, card, price))
            continue
        verb = "equip" if kind == "equipment" else "title"
        if kind == "title":
            made = ("title", card.id, card.name, price)
            actions.append(MADE.get(made) or once(made, _unpaired_title, card, price))
        for k, knight in enumerate(knights):  # by place, not zip: zip(strict=True) costs a keyword call
            if key not in holdings[k]:
                label = knight_names[k]
                made = (verb, card.id, card.name, knight, label, price)
                actions.append(MADE.get(made) or once(made, _give, verb, card, knight, label, price))
    if not knights or not line.items:
        return actions
    left = {(uid, knight) for uid, knight in state.left}
    paired = state.paired
    for place, uid in enumerate(line.items):
        key, name = holding_keys[card_of[uid]], line.item_names[place]
        for k, knight in enumerate(knights):
            if knight != paired[uid] and key not in holdings[k] and (uid, knight) not in left:
                label = knight_names[k]
                made = ("move", uid, name, knight, label)
                actions.append(MADE.get(made) or once(made, _move, uid, name, knight, label))
    return actions


@cache
def _play_demesne(pool: Pool, card_index: int) -> Action:
    """Bringing a demesne of the pool into play: one action per card, made once."""
    card, upgrades = pool.cards[card_index], pool.upgrade_of[card_index]
    also = f", upgrades your {pool.cards[upgrades].name}" if upgrades >= 0 else ""
    return Action(f"demesne:{card.id}", f"Play {card.name} (+{card.rp} RP{also})", {"card": card.id})


def perform_spring(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    verb = action.id.partition(":")[0]
    if verb == "pass":
        state.turn += 1
        state.left = []
        return
    state.touched(seat)
    if verb == "move":
        uid = action.payload["uid"]
        before = state.paired[uid]
        if before >= 0:
            state.left.append([uid, before])
        state.paired[uid] = action.payload["knight"]
        moved(state, pool, seat, uid, before)
        return
    card_index = pool.index[action.payload["card"]]
    card = pool.cards[card_index]
    price = rp.cost(state, pool, seat, card_index)
    uid = take_from_hand(state, seat, card_index)
    state.play[seat].append(uid)
    if verb == "demesne":
        state.demesne_played[seat] = True
        if pool.upgrade_of[card_index] >= 0:
            state.upgraded[free_demesne(state, pool, seat, card_index)] = True
        added(state, pool, seat, uid)
        state.note(f"{seat_mark(seat)} plays {card.name}")
        return
    state.paid[uid] = price
    if verb == "recruit":
        added(state, pool, seat, uid)
        state.note(f"{seat_mark(seat)} recruits {card.name}")
        if not named_clash(state, pool, uid):
            fire_recruited(state, pool, uid)
        return
    knight = action.payload.get("knight", -1)
    state.paired[uid] = knight
    added(state, pool, seat, uid)
    where = f" on {knight_label(state, pool, knight)}" if knight >= 0 else " unpaired"
    state.note(f"{seat_mark(seat)} plays {card.name}{where}")


def fire_recruited(state: Rt, pool: Pool, uid: int) -> None:
    """The card's text that acts when it enters play (the cardinal rule)."""
    effect = hook(pool.cards[state.card_of[uid]].ability, RECRUITED)
    if effect is not None:
        effect(state, pool, uid)


def named_clash(state: Rt, pool: Pool, uid: int) -> bool:
    """Special Rule on Knights: "If a player recruits a named Knight with the same name as a
    Knight already in play under either player's control, both Knights are removed from play
    and placed in the Spent Pile. Any Titles associated with the removed Knights are also
    removed from play. Any Equipment used by those Knights becomes unpaired." True if it clashed."""
    card_index = state.card_of[uid]
    if not pool.cards[card_index].named:
        return False
    rivals = [u for zone in state.play for u in zone if u != uid and state.card_of[u] == card_index]
    if not rivals:
        return False
    for knight in [*rivals, uid]:
        for item in paired_with(state, state.owner[knight], knight):
            if pool.cards[state.card_of[item]].type == "title":
                leave_play(state, pool, item)
                to_spent(state, item)
        leave_play(state, pool, knight)
        to_spent(state, knight)
    state.note(f"{pool.cards[card_index].name} clashes with a namesake: both go to the Spent Pile")
    return True
