"""Summer Season (Campaigning): each player in turn, clockwise from the active player, goes
through the four steps; the last three are response windows.

1. Declare Campaigns: the player commits active Knights to regions ("they cannot move a
   knight already Committed").
2. Play Quests: on a Knight, which becomes engaged and leaves the attack; the RP spent are
   recorded for Autumn.
3. Play Redirects: "Redirects can be played on any Knight": it is given a new task, attacking
   a different region or joining a Quest on one of its controller's own Knights ("Knights
   cannot be Redirected to join a Quest played on an opponent's Knight"); an idle Knight may
   be Redirected too; redirecting a quested Knight counters the Quest.
4. Play any other card that says it can be played in this step.

"Each player will alternate turns taking actions until both pass ... Once that happens, all
cards are resolved in the order they were played, and play proceeds to the next step."
Special Rule on Quests and Redirects: each named Quest or Redirect once per Summer.
"""

from collections.abc import Iterator

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_table import rp
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.events import QUEST_TARGET, RESET_REDIRECT, SUMMER_PLAY, hook
from meeple.games.round_table.lineup import added, lineup
from meeple.games.round_table.made import MADE, once
from meeple.games.round_table.spring import NONE, can_hold, knight_label
from meeple.games.round_table.state import (
    DECLARE,
    JOIN,
    OTHER,
    PLAY_OTHER,
    PLAY_QUEST,
    PLAY_REDIRECT,
    QUESTS,
    REDIRECTS,
    RESET,
    Rt,
)
from meeple.games.round_table.zones import take_from_hand, to_spent

KIND_OF_STEP = {QUESTS: PLAY_QUEST, REDIRECTS: PLAY_REDIRECT, OTHER: PLAY_OTHER}
CARD_OF_STEP = {QUESTS: "quest", REDIRECTS: "redirect"}
PASS = Action("pass", "Pass (no response)")
_DONE = Action("done", "Done declaring campaigns")


# --- 1. Declare Campaigns ------------------------------------------------------------------------
def declare_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    """Done, then each committable knight of the seat (in play order) to each region in play
    (in slot order): the playout policy (bots._declare) reads the offers by that layout."""
    actions = [_DONE]
    line = lineup(state, pool, seat)
    attack, quest_of = state.attack, state.quest_of
    regions: tuple[int, ...] | None = None
    for k, knight in enumerate(line.knights):  # by place, not zip: zip(strict=True) costs a keyword call
        if attack[knight] < 0 and quest_of[knight] < 0:  # committable
            label = line.knight_names[k]
            if regions is None:
                regions = tuple(state.regions)
            made = ("commit", knight, label, regions)  # a pool index names a card: there is one pool (load_pool)
            actions += MADE.get(made) or once(made, _commits, pool, knight, label, regions)
    return actions


def _commits(pool: Pool, knight: int, name: str, regions: tuple[int, ...]) -> tuple[Action, ...]:
    """Committing the knight, named `name`, to each region in play (`regions`: pool indices)."""
    return tuple(
        Action(
            f"commit:{knight}:{slot}",
            f"Commit {name} to attack {pool.cards[region].name}",
            {"knight": knight, "slot": slot},
        )
        for slot, region in enumerate(regions)
    )


def can_commit(state: Rt, pool: Pool, seat: int) -> bool:
    """Whether the seat has an active Knight not yet committed: not engaged on a Quest, not
    attacking (else it declares nothing and the windows open by themselves)."""
    attack, quest_of = state.attack, state.quest_of
    for u in lineup(state, pool, seat).knights:
        if attack[u] < 0 and quest_of[u] < 0:
            break
    else:
        return False
    return True


# --- 2-4. The response windows -----------------------------------------------------------------------
def window_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    """Pass, or one card of this step: every play the seat may make now."""
    plays = {QUESTS: quest_plays, REDIRECTS: redirect_plays, OTHER: other_plays}[state.step](state, pool, seat)
    return [PASS, *plays] if plays else [PASS]


def _in_hand(state: Rt, pool: Pool, seat: int, kind: str) -> list[int]:
    """Pool indices of the seat's cards of `kind` in hand that it may still play this Summer
    (named Quests and Redirects once per Summer) and can pay for."""
    room = rp.available(state, pool, seat)
    found: list[int] = []
    for uid in state.hand[seat]:
        card_index = state.card_of[uid]
        card = pool.cards[card_index]
        if card.type != kind or card_index in found or card_index in state.used:
            continue
        if rp.cost(state, pool, seat, card_index) <= room:
            found.append(card_index)
    return found


def _targeted(state: Rt, kind: int) -> set[int]:
    return {entry[3] for entry in state.window if entry[0] == kind}


def quest_targets(state: Rt, pool: Pool, seat: int) -> Iterator[tuple[Card, int]]:
    """Every (Quest, knight) the seat may play now, in the order of its offers."""
    cards = _in_hand(state, pool, seat, "quest")
    if not cards:
        return
    taken = _targeted(state, PLAY_QUEST)
    knight_kinds, card_of, quest_of = pool.of_type["knight"], state.card_of, state.quest_of
    knights = [
        u for zone in state.play for u in zone if card_of[u] in knight_kinds and quest_of[u] < 0 and u not in taken
    ]
    for card_index in cards:
        card = pool.cards[card_index]
        allowed = hook(card.ability, QUEST_TARGET)
        for knight in knights:
            if allowed is None or allowed(state, pool, knight):
                yield card, knight


def quest_plays(state: Rt, pool: Pool, seat: int) -> list[Action]:
    """Every Quest play, each knight worded once per call and each offer made once per wording
    (`MADE`)."""
    actions: list[Action] = []
    knights: dict[int, str] = {}  # per knight: its label and whose it is
    for card, knight in quest_targets(state, pool, seat):
        who = knights.get(knight)
        if who is None:
            who = knights[knight] = f"{knight_label(state, pool, knight)} ({_whose(state, seat, knight)})"
        made = ("quest", card.id, card.name, knight, who)
        actions.append(MADE.get(made) or once(made, _quest, card, knight, who))
    return actions


def _quest(card: Card, knight: int, who: str) -> Action:
    """Playing Quest `card` on `knight` (worded `who`)."""
    return Action(f"quest:{card.id}:{knight}", f"Play {card.name} on {who}", {"card": card.id, "knight": knight})


def _whose(state: Rt, seat: int, knight: int) -> str:
    """Whose knight, as the deciding seat reads it."""
    return "yours" if state.owner[knight] == seat else f"seat {state.owner[knight]}'s"


def new_tasks(state: Rt, pool: Pool, knight: int) -> list[int]:
    """Redirect arguments for a knight: attack another region, or join another live Quest on
    a knight of the same controller."""
    tasks = [slot for slot in range(len(state.regions)) if slot != state.attack[knight]]
    for q, (quest_uid, target, _, _) in enumerate(state.quests):
        if quest_uid >= 0 and q != state.quest_of[knight] and state.owner[target] == state.owner[knight]:
            tasks.append(JOIN + q)
    return tasks


def _task_label(state: Rt, pool: Pool, arg: int) -> str:
    if arg == RESET:
        return "reset it"
    if arg >= JOIN:
        quest_uid, target, _, _ = state.quests[arg - JOIN]
        return f"join {pool.cards[state.card_of[quest_uid]].name} of {knight_label(state, pool, target)}"
    return f"attack {pool.cards[state.regions[arg]].name}"


def _arg_id(arg: int) -> str:
    return "reset" if arg == RESET else f"q{arg - JOIN}" if arg >= JOIN else f"r{arg}"


def redirect_targets(state: Rt, pool: Pool, seat: int) -> Iterator[tuple[Card, int, int]]:
    """Every (Redirect, knight, task) the seat may play now, in the order of its offers."""
    cards = _in_hand(state, pool, seat, "redirect")
    if not cards:
        return
    taken = _targeted(state, PLAY_REDIRECT)
    cards_of, card_of = pool.cards, state.card_of
    knights = [u for zone in state.play for u in zone if cards_of[card_of[u]].type == "knight" and u not in taken]
    for card_index in cards:
        card = pool.cards[card_index]
        resets = hook(card.ability, RESET_REDIRECT) is not None
        for knight in knights:
            if resets:
                busy = state.attack[knight] >= 0 or state.quest_of[knight] >= 0
                args = [RESET] if busy and state.owner[knight] == seat else []
            else:
                args = new_tasks(state, pool, knight)
            for arg in args:
                yield card, knight, arg


def redirect_plays(state: Rt, pool: Pool, seat: int) -> list[Action]:
    """Every Redirect play, each knight and each task worded once per call and each offer made
    once per wording (`MADE`)."""
    actions: list[Action] = []
    knights: dict[int, str] = {}  # per knight: its label and whose it is
    tasks: dict[int, str] = {}  # per task: its label
    for card, knight, arg in redirect_targets(state, pool, seat):
        who = knights.get(knight)
        if who is None:
            who = knights[knight] = f"{knight_label(state, pool, knight)} ({_whose(state, seat, knight)})"
        task = tasks.get(arg)
        if task is None:
            task = tasks[arg] = _task_label(state, pool, arg)
        made = ("redirect", card.id, card.name, knight, who, arg, task)
        actions.append(MADE.get(made) or once(made, _redirect, card, knight, who, arg, task))
    return actions


def _redirect(card: Card, knight: int, who: str, arg: int, task: str) -> Action:
    """Playing Redirect `card` on `knight` (worded `who`) for task `arg` (worded `task`)."""
    return Action(
        f"redirect:{card.id}:{knight}:{_arg_id(arg)}",
        f"Play {card.name} on {who}: {task}",
        {"card": card.id, "knight": knight, "task": arg},
    )


def other_targets(state: Rt, pool: Pool, seat: int) -> Iterator[tuple[Card, int, int]]:
    """Step 4: every (card, knight or -1 for a Title unpaired, price) the seat may play now:
    Equipment and Titles whose text lets them be played in this step."""
    room = rp.available(state, pool, seat)
    seen: set[int] = set()
    for uid in state.hand[seat]:
        card_index = state.card_of[uid]
        card = pool.cards[card_index]
        if card_index in seen or hook(card.ability, SUMMER_PLAY) is None:
            continue
        seen.add(card_index)
        price = rp.cost(state, pool, seat, card_index)
        if price > room:
            continue
        if card.type == "title":
            yield card, -1, price
        for knight in lineup(state, pool, seat).knights:
            if can_hold(state, pool, card_index, knight):
                yield card, knight, price


def other_plays(state: Rt, pool: Pool, seat: int) -> list[Action]:
    return [
        Action(f"summer:{card.id}:{NONE}", f"Play {card.name} unpaired", {"card": card.id})
        if knight < 0
        else Action(
            f"summer:{card.id}:{knight}",
            f"Play {card.name} on {knight_label(state, pool, knight)} ({price} RP)",
            {"card": card.id, "knight": knight},
        )
        for card, knight, price in other_targets(state, pool, seat)
    ]


def answers(pool: Pool) -> frozenset[int]:
    """Every card of the pool that some response window could take: the Quests, the Redirects
    and the cards whose text lets them be played in step 4."""
    return pool.of_type["quest"] | pool.of_type["redirect"] | pool.hooked[SUMMER_PLAY]


def pass_turn(state: Rt) -> None:
    """The response windows of the seat's campaign turn, when no hand holds a card any of them
    could take (`answers`) and none has a play pending: every seat passes in each, in turn, as
    it would by itself, and the next seat's turn begins."""
    state.window = []
    state.window_seat = (state.active + state.turn) % state.players  # seat_of_turn, where each window began
    state.window_passes = state.players
    state.turn += 1
    state.step = DECLARE


def open_window(state: Rt, step: str) -> None:
    """Begin a step's response window with the seat whose turn it is."""
    state.step = step
    state.window = []
    state.window_seat = state.seat_of_turn()
    state.window_passes = 0


def perform_summer(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    verb = action.id.partition(":")[0]
    if verb == "commit":
        state.attack[action.payload["knight"]] = action.payload["slot"]
        state.touched(seat)
        return
    if verb == "done":
        open_window(state, QUESTS)
        return
    state.window_seat = (state.window_seat + 1) % state.players
    if verb == "pass":
        state.window_passes += 1
        return
    state.window_passes = 0
    card_index = pool.index[action.payload["card"]]
    price = rp.cost(state, pool, seat, card_index)
    uid = take_from_hand(state, seat, card_index)
    state.spent_rp[seat] += price
    kind = KIND_OF_STEP[state.step]
    if kind != PLAY_OTHER:
        state.used.append(card_index)
    target = action.payload.get("knight", -1)
    state.window.append([kind, seat, uid, target, action.payload.get("task", price)])
    state.note(
        f"{seat_mark(seat)} plays {pool.cards[card_index].name}"
        + (f" on {knight_label(state, pool, target)}" if target >= 0 else "")
    )


def close_window(state: Rt, pool: Pool) -> None:
    """All passed: resolve the cards of the window in the order they were played."""
    for kind, seat, uid, target, arg in state.window:
        if kind == PLAY_QUEST:
            resolve_quest(state, pool, seat, uid, target, arg)
        elif kind == PLAY_REDIRECT:
            resolve_redirect(state, pool, uid, target, arg)
        else:
            state.spent_rp[seat] -= arg
            state.play[seat].append(uid)
            state.paid[uid] = arg
            keeps = target in state.play[seat] and can_hold(state, pool, state.card_of[uid], target)
            state.paired[uid] = target if keeps else -1
            added(state, pool, seat, uid)
            state.touched(seat)
    state.window = []


def resolve_quest(state: Rt, pool: Pool, seat: int, uid: int, knight: int, spent: int) -> None:
    """The quested knight is engaged and leaves the attack; the RP spent are recorded. A quest
    whose knight left play or is already questing comes to nothing."""
    in_play = knight in state.play[state.owner[knight]]
    if not in_play or state.quest_of[knight] >= 0:
        to_spent(state, uid)
        return
    state.quest_of[knight] = len(state.quests)
    state.attack[knight] = -1
    state.touched(state.owner[knight])
    state.quests.append([uid, knight, spent, seat])


def resolve_redirect(state: Rt, pool: Pool, uid: int, knight: int, task: int) -> None:
    """Give the knight its new task (an idle knight too: "Redirects can be played on any
    Knight"); if it was the quested knight of a Quest, that Quest is countered (its card goes
    to the Spent Pile and any knights that joined it are freed). A task no longer there, or a
    reset of a knight with no task, comes to nothing."""
    to_spent(state, uid)
    if knight not in state.play[state.owner[knight]]:
        return
    idle = state.attack[knight] < 0 and state.quest_of[knight] < 0
    if (task == RESET and idle) or (task != RESET and task not in new_tasks(state, pool, knight)):
        return
    q = state.quest_of[knight]
    if q >= 0 and state.quests[q][1] == knight:
        counter_quest(state, q)
    state.attack[knight] = state.quest_of[knight] = -1
    state.touched(state.owner[knight])
    if task >= JOIN:
        state.quest_of[knight] = task - JOIN
    elif task >= 0:
        state.attack[knight] = task


def counter_quest(state: Rt, q: int) -> None:
    quest_uid = state.quests[q][0]
    to_spent(state, quest_uid)
    state.quests[q][0] = -1
    for zone in state.play:
        for u in zone:
            if state.quest_of[u] == q:
                state.quest_of[u] = -1
    state.touched(None)


TARGETS = {QUESTS: quest_targets, REDIRECTS: redirect_targets, OTHER: other_targets}
"""Per response window: what the seat may play in it, one by one."""


def held_cards(state: Rt) -> set[int]:
    """The pool indices of the cards in every hand (the same until a seat decides: a Summer's own
    progress moves no card into or out of a hand)."""
    card_of = state.card_of
    return {card_of[u] for hand in state.hand for u in hand}


def pass_until_response(state: Rt, pool: Pool, held: set[int]) -> bool:
    """Seats with no card to play in the current window pass by themselves, in turn, until one
    can respond (True: it decides) or every seat has passed (False). When no hand holds a card
    of the step's kind (`held`: `held_cards`), every seat still to pass passes at once; else a
    hand without one is ruled out before any RP is counted."""
    step = state.step
    playable = pool.hooked[SUMMER_PLAY] if step == OTHER else pool.of_type[CARD_OF_STEP[step]]
    players = state.players
    left = players - state.window_passes
    if left > 0 and playable.isdisjoint(held):
        state.window_seat = (state.window_seat + left) % players
        state.window_passes = players
        return False
    targets, card_of, hands = TARGETS[step], state.card_of, state.hand
    while state.window_passes < players:
        seat = state.window_seat
        if not playable.isdisjoint(map(card_of.__getitem__, hands[seat])) and (
            next(iter(targets(state, pool, seat)), None) is not None
        ):
            return True
        state.window_passes += 1
        state.window_seat = (seat + 1) % players
    return False
