"""Autumn Season (Resolution): attacks, captures, quests, RP, then Resetting Support.

Resolving Attacks, for each region separately:
1-2. Each attacking player's Influence, less the sum of their opponents' Resistance there.
3. "If only one player's remaining Influence exceeds the Region's Resistance, the Region is
   captured."
4. If several exceed it, the highest captures "only if their remaining Influence exceeds
   their opponent's remaining Influence by an amount equal to or higher than the Renown of
   the Region"; otherwise a draw, and the Region stays independent.
5. Below the Region's Resistance: it stays independent.
Captured Regions go to their captors; the Regions in play are refilled to 3 "if possible".
Resolving Quests: quested Knights reset, each drawing its controller one card per RP used to
Quest it; each Knight that joined draws as many. "All RP spent ... is reset." The controller
chooses how many of those cards come from the Demesne deck ("players can draw cards from
either their Main deck or their Demesne deck"; a ruling), one choice per seat, clockwise from
the active player.
Resetting Support: each player in turn, from the active player, may pull cards in play
(not Demesnes) back to hand; Titles and Equipment of a pulled Knight stay in play, unpaired.
"""

from functools import lru_cache

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_table.army import armies as seat_armies
from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import QUEST_DRAWS, REGION_RESISTANCE, hook
from meeple.games.round_table.lineup import lineup
from meeple.games.round_table.made import MADE, once
from meeple.games.round_table.spring import knight_label
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import draw, leave_play, take_top, to_spent

REGIONS_IN_PLAY = 3  # "a new Region is placed into play ... to bring the total back to 3"


def region_resistance(state: Rt, pool: Pool, region: int, seat: int) -> int:
    """The Region's Resistance against one seat's army, with its own text (the cardinal rule)."""
    card = pool.cards[region]
    bonus = hook(card.ability, REGION_RESISTANCE)
    return card.resistance + (bonus(state, pool, region, seat) if bonus is not None else 0)


def attack_winner(remaining: dict[int, int], resistance: dict[int, int], renown: int) -> int:
    """Steps 3-5 for one Region: the seat that captures it, or -1 (independent, or a draw).

    `remaining`: each attacking seat's Influence less its opponents' Resistance;
    `resistance`: the Region's Resistance against each seat. With more than two armies over
    the Resistance, the highest must beat the next highest by the Region's Renown."""
    over = sorted((value, seat) for seat, value in remaining.items() if value > resistance[seat])
    if not over:
        return -1
    if len(over) == 1:
        return over[0][1]
    (second, _), (best, seat) = over[-2], over[-1]
    return seat if best - second >= renown else -1


def resolve_attacks(state: Rt, pool: Pool) -> None:
    """Resolve every Region in play, then refill the Regions to 3 and bring the knights home."""
    captured: list[tuple[int, int]] = []
    by_seat = [seat_armies(state, pool, seat) for seat in range(state.players)]
    for slot, region in enumerate(state.regions):
        armies = {seat: found[slot] for seat, found in enumerate(by_seat) if slot in found}
        if not armies:
            continue
        against = sum([r for _, r in armies.values()])  # every army's Resistance
        remaining = {seat: influence - (against - r) for seat, (influence, r) in armies.items()}
        resistance = {seat: region_resistance(state, pool, region, seat) for seat in armies}
        card = pool.cards[region]
        winner = attack_winner(remaining, resistance, card.renown)
        shown = ", ".join([_versus(s, v, resistance[s]) for s, v in sorted(remaining.items())])
        if winner >= 0:
            captured.append((slot, winner))
            state.note(f"{card.name}: captured by {seat_mark(winner)} ({shown})")
        else:
            state.note(f"{card.name}: stays independent ({shown})")
    for slot, winner in captured:
        state.captured[winner].append(state.regions[slot])
    taken = {slot for slot, _ in captured}
    state.regions = [region for slot, region in enumerate(state.regions) if slot not in taken]
    while len(state.regions) < REGIONS_IN_PLAY and state.regions_deck:
        state.regions.append(take_top(state, state.regions_deck))
    state.attack[:] = [-1] * len(state.attack)  # only knights in play attack
    state.touched(None)


@lru_cache(maxsize=4096)
def _versus(seat: int, remaining: int, resistance: int) -> str:
    """How the log shows one army at a Region: its remaining Influence against the Region's
    Resistance (made once per values)."""
    return f"{seat_mark(seat)} {remaining} vs {resistance}"


def resolve_quests(state: Rt, pool: Pool) -> None:
    """Quested knights reset; each (and each knight that joined) owes its controller one card
    per RP used to play the Quest, plus what card texts add, as far as the decks hold (drawn
    when the controller picks the decks). RP spent are reset."""
    owed = [0] * state.players
    for q, (quest_uid, target, spent, _) in enumerate(state.quests):
        if quest_uid < 0:
            continue
        quest_card = pool.cards[state.card_of[quest_uid]]
        on_quest = [target] + [u for zone in state.play for u in zone if state.quest_of[u] == q and u != target]
        for knight in on_quest:
            if state.quest_of[knight] != q:
                continue
            extra = 0
            for source in (quest_card, pool.cards[state.card_of[knight]]):
                more = hook(source.ability, QUEST_DRAWS)
                if more is not None:
                    extra += more(state, pool, quest_uid, knight)
            owed[state.owner[knight]] += spent + extra
            who = knight_label(state, pool, knight)
            state.note(f"{quest_card.name}: {who} returns, {seat_mark(state.owner[knight])} draws {spent + extra}")
        to_spent(state, quest_uid)
    state.owed = [min(n, len(state.main[p]) + len(state.demesne[p])) for p, n in enumerate(owed)]
    state.quest_of[:] = [-1] * len(state.quest_of)  # only knights in play are on quests
    state.touched(None)
    state.quests = []
    state.spent_rp = [0] * state.players


def owed_seat(state: Rt) -> int:
    """The first seat clockwise from the active player with Quest draws to take, or -1."""
    owed = state.owed
    if not any(owed):
        return -1
    for offset in range(state.players):
        seat = (state.active + offset) % state.players
        if owed[seat]:
            return seat
    return -1


def quest_draw_actions(state: Rt, seat: int) -> list[Action]:
    """How many of the owed cards to draw from the Demesne deck (the rest from the Main deck)."""
    count = state.owed[seat]
    least = max(0, count - len(state.main[seat]))
    most = min(count, len(state.demesne[seat]))
    return [
        Action(f"quest-draw:{k}", f"Quest draws: {k} from your Demesne deck, {count - k} from your Main deck", {"k": k})
        for k in range(least, most + 1)
    ]


def perform_quest_draw(state: Rt, seat: int, action: Action) -> None:
    demesnes = action.payload["k"]
    for i in range(state.owed[seat]):
        draw(state, seat, from_main=i >= demesnes)
    state.owed[seat] = 0


def can_pull_back(state: Rt, pool: Pool, seat: int) -> bool:
    """Whether the seat has a card in play other than a Demesne (else it passes by itself)."""
    return not pool.of_type["demesne"].issuperset(lineup(state, pool, seat).kinds)


def recall_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    actions = [_KEEP]
    line, demesnes = lineup(state, pool, seat), pool.of_type["demesne"]
    play, names = state.play[seat], line.names
    for k, kind in enumerate(line.kinds):  # by place, not zip: zip(strict=True) costs a keyword call
        if kind not in demesnes:
            uid, label = play[k], names[k]
            made = ("recall", uid, label)
            actions.append(MADE.get(made) or once(made, _recall, uid, label))
    return actions


_KEEP = Action("pass", "Pass: keep your cards in play")


def _recall(uid: int, label: str) -> Action:
    return Action(f"recall:{uid}", f"Pull {label} back to hand", {"uid": uid})


def perform_recall(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    if action.id == "pass":
        state.turn += 1
        return
    uid = action.payload["uid"]
    leave_play(state, pool, uid)
    state.hand[seat].append(uid)
