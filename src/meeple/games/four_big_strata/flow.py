"""The order of play (rulebook 7 Game flow): who decides now, what they may do, and
everything that happens by itself between decisions."""

from meeple.engine import Action
from meeple.games.four_big_strata import anytime, auction, production, setup, tribute
from meeple.games.four_big_strata.content import Content, NpcLevel
from meeple.games.four_big_strata.npc import npc_bid, npc_pick
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, SETUP, TRIBUTE, Fbs


class Rules:
    """The options that change the rules, resolved once per game."""

    def __init__(self, content: Content, tribute_ratio: int, npc_level: NpcLevel) -> None:
        self.content = content
        self.tribute_ratio = tribute_ratio
        self.npc_level = npc_level

    def ratio(self, state: Fbs) -> int:
        """X of 8.4.1: the option if set, else the table for this many participants."""
        return self.tribute_ratio or self.content.constants.tribute_ratio[state.players]


def to_move(state: Fbs) -> tuple[int, ...]:
    """The seats that must decide now; all unbid seats at once during the sealed bids."""
    phase = state.phase
    if phase == OVER:
        return ()
    if phase == BID:
        bids, reward = state.bids, state.reward
        return tuple([s for s in range(state.players) if bids[s] < 0 or reward[s]])
    if any(state.reward) and (owed := pending_reward(state)) >= 0:
        return (owed,)
    if phase == PICK:
        return (state.order[state.order_pos],)
    if phase == TRIBUTE:
        return (tribute.tribute_decider(state),)
    return (state.queue[0][1],)


def pending_reward(state: Fbs) -> int:
    """A seat owed the all-face-down reward (Special situations) chooses it before play goes on."""
    reward = state.reward
    if not any(reward):
        return -1
    for seat in range(state.players):
        if reward[seat]:
            return seat
    return -1


def decides(state: Fbs, seat: int) -> bool:
    """Whether `seat` is one of `to_move(state)` (read without building that tuple)."""
    if state.phase == BID:
        return 0 <= seat < state.players and (state.bids[seat] < 0 or state.reward[seat] != 0)
    return seat in to_move(state)


def bids_awaited(state: Fbs) -> bool:
    """Whether any seat has still to bid or to take its reward (`to_move` during the bids)."""
    players = state.players
    return min(state.bids[:players]) < 0 or any(state.reward[:players])


def legal_actions(state: Fbs, seat: int, rules: Rules) -> list[Action]:
    if not decides(state, seat):
        return []
    content = rules.content
    if state.reward[seat]:
        return anytime.reward_actions(state, seat)
    phase = state.phase
    if state.market[seat] and phase in (BID, PICK):
        return anytime.market_actions(state, seat, content)
    if phase == BID:
        return auction.bid_actions(state, seat, content)
    if phase == PICK:
        if state.holding >= 0:
            return auction.place_actions(state, seat, content)
        return auction.take_actions(state, seat, content)
    if phase == SETUP:
        return setup.extra_actions(state, seat)
    if phase == FEED:
        return production.feeding_actions(state, seat, content)
    if phase == CAP:
        return production.discard_actions(state, seat, content)
    return tribute.tribute_actions(state, seat, content)


def perform(state: Fbs, seat: int, action: Action, rules: Rules) -> None:
    """Carry out a legal action, then run the game forward to the next decision."""
    content = rules.content
    verb = action.id.partition(":")[0]
    if state.market_idle or verb == "market":
        anytime.note_market(state, seat, verb)
    if verb == "bid":
        state.bids[seat] = action.payload["amount"]
    elif verb == "take":
        auction.perform_take(state, seat, action.payload["slot"], content)
    elif verb in ("faceup", "facedown"):
        auction.perform_place(state, seat, action.id, content)
    elif verb == "market":
        state.market[seat] = True
    elif verb == "close":
        state.market[seat] = False
    elif verb in ("exchange", "trade"):
        anytime.perform_exchange(state, seat, action.id, content)
    elif verb == "flip":
        anytime.perform_flip(state, seat, action, content)
    elif verb == "reward":
        anytime.perform_reward(state, seat, action)
    elif verb == "extra":
        setup.perform_extra(state, seat, action)
    elif verb == "feed":
        production.perform_feed(state, seat, content)
    elif verb == "waive":
        production.perform_waive(state, seat, content)
    elif verb == "discard":
        production.perform_discard(state, seat, action, content)
    elif verb == "demand":
        tribute.perform_demand(state, action.id)
    elif verb == "gain":
        tribute.perform_gain(state, seat, action)
    advance(state, rules)


def advance(state: Fbs, rules: Rules) -> None:
    """Resolve everything that needs no decision, until a seat must decide or the game ends."""
    content = rules.content
    while True:
        phase = state.phase
        if phase != BID and any(state.reward) and pending_reward(state) >= 0:
            return
        if phase == SETUP:
            if state.queue:
                return
            state.phase = BID
        elif phase == BID:
            if bids_awaited(state):
                return
            if state.solo:
                state.bids[state.players] = npc_bid(state, rules.npc_level)
            auction.reveal_bids(state)
        elif phase == PICK:
            if state.order_pos < len(state.order):
                seat = state.order[state.order_pos]
                if seat < state.players:
                    return
                npc_pick(state, seat, content)
                state.order_pos += 1
                continue
            auction.end_auction(state)
            production.start_production(state, content)
            state.phase = FEED
        elif phase == FEED:
            while state.queue:
                if not production.settle_feeding(state, state.queue[0][1], content):
                    return
                state.queue.pop(0)
            production.queue_cap(state)
            state.phase = CAP
        elif phase == CAP:
            while state.queue:
                seat = state.queue[0][1]
                if production.cap_excess(state, seat, content) > 0:
                    choices = production.discard_actions(state, seat, content)
                    if len(choices) > 1:
                        return
                    production.perform_discard(state, seat, choices[0], content)
                else:
                    state.queue.pop(0)
            if state.cap_after_tribute:
                state.cap_after_tribute = False
                end_round(state, content)
            else:
                tribute.start_tribute(state, rules.ratio(state), content)
                state.phase = TRIBUTE
        elif phase == TRIBUTE:
            if not tribute.settle_tribute(state):
                return
            production.queue_cap(state)
            state.cap_after_tribute = True
            state.phase = CAP
        else:
            return


def end_round(state: Fbs, content: Content) -> None:
    """8.4.3: the Start Player marker passes left and the next Prephase begins; the game
    ends after the Tribute phase of round 15 (9)."""
    if state.round >= content.constants.rounds:
        state.phase = OVER
        return
    state.start = (state.start + 1) % state.participants
    state.round += 1
    state.note(f"Round {state.round}: {state.name(state.start)} is the Start Player")
    setup.lay_out_display(state, content)
    state.phase = BID
