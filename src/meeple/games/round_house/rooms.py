"""Room actions (pp.8-10): what one execution of a room's action may be, and carrying it out.

Each execution is one choice among the room's main actions; the assistant actions it brings
are queued as decisions (dispatches and investments may be declined, recruits are taken at
once). Ids start with "do:" followed by the action.
"""

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, repeat

import msgspec

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import BASICS, GOLD, HALL, Content, Gain, Room, plural
from meeple.games.round_house.deals import any_deal, trade_capacity
from meeple.games.round_house.economy import (
    dismiss,
    gain_coins,
    gain_honor,
    gain_possible,
    gold_suffix,
    gold_text,
    grant,
    parse_gold,
    pay_coins,
    payments,
    push,
)
from meeple.games.round_house.markets import clear_if_full, free_of, place
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import T_BLACK, T_COPY, T_EXPERT, T_INVEST, T_TAKE, T_TRADE, Rh


def hall_fee(state: Rh, room: int, c: Content, own: bool) -> int:
    """Grand Hall (p.8 6): "When leader stand on Grand Hall, player have to pay 2 coins to Money
    Lender". With the fee due on the stop (option grand_hall_fee=stop, the default), it was paid
    when the player's own leader stopped there and its executions cost nothing more; a neutral
    leader's Grand Hall executed under neutral rule 2, and every execution with
    grand_hall_fee=execution, pays it when executed."""
    return 0 if own and state.hall_fee_at_stop else c.rooms[room].fee


def copy_targets(state: Rh, seat: int, c: Content, fee: int = 0) -> list[int]:
    """Grand Hall: rooms occupied by any other leader (including the player's own other leader),
    another Grand Hall never, whose action the player can still execute after paying `fee`."""
    return list(_copy_targets(state, seat, c, fee))


def any_copy_target(state: Rh, seat: int, c: Content, fee: int = 0) -> bool:
    """Whether `copy_targets` names a room."""
    return next(_copy_targets(state, seat, c, fee), None) is not None


def _copy_targets(state: Rh, seat: int, c: Content, fee: int) -> Iterator[int]:
    here = state.leaders[state.moved] if state.moved >= 0 else -1
    for node in sorted({node for node in state.leaders if node not in (HALL, here)}):
        room = state.room_at(node, c.inner)
        if c.rooms[room].kind != "grand_hall" and room_possible(state, seat, room, c, fee):
            yield node


def room_actions(state: Rh, seat: int, room: int, c: Content, spent: int = 0, own: bool = True) -> list[Action]:
    """The main actions of one execution of `room` that `seat` can carry out now (with `spent`
    coins already set aside) and that take effect: nothing is offered that costs and gives nothing.
    `own`: the room is where the player's own leader stopped (not a neutral leader's, rule 2)."""
    return list(_room_choices(state, seat, room, c, spent, own))


def room_possible(state: Rh, seat: int, room: int, c: Content, spent: int = 0, own: bool = True) -> bool:
    """Whether `room_actions` offers anything."""
    return bool(_room_choices(state, seat, room, c, spent, own))


def _room_choices(state: Rh, seat: int, room: int, c: Content, spent: int, own: bool) -> Sequence[Action]:
    """`room_actions`, each worded once per content (shared.once); a market's sales are listed once
    per market spaces and goods held."""
    spec = c.rooms[room]
    kind = spec.kind
    if kind == "market":
        return _market_actions(room, tuple(state.spaces[room]), tuple(state.goods[seat]), c)
    coins = state.coins[seat] - spent
    out: list[Action] = []
    if kind in ("receiving_goods", "tea_house"):
        if gain_possible(state, seat, spec.gain, c):
            out.append(once((c, room, "take"), _take, spec))
    elif kind == "pirates":
        for i, tile in enumerate(state.pirates_up):
            if gain_possible(state, seat, c.pirates[tile].gain, c):
                out.append(once((c, "pirate", i, tile), _pirate, i, tile, c))
        if state.basics[GOLD]:
            out.append(GOLD_INSTEAD)
    elif kind == "expert_hall":
        if state.experts_up:
            out.append(HIRE)
    elif kind == "money_lender":
        if state.lender or gain_possible(state, seat, spec.gain, c):
            out.append(once((c, "lend", state.lender), _lend, state.lender))
        if gain_possible(state, seat, spec.alt_gain, c):
            out.append(LEND_BASIC)
    elif kind == "grand_hall":
        fee = hall_fee(state, room, c, own)
        if coins >= fee:
            if any_copy_target(state, seat, c, spent + fee):
                out.append(once((c, room, "copy", own, fee), _grand_hall, spec, fee, own, "copy"))
            if gain_possible(state, seat, spec.gain, c):
                out.append(once((c, room, "assist", own, fee), _grand_hall, spec, fee, own, "assist"))
    elif kind == "bank":
        return _bank_actions(room, coins, c)
    elif kind == "black_market":
        if any_deal(state, seat, c, spent):
            out.append(once((c, room, "black"), _black, spec))
    elif kind == "trading_house":
        return _priced_actions(room, coins, trade_capacity(state, seat), c)
    elif kind == "study":
        for tier, (price, dismissed, _) in enumerate(spec.tiers):
            if price <= coins and dismissed <= state.personal[seat] and state.experts_up:
                out.append(once((c, room, "study", tier), _study, spec, tier))
    elif kind == "warehouse":
        return _priced_actions(room, coins, _takeable(state, c), c)
    return out


@lru_cache(maxsize=1024)
def _bank_actions(room: int, coins: int, c: Content) -> tuple[Action, ...]:
    """The Bank's payments (1 to all of them, in order) that `coins` can pay."""
    spec = c.rooms[room]
    out = []
    total = 0
    for n, payment in enumerate(spec.payments, 1):
        total += payment.coins
        if total <= coins:
            out.append(_bank(spec, n, total))
    return tuple(out)


@lru_cache(maxsize=1024)
def _priced_actions(room: int, coins: int, most: int, c: Content) -> tuple[Action, ...]:
    """Trading House and Warehouse: 1 to `most` actions (resources taken) at the price of each
    count that `coins` can pay."""
    spec = c.rooms[room]
    make = _trade if spec.kind == "trading_house" else _warehouse
    return tuple(make(n, price) for n, price in enumerate(spec.prices, 1) if price <= coins and n <= most)


GOLD_INSTEAD = Action("do:gold", "Pirates: take 1 Gold instead")
HIRE = Action("do:hire", "Expert Hall: take 1 expert card")
LEND_BASIC = Action("do:lend-basic", "Money Lender: dispatch and take 1 basic resource")


def _take(spec: Room) -> Action:
    return Action("do:take", f"{spec.name}: {spec.gain.text()}")


def _black(spec: Room) -> Action:
    return Action("do:black", f"Black Market: make {spec.times} deals")


def _pirate(i: int, tile: int, c: Content) -> Action:
    return Action(f"do:pirate:{i}", f"Pirate tile: {c.pirates[tile].gain.text()}", {"pirate": tile})


def _lend(coins: int) -> Action:
    return Action("do:lend", f"Money Lender: dispatch and take the {coins} coins")


def _grand_hall(spec: Room, fee: int, own: bool, what: str) -> Action:
    pay = f"pay {fee} coins, " if fee else ""
    text = "copy an occupied room" if what == "copy" else spec.gain.text()
    return Action(f"do:{what}{'' if own else ':fee'}", f"Grand Hall: {pay}{text}")


def _bank(spec: Room, n: int, total: int) -> Action:
    honor = sum(p.honor for p in spec.payments[:n])
    invest = sum(p.invest for p in spec.payments[:n])
    more = f" and {plural(invest, 'investment')}" if invest else ""
    label = f"Bank: {plural(n, 'payment')}, pay {total} coins for {honor} honor{more}"
    return Action(f"do:bank:{n}", label, {"payments": n})


def _trade(n: int, price: int) -> Action:
    label = f"Trading House: pay {plural(price, 'coin')} for {plural(n, 'action')}"
    return Action(f"do:trade:{n}", label + " (recruit, dispatch, invest or Gold)")


def _study(spec: Room, tier: int) -> Action:
    price, dismissed, experts = spec.tiers[tier]
    text = f"Study: pay {plural(price, 'coin')}" + (f", dismiss {plural(dismissed, 'assistant')}" if dismissed else "")
    return Action(f"do:study:{tier}", f"{text} for {plural(experts, 'expert card')}")


def _warehouse(n: int, price: int) -> Action:
    label = f"Warehouse: pay {plural(price, 'coin')}, take {plural(n, 'resource')} from any room, recruit once"
    return Action(f"do:warehouse:{n}", label)


@lru_cache(maxsize=1 << 14)
def _market_actions(room: int, spaces: tuple[int, ...], goods: tuple[int, ...], c: Content) -> tuple[Action, ...]:
    """Selling Market: 1 resource on its designated space; Retail Market: 1-3 different resources;
    Wholesale Market: 1-3 of one resource; each paid with the resource or Gold standing in, as the
    player chooses (one action per way of paying), labelled with what the chart gives. Listed once
    per market, `spaces` (its tokens, -1 free) and `goods` held."""
    spec = c.rooms[room]
    if spec.mode == "one":
        free = sum(1 << kind for kind in range(3) if free_of(spaces, room, kind, c))
    else:
        free = min(3, spaces.count(-1))
    out = []
    for base, kinds, need in _sales(room, free, c):
        splits = payments(goods, need)
        for split in splits:
            suffix = gold_suffix(split, splits)
            out.append(once((c, room, base, split, suffix), _sale, spec, base, kinds, split, suffix))
    return tuple(out)


@lru_cache(maxsize=256)
def _sales(room: int, free: int, c: Content) -> tuple[tuple[str, tuple[int, ...], tuple[int, int, int]], ...]:
    """A market's sales (id, resources placed in order, resources paid) with `free` its free
    spaces: the kinds with a free space as a bitmask at the Selling Market, a count (at most 3)
    at the others."""
    mode = c.rooms[room].mode
    if mode == "one":
        sales = [(f"do:sell:{kind}", (kind,)) for kind in range(3) if free >> kind & 1]
    elif mode == "different":
        sales = _RETAIL[: _RETAIL_SIZES[free]]
    else:
        sales = [(f"do:wholesale:{kind}:{n}", (kind,) * n) for kind in range(3) for n in range(1, free + 1)]
    return tuple((base, kinds, (kinds.count(0), kinds.count(1), kinds.count(2))) for base, kinds in sales)


_RETAIL = [
    (f"do:retail:{sum(1 << k for k in kinds)}", kinds) for size in (1, 2, 3) for kinds in combinations(range(3), size)
]
_RETAIL_SIZES = (0, 3, 6, 7)  # the sales of 1, 2 or 3 different resources: the first 3, 6 or all of _RETAIL


def _sale(spec: Room, base: str, kinds: tuple[int, ...], split: tuple[int, ...], suffix: str) -> Action:
    """A market sale action, labelled with what the chart gives and what the Gold pays for."""
    names = ", ".join(f"{kinds.count(k)} {BASICS[k]}" for k in sorted(set(kinds)))
    label = f"{spec.name}: sell {names} for {_chart_text(spec, kinds)}{gold_text(split)}"
    return Action(base + suffix, label, {"kinds": list(kinds)})


def _chart_text(spec: Room, kinds: tuple[int, ...]) -> str:
    """What a market's chart gives for the resources placed (coins, honor and assistant actions)."""
    total: dict[str, int] = {}
    for kind in kinds:
        for name, value in msgspec.structs.asdict(spec.chart[BASICS[kind]]).items():
            total[name] = total.get(name, 0) + value
    return Gain(**total).text()


def _takeable(state: Rh, c: Content) -> int:
    """Resources lying in rooms: on market spaces and on the Warehouse tile."""
    spaces = state.spaces
    on_markets = sum(map(len, spaces)) - sum(map(list.count, spaces, repeat(-1)))  # the spaces not free (-1)
    return on_markets + sum(state.warehouse)


@lru_cache(maxsize=4096)
def _used(seat: int, name: str, label: str) -> str:
    """The log line of `seat` using the room `name` by the action labelled `label`: the label
    without the room's name, worded for every reader (a choice is the player's, not the
    reader's); worded once."""
    text = label.removeprefix(f"{name}: ").replace(" of your choice", ", chosen")
    return f"{seat_mark(seat)} uses {name}: {text}"


def perform_room(state: Rh, seat: int, room: int, action: Action, c: Content) -> None:
    """Carry out one execution of `room`'s action chosen by `action`."""
    spec = c.rooms[room]
    parts = action.id.split(":")
    verb = parts[1]
    state.note(_used(seat, spec.name, action.label))
    if verb == "take":
        grant(state, seat, spec.gain, c)
    elif verb == "pirate":
        i = int(parts[2])
        tile = state.pirates_up.pop(i)
        grant(state, seat, c.pirates[tile].gain, c)
        state.pirate_stack.insert(0, tile)  # "on the bottom of the stack", seen by all
        state.pirates_seen += 1
        state.pirates_up.insert(i, state.pirate_stack.pop())
        state.pirates_seen = min(state.pirates_seen, len(state.pirate_stack))
    elif verb == "gold":
        grant(state, seat, spec.gain, c)
    elif verb in ("sell", "retail", "wholesale"):
        split = list(parse_gold(parts) or (0, 0, 0))
        for kind in action.payload["kinds"]:
            place(state, seat, room, kind, c, gold=split[kind] > 0)
            split[kind] -= split[kind] > 0
        clear_if_full(state, room)
    elif verb == "hire":
        push(state, T_EXPERT)
    elif verb == "lend":
        grant(state, seat, spec.gain, c)
        gain_coins(state, seat, state.lender, c, from_lender=True)
        refill = min(c.numbers.lender_coins, state.bank)
        state.bank -= refill
        state.lender = refill
    elif verb == "lend-basic":
        grant(state, seat, spec.alt_gain, c)
    elif verb in ("copy", "assist"):
        pay_coins(state, seat, hall_fee(state, room, c, own=parts[-1] != "fee"), to_lender=True)
        if verb == "copy":
            push(state, T_COPY)
        else:
            grant(state, seat, spec.gain, c)
    elif verb == "bank":
        payments = spec.payments[: int(parts[2])]
        pay_coins(state, seat, sum(p.coins for p in payments))
        gain_honor(state, seat, sum(p.honor for p in payments), c)
        push(state, T_INVEST, 0, sum(p.invest for p in payments))
    elif verb == "black":
        push(state, T_BLACK, 0, spec.times)
    elif verb == "trade":
        n = int(parts[2])
        pay_coins(state, seat, spec.prices[n - 1])
        push(state, T_TRADE, 0, n)
    elif verb == "study":
        price, dismissed, experts = spec.tiers[int(parts[2])]
        pay_coins(state, seat, price)
        for _ in range(dismissed):
            dismiss(state, seat)
        push(state, T_EXPERT, 0, experts)
    elif verb == "warehouse":
        n = int(parts[2])
        pay_coins(state, seat, spec.prices[n - 1])
        push(state, T_TAKE, 0, n)
        grant(state, seat, spec.gain, c)
