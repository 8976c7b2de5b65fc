"""Spring Season (Recruiting): Knights, Equipment, Titles and at most one Demesne into play.

- "A player may only have cards in play whose Resource Point total is less than or equal to
  the total number of resource points a player has from their demesnes."
- "Players may bring at most one Demesne into play ... they can only play a Keep if there is
  a Large Manor that has not already been upgraded."
- Equipment: "Knights may only have one of each type equipped at any time" and it "can be
  moved between Knights as often as desired during the Spring Season".
- Titles: "can be put in play even if no Knights are available", moved between Knights,
  "only one Title of any name is associated with the Knight".
- "When the Active Player is done ... passes and play moves clockwise. Each player in turn
  can do any of the above. When all players pass ... the season ends."
- Special Rule on Knights: a named Knight recruited while a Knight of the same name is in
  play: both go to the Spent Pile, their Titles leave play, their Equipment is unpaired.
"""

from meeple.engine import Action
from meeple.games.round_table import rp
from meeple.games.round_table.army import paired_with
from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import RECRUITED, hook
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import leave_play, take_from_hand, to_spent

NONE = "none"


def knight_label(state: Rt, pool: Pool, uid: int) -> str:
    """How labels name a card in play: its name, and its number when it is not unique."""
    card = pool.cards[state.card_of[uid]]
    return card.name if card.named else f"{card.name} #{uid}"


def own_knights(state: Rt, pool: Pool, seat: int) -> list[int]:
    cards, card_of = pool.cards, state.card_of
    return [u for u in state.play[seat] if cards[card_of[u]].type == "knight"]


def _holding_key(pool: Pool, card: int) -> int | str:
    """What a knight may hold only one of: an Equipment's type, a Title's name."""
    item = pool.cards[card]
    return item.slot if item.type == "equipment" else card


def held(state: Rt, pool: Pool, seat: int) -> dict[int, set[int | str]]:
    """Per knight of the seat: the Equipment types and Title names it holds."""
    found: dict[int, set[int | str]] = {u: set() for u in own_knights(state, pool, seat)}
    for u in state.play[seat]:
        knight = state.paired[u]
        if knight in found:
            found[knight].add(_holding_key(pool, state.card_of[u]))
    return found


def can_hold(state: Rt, pool: Pool, card: int, knight: int) -> bool:
    """One Equipment of each type, one Title of each name, per knight."""
    key = _holding_key(pool, card)
    return all(_holding_key(pool, state.card_of[u]) != key for u in paired_with(state, state.owner[knight], knight))


def free_demesne(state: Rt, pool: Pool, seat: int, card: int) -> int:
    """The seat's demesne in play that `card` upgrades and that is not yet upgraded; -1 if none."""
    wanted = pool.upgrade_of[card]
    for u in state.play[seat]:
        if state.card_of[u] == wanted and not state.upgraded[u]:
            return u
    return -1


def spring_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    actions = [Action("pass", "Pass: end your recruiting")]
    room = rp.available(state, pool, seat)
    holdings = held(state, pool, seat)
    labels = {knight: knight_label(state, pool, knight) for knight in holdings}
    seen: set[int] = set()
    for uid in state.hand[seat]:
        card_index = state.card_of[uid]
        if card_index in seen:
            continue
        seen.add(card_index)
        card = pool.cards[card_index]
        if card.type == "demesne":
            if not state.demesne_played[seat] and (
                pool.upgrade_of[card_index] < 0 or free_demesne(state, pool, seat, card_index) >= 0
            ):
                actions.append(Action(f"demesne:{card.id}", f"Play {card.name} (+{card.rp} RP)", {"card": card.id}))
            continue
        if card.type not in ("knight", "equipment", "title"):
            continue
        price = rp.cost(state, pool, seat, card_index)
        if price > room:
            continue
        if card.type == "knight":
            actions.append(Action(f"recruit:{card.id}", f"Recruit {card.name} ({price} RP)", {"card": card.id}))
            continue
        verb = "equip" if card.type == "equipment" else "title"
        if card.type == "title":
            label = f"Play {card.name} unpaired ({price} RP)"
            actions.append(Action(f"title:{card.id}:{NONE}", label, {"card": card.id}))
        key = _holding_key(pool, card_index)
        for knight, holding in holdings.items():
            if key not in holding:
                actions.append(
                    Action(
                        f"{verb}:{card.id}:{knight}",
                        f"Give {card.name} to {labels[knight]} ({price} RP)",
                        {"card": card.id, "knight": knight},
                    )
                )
    for uid in state.play[seat]:
        card = pool.cards[state.card_of[uid]]
        if card.type not in ("equipment", "title"):
            continue
        key = _holding_key(pool, state.card_of[uid])
        for knight, holding in holdings.items():
            if knight != state.paired[uid] and key not in holding:
                actions.append(
                    Action(
                        f"move:{uid}:{knight}",
                        f"Move {card.name} to {labels[knight]}",
                        {"uid": uid, "knight": knight},
                    )
                )
    return actions


def perform_spring(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    verb = action.id.partition(":")[0]
    if verb == "pass":
        state.turn += 1
        return
    if verb == "move":
        state.paired[action.payload["uid"]] = action.payload["knight"]
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
        state.note(f"Seat {seat} plays {card.name}")
        return
    state.paid[uid] = price
    if verb == "recruit":
        state.note(f"Seat {seat} recruits {card.name}")
        if not named_clash(state, pool, uid):
            fire_recruited(state, pool, uid)
        return
    state.paired[uid] = action.payload.get("knight", -1)
    state.note(f"Seat {seat} plays {card.name}")


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
                leave_play(state, item)
                to_spent(state, item)
        leave_play(state, knight)
        to_spent(state, knight)
    state.note(f"{pool.cards[card_index].name} clashes with a namesake: both go to the Spent Pile")
    return True
