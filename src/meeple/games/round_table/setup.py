"""Before Play Begins: decks, the first player, the Farm, the opening hands and the mulligan.

1-2. Each player separates their decks; the first player is chosen at random (the rulebook
leaves the method to the players) and is the active player.
3-4. Each player puts a Farm from their Demesne deck into play and shuffles both decks.
5-6. Each player draws 1 to 10 demesnes of their choice, then Main cards up to 10 in hand
(none when the Demesne deck held only the Farm: "There is no minimum size for the Demesne
deck"; a ruling).
"Any player can mulligan ... shuffle their drawn cards back into the appropriate deck and
re-draw up to 10 cards. Players can mulligan only once."
"""

from meeple.engine import Action, Rng
from meeple.engine.wording import seat_mark
from meeple.games.round_table.content import Pool
from meeple.games.round_table.decks import Deck
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import draw

HAND_LIMIT = 10  # "draws from their Main deck the number of cards needed to reach ten cards"
TO_DRAW, DRAWN, REDRAW, READY = 0, 1, 2, 3  # `mulligans` per seat


def new_state(players: int, seed: int, pool: Pool, decks: list[tuple[str, Deck]], regions: int | list[int]) -> Rt:
    """Steps 1-4, and the Regions deck: the given regions, or that many unique regions drawn
    from the pool, shuffled."""
    rng = Rng.from_seed(seed)
    card_of: list[int] = []
    owner: list[int] = []
    main: list[list[int]] = []
    demesne: list[list[int]] = []
    play: list[list[int]] = []
    for seat in range(players):
        deck = decks[seat % len(decks)][1]
        zones = []
        for cards in (deck.main_cards(pool), deck.demesne_cards(pool)):
            zones.append(list(range(len(card_of), len(card_of) + len(cards))))
            card_of += cards
            owner += [seat] * len(cards)
        farm = next(u for u in zones[1] if pool.step_of[card_of[u]] == pool.farm)
        zones[1].remove(farm)
        rng.shuffle(zones[0])
        rng.shuffle(zones[1])
        main.append(zones[0])
        demesne.append(zones[1])
        play.append([farm])
    chosen = list(pool.regions) if isinstance(regions, int) else regions[:]
    rng.shuffle(chosen)
    if isinstance(regions, int):
        chosen = chosen[:regions]
    count = len(card_of)
    state = Rt(
        players=players,
        seed=seed,
        rng=rng,
        card_of=card_of,
        owner=owner,
        decks=[decks[seat % len(decks)][0] for seat in range(players)],
        main=main,
        demesne=demesne,
        hand=[[] for _ in range(players)],
        play=play,
        spent=[[] for _ in range(players)],
        paired=[-1] * count,
        attack=[-1] * count,
        quest_of=[-1] * count,
        upgraded=[False] * count,
        paid=[0] * count,
        regions_deck=chosen[3:],
        regions=chosen[:3],
        captured=[[] for _ in range(players)],
        total_renown=sum(pool.cards[r].renown for r in chosen),
        spent_rp=[0] * players,
        demesne_played=[False] * players,
        mulligans=[TO_DRAW] * players,
    )
    state.active = rng.below(players)
    state.note(f"{seat_mark(state.active)} goes first (the active player)")
    return state


def start_actions(state: Rt, seat: int) -> list[Action]:
    """Step 5 (how many demesnes to draw), then keep or mulligan (once)."""
    if state.mulligans[seat] == DRAWN:
        return [
            Action("keep", "Keep this hand"),
            Action("mulligan", "Mulligan: shuffle the hand back and draw again (once)"),
        ]
    most = min(HAND_LIMIT, len(state.demesne[seat]))
    least = 1 if most else 0  # an empty Demesne deck is legal: then no demesne is drawn (a ruling)
    return [
        Action(f"demesnes:{n}", f"Draw {n} demesne{'' if n == 1 else 's'}, then Main cards up to 10", {"count": n})
        for n in range(least, most + 1)
    ]


def perform_start(state: Rt, seat: int, action: Action, pool: Pool) -> None:
    if action.id == "keep":
        state.mulligans[seat] = READY
    elif action.id == "mulligan":
        for uid in state.hand[seat]:
            deck = state.main if pool.cards[state.card_of[uid]].main else state.demesne
            deck[seat].append(uid)
        state.hand[seat] = []
        state.rng.shuffle(state.main[seat])
        state.rng.shuffle(state.demesne[seat])
        state.mulligans[seat] = REDRAW
        state.note(f"{seat_mark(seat)} takes a mulligan")
    else:
        count = action.payload["count"]
        for _ in range(count):
            draw(state, seat, from_main=False)
        while len(state.hand[seat]) < HAND_LIMIT and draw(state, seat):
            pass
        state.mulligans[seat] = DRAWN if state.mulligans[seat] == TO_DRAW else READY
        drawn = len(state.hand[seat]) - count
        state.note(f"{seat_mark(seat)} draws {count} demesne{'' if count == 1 else 's'} and {drawn} Main cards")
    if state.mulligans[seat] == READY:
        state.turn += 1
