"""Room actions (pp.8-10): what one execution of a room's action may be, and carrying it out.

Each execution is one choice among the room's main actions; the assistant actions it brings
are queued as decisions (dispatches and investments may be declined, recruits are taken at
once). Ids start with "do:" followed by the action.
"""

from itertools import combinations

import msgspec

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import BASICS, GOLD, HALL, Content, Gain, Room, plural
from meeple.games.round_house.deals import black_actions, trade_capacity
from meeple.games.round_house.economy import (
    dismiss,
    gain_coins,
    gain_honor,
    gain_possible,
    gold_splits,
    gold_suffix,
    gold_text,
    grant,
    parse_gold,
    pay_coins,
    push,
)
from meeple.games.round_house.markets import clear_if_full, free_spaces, place
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
    here = state.leaders[state.moved] if state.moved >= 0 else -1
    nodes = sorted({node for node in state.leaders if node not in (HALL, here)})
    return [
        node
        for node in nodes
        if c.rooms[state.room_at(node, c.inner)].kind != "grand_hall"
        and room_actions(state, seat, state.room_at(node, c.inner), c, fee)
    ]


def room_actions(state: Rh, seat: int, room: int, c: Content, spent: int = 0, own: bool = True) -> list[Action]:
    """The main actions of one execution of `room` that `seat` can carry out now (with `spent`
    coins already set aside) and that take effect: nothing is offered that costs and gives nothing.
    `own`: the room is where the player's own leader stopped (not a neutral leader's, rule 2)."""
    spec = c.rooms[room]
    kind = spec.kind
    coins = state.coins[seat] - spent
    out: list[Action] = []
    if kind in ("receiving_goods", "tea_house"):
        if gain_possible(state, seat, spec.gain, c):
            out.append(Action("do:take", f"{spec.name}: {spec.gain.text()}"))
    elif kind == "pirates":
        for i, tile in enumerate(state.pirates_up):
            if gain_possible(state, seat, c.pirates[tile].gain, c):
                out.append(Action(f"do:pirate:{i}", f"Pirate tile: {c.pirates[tile].gain.text()}", {"pirate": tile}))
        if state.basics[GOLD]:
            out.append(Action("do:gold", "Pirates: take 1 Gold instead"))
    elif kind == "market":
        out += _market_actions(state, seat, room, c)
    elif kind == "expert_hall":
        if state.experts_up:
            out.append(Action("do:hire", "Expert Hall: take 1 expert card"))
    elif kind == "money_lender":
        if state.lender or gain_possible(state, seat, spec.gain, c):
            out.append(Action("do:lend", f"Money Lender: dispatch and take the {state.lender} coins"))
        if gain_possible(state, seat, spec.alt_gain, c):
            out.append(Action("do:lend-basic", "Money Lender: dispatch and take 1 basic resource"))
    elif kind == "grand_hall":
        fee = hall_fee(state, room, c, own)
        pay = f"pay {fee} coins, " if fee else ""
        if coins >= fee:
            if copy_targets(state, seat, c, spent + fee):
                out.append(Action(f"do:copy{'' if own else ':fee'}", f"Grand Hall: {pay}copy an occupied room"))
            if gain_possible(state, seat, spec.gain, c):
                out.append(Action(f"do:assist{'' if own else ':fee'}", f"Grand Hall: {pay}{spec.gain.text()}"))
    elif kind == "bank":
        total = 0
        for n, payment in enumerate(spec.payments, 1):
            total += payment.coins
            if total <= coins:
                honor = sum(p.honor for p in spec.payments[:n])
                invest = sum(p.invest for p in spec.payments[:n])
                more = f" and {plural(invest, 'investment')}" if invest else ""
                label = f"Bank: {plural(n, 'payment')}, pay {total} coins for {honor} honor{more}"
                out.append(Action(f"do:bank:{n}", label, {"payments": n}))
    elif kind == "black_market":
        if black_actions(state, seat, c, spent):
            out.append(Action("do:black", f"Black Market: make {spec.times} deals"))
    elif kind == "trading_house":
        for n, price in enumerate(spec.prices, 1):
            if price <= coins and n <= trade_capacity(state, seat):
                label = f"Trading House: pay {plural(price, 'coin')} for {plural(n, 'action')}"
                label += " (recruit, dispatch, invest or Gold)"
                out.append(Action(f"do:trade:{n}", label))
    elif kind == "study":
        for tier, (price, dismissed, experts) in enumerate(spec.tiers):
            if price <= coins and dismissed <= state.personal[seat] and state.experts_up:
                text = f"Study: pay {plural(price, 'coin')}" + (
                    f", dismiss {plural(dismissed, 'assistant')}" if dismissed else ""
                )
                out.append(Action(f"do:study:{tier}", f"{text} for {plural(experts, 'expert card')}"))
    elif kind == "warehouse":
        available = _takeable(state, c)
        for n, price in enumerate(spec.prices, 1):
            if price <= coins and n <= available:
                label = (
                    f"Warehouse: pay {plural(price, 'coin')}, take {plural(n, 'resource')} from any room, recruit once"
                )
                out.append(Action(f"do:warehouse:{n}", label))
    return out


def _market_actions(state: Rh, seat: int, room: int, c: Content) -> list[Action]:
    """Selling Market: 1 resource on its designated space; Retail Market: 1-3 different resources;
    Wholesale Market: 1-3 of one resource; each paid with the resource or Gold standing in, as the
    player chooses (one action per way of paying), labelled with what the chart gives."""
    spec = c.rooms[room]
    free = state.spaces[room].count(-1)
    sales: list[tuple[str, tuple[int, ...]]] = []  # (id, resources placed, in order)
    if spec.mode == "one":
        sales = [(f"do:sell:{kind}", (kind,)) for kind in range(3) if free_spaces(state, room, kind, c)]
    elif spec.mode == "different":
        for size in range(1, min(3, free) + 1):
            for kinds in combinations(range(3), size):
                sales.append((f"do:retail:{sum(1 << k for k in kinds)}", kinds))
    else:
        sales = [(f"do:wholesale:{kind}:{n}", (kind,) * n) for kind in range(3) for n in range(1, min(3, free) + 1)]
    out = []
    for base, kinds in sales:
        splits = gold_splits(state, seat, (kinds.count(0), kinds.count(1), kinds.count(2)))
        out += [_sale(spec, base, kinds, split, gold_suffix(split, splits)) for split in splits]
    return out


_SALES: dict[tuple[str, str, tuple[int, ...], str], Action] = {}


def _sale(spec: Room, base: str, kinds: tuple[int, ...], split: tuple[int, ...], suffix: str) -> Action:
    """A market sale action, labelled with what the chart gives and what the Gold pays for (cached)."""
    key = (spec.id, base, split, suffix)
    if key not in _SALES:
        names = ", ".join(f"{kinds.count(k)} {BASICS[k]}" for k in sorted(set(kinds)))
        label = f"{spec.name}: sell {names} for {_chart_text(spec, kinds)}{gold_text(split)}"
        _SALES[key] = Action(base + suffix, label, {"kinds": list(kinds)})
    return _SALES[key]


def _chart_text(spec: Room, kinds: tuple[int, ...]) -> str:
    """What a market's chart gives for the resources placed (coins, honor and assistant actions)."""
    total: dict[str, int] = {}
    for kind in kinds:
        for name, value in msgspec.structs.asdict(spec.chart[BASICS[kind]]).items():
            total[name] = total.get(name, 0) + value
    return Gain(**total).text()


def _takeable(state: Rh, c: Content) -> int:
    """Resources lying in rooms: on market spaces and on the Warehouse tile."""
    on_markets = sum(1 for room in range(len(c.rooms)) for token in state.spaces[room] if token >= 0)
    return on_markets + sum(state.warehouse)


def _effect(spec: Room, action: Action) -> str:
    """What a room action did, for the log: its label without the room's name, and worded for
    every reader (a choice is the player's, not the reader's)."""
    text = action.label.removeprefix(f"{spec.name}: ")
    return text.replace(" of your choice", ", chosen")


def perform_room(state: Rh, seat: int, room: int, action: Action, c: Content) -> None:
    """Carry out one execution of `room`'s action chosen by `action`."""
    spec = c.rooms[room]
    parts = action.id.split(":")
    verb = parts[1]
    state.note(f"{seat_mark(seat)} uses {spec.name}: {_effect(spec, action)}")
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
