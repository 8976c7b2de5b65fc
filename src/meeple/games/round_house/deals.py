"""The Black Market's deals (p.9 4) and the Trading House's actions (p.10 5): the choices each
offers (only those that can take effect) and carrying one out."""

from functools import lru_cache

from meeple.engine import Action, merge_alike
from meeple.games.round_house.assistants import can_dispatch, dispatch, dispatch_choices, invest, investments
from meeple.games.round_house.content import BASICS, GOLD, RESOURCE_NAMES, Content
from meeple.games.round_house.economy import dismiss, gain_coins, gain_goods, pay_coins, pay_goods, recruit
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import Rh


def black_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """One Black Market deal (p.9 4) that can take effect."""
    return merge_alike(_deals(state, seat, c))  # two copies of one amulet sell (or buy) alike


def any_deal(state: Rh, seat: int, c: Content, spent: int) -> bool:
    """Whether a Black Market deal can take effect with `spent` coins set aside (`_deals` offers one)."""
    deals = c.rooms[c.room_index["black-market"]].deals
    coins = state.coins[seat] - spent
    basics = state.basics
    return bool(
        (coins >= deals["buy_resource"] and (basics[0] or basics[1] or basics[2]))
        or (coins >= deals["recruit"] and state.reserve[seat])
        or (coins >= deals["amulet"] and state.amulets_up)
        or any(state.goods[seat])
        or state.personal[seat]
        or state.amulets[seat]
    )


def _deals(state: Rh, seat: int, c: Content) -> list[Action]:
    deals = c.rooms[c.room_index["black-market"]].deals
    coins = state.coins[seat]
    out = []
    if coins >= deals["buy_resource"]:
        out += [once((c, "deal:buy", k), _buy, k, deals) for k in range(3) if state.basics[k]]
    if coins >= deals["recruit"] and state.reserve[seat]:
        out.append(once((c, "deal:recruit"), _recruit, deals))
    if coins >= deals["amulet"]:
        out += [once((c, "deal:amulet", i, a), _amulet, i, a, deals, c) for i, a in enumerate(state.amulets_up)]
    goods = state.goods[seat]
    out += [once((c, "deal:sell", k), _sell, k, deals) for k in range(4) if goods[k]]
    if state.personal[seat]:
        out.append(once((c, "deal:dismiss"), _dismiss, deals))
    out += [once((c, "deal:cash", i, a), _cash, i, a, deals, c) for i, a in enumerate(state.amulets[seat])]
    return out


def _buy(k: int, deals: dict[str, int]) -> Action:
    return Action(f"deal:buy:{k}", f"Pay {deals['buy_resource']} coin for 1 {BASICS[k]}")


def _recruit(deals: dict[str, int]) -> Action:
    return Action("deal:recruit", f"Pay {deals['recruit']} coins to recruit")


def _amulet(i: int, a: int, deals: dict[str, int], c: Content) -> Action:
    return Action(f"deal:amulet:{i}", f"Pay {deals['amulet']} coins for amulet {c.amulets[a].name}")


def _sell(k: int, deals: dict[str, int]) -> Action:
    return Action(f"deal:sell:{k}", f"Pay 1 {RESOURCE_NAMES[k]} for {deals['sell_resource']} coins")


def _dismiss(deals: dict[str, int]) -> Action:
    return Action("deal:dismiss", f"Dismiss an assistant for {deals['dismiss']} coins")


def _cash(i: int, a: int, deals: dict[str, int], c: Content) -> Action:
    return Action(f"deal:cash:{i}", f"Pay amulet {c.amulets[a].name} for {deals['sell_amulet']} coins")


def trade_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """One Trading House action (p.10 5): recruit, a merchant dispatch, an investment or 1 Gold,
    each offered only if it can be made (the dispatch and the investment name their town or chair)."""
    steps, chairs = -1, ()
    if can_dispatch(state, seat):
        steps = min(c.towns - 1, state.coins[seat] // c.numbers.merchant_step_cost)
        chairs = tuple(state.chairs)
    return list(_trades(bool(state.reserve[seat]), state.merchant, steps, chairs, bool(state.basics[GOLD]), c))


@lru_cache(maxsize=4096)
def _trades(
    recruit: bool, merchant: int, steps: int, chairs: tuple[int, ...], gold: bool, c: Content
) -> tuple[Action, ...]:
    """`trade_actions` for a player who can recruit (`recruit`), pay the merchant on up to `steps`
    towns (-1: no assistant to dispatch or invest), with `chairs` on the board and Gold in the
    supply (`gold`); listed once per what they depend on."""
    out = [RECRUIT] if recruit else []
    for a in dispatch_choices(merchant, steps, c):
        out.append(once((c, "trade", a.id, a.label), _trade, a, False))
    for a in investments(0, chairs, c):
        out.append(once((c, "trade", a.id, a.label), _trade, a, True))
    if gold:
        out.append(TAKE_GOLD)
    return tuple(out)


RECRUIT = Action("trade:recruit", "Recruit an assistant (assistant supply to personal supply)")
TAKE_GOLD = Action("trade:gold", "Take 1 Gold")


def _trade(action: Action, payload: bool) -> Action:
    """A dispatch or an investment as a Trading House action."""
    return (
        Action(f"trade:{action.id}", action.label, action.payload)
        if payload
        else Action(f"trade:{action.id}", action.label)
    )


def trade_capacity(state: Rh, seat: int) -> int:
    """How many Trading House actions can take effect one after the other: each recruit, each
    assistant dispatched (those recruited too) and each Gold of the supply."""
    reserve = state.reserve[seat]
    return reserve + state.personal[seat] + reserve + state.basics[GOLD]


def perform_deal(state: Rh, seat: int, parts: tuple[str, ...], c: Content) -> None:
    deals = c.rooms[c.room_index["black-market"]].deals
    what = parts[1]
    if what == "buy":
        pay_coins(state, seat, deals["buy_resource"])
        gain_goods(state, seat, int(parts[2]), 1, c)
    elif what == "recruit":
        pay_coins(state, seat, deals["recruit"])
        recruit(state, seat)
    elif what == "amulet":
        pay_coins(state, seat, deals["amulet"])
        state.amulets[seat].append(state.amulets_up.pop(int(parts[2])))
    elif what == "sell":
        token = int(parts[2])
        if token == GOLD:
            state.goods[seat][GOLD] -= 1
        else:
            pay_goods(state, seat, tuple(int(k == token) for k in range(3)))
        state.basics[token] += 1
        gain_coins(state, seat, deals["sell_resource"], c)
    elif what == "dismiss":
        dismiss(state, seat)
        gain_coins(state, seat, deals["dismiss"], c)
    elif what == "cash":
        state.amulet_pool.append(state.amulets[seat].pop(int(parts[2])))
        state.rng.shuffle(state.amulet_pool)  # "shuffled into the amulet supply"
        gain_coins(state, seat, deals["sell_amulet"], c)


def perform_trade(state: Rh, seat: int, parts: tuple[str, ...], c: Content) -> None:
    what = parts[1]
    if what == "recruit":
        recruit(state, seat)
    elif what == "dispatch":
        dispatch(state, seat, int(parts[2]), c)
    elif what == "invest":
        invest(state, seat, int(parts[2]), False, c)
    else:
        gain_goods(state, seat, GOLD, 1, c)
