"""The assistant actions (p.11): merchant dispatch and investment, as choices and carried out.
(Recruit and dismiss, which need no choice, are in economy.py.)"""

from functools import lru_cache

from meeple.engine import Action
from meeple.games.round_house.content import Content, plural
from meeple.games.round_house.economy import expert_trigger, pay_coins
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import Rh


def dispatch_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Merchant dispatch (p.11): an assistant of the personal supply to the merchant's town, after
    paying 1 coin per town the merchant is first moved clockwise."""
    if not can_dispatch(state, seat):
        return []
    return list(
        dispatch_choices(state.merchant, min(c.towns - 1, state.coins[seat] // c.numbers.merchant_step_cost), c)
    )


def dispatch_choices(merchant: int, steps: int, c: Content) -> list[Action]:
    """The dispatches paying the merchant on 0 to `steps` towns from `merchant`'s town."""
    return [_dispatch(merchant, n, c) for n in range(steps + 1)]


def can_dispatch(state: Rh, seat: int) -> bool:
    """Whether a dispatch can be made: an assistant in the personal supply (the merchant's town
    is always within reach, unpaid)."""
    return state.personal[seat] > 0


_DISPATCHES: dict[tuple[int, int], Action] = {}


def _dispatch(merchant: int, steps: int, c: Content) -> Action:
    """The dispatch moving the merchant `steps` towns on first (cached: a dozen actions all game long)."""
    key = (merchant, steps)
    if key not in _DISPATCHES:
        town = c.board.towns.names[(merchant + steps) % c.towns]
        cost = steps * c.numbers.merchant_step_cost
        paid = f" (pay {plural(cost, 'coin')} to move the merchant {plural(steps, 'town')} on)" if steps else ""
        _DISPATCHES[key] = Action(f"dispatch:{steps}", f"Dispatch an assistant to the {town} town{paid}")
    return _DISPATCHES[key]


def invest_actions(state: Rh, seat: int, senior: int, c: Content) -> list[Action]:
    """Investment (p.11): an assistant of the personal supply onto an empty chair of an inner room
    (senior side up for a permanent investment)."""
    if not can_invest(state, seat):
        return []
    return list(investments(senior, tuple(state.chairs), c))


@lru_cache(maxsize=4096)
def investments(senior: int, chairs: tuple[int, ...], c: Content) -> tuple[Action, ...]:
    """The investments onto the empty chairs of `chairs` (each chair's seat, -1 empty)."""
    empty = [chair for chair, owner in enumerate(chairs) if owner < 0]
    return tuple(once((c, "invest", senior, chair), _invest, senior, chair, c) for chair in empty)


def can_invest(state: Rh, seat: int) -> bool:
    """Whether an investment can be made: an assistant in the personal supply and an empty chair."""
    return state.personal[seat] > 0 and -1 in state.chairs


def _invest(senior: int, chair: int, c: Content) -> Action:
    kind = "a senior assistant (it stays when activated)" if senior else "an assistant"
    per = c.board.rings.chairs_per_inner_room
    side = ("left", "right") if per == 2 else tuple(str(k + 1) for k in range(per))
    label = f"Put {kind} on the {side[chair % per]} chair of {c.rooms[c.inner[chair // per]].name}"
    return Action(f"invest:{chair}", label, {"chair": chair})


def dispatch(state: Rh, seat: int, steps: int, c: Content) -> None:
    pay_coins(state, seat, steps * c.numbers.merchant_step_cost)
    state.merchant = (state.merchant + steps) % c.towns
    state.personal[seat] -= 1
    state.towns[seat][state.merchant] += 1
    state.dispatched = True


def invest(state: Rh, seat: int, chair: int, senior: bool, c: Content) -> None:
    state.personal[seat] -= 1
    state.chairs[chair] = seat
    state.senior_chairs[chair] = senior
    expert_trigger(state, seat, "invest", c)
