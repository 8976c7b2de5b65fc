"""Setting up (base game setup steps 1-4, FINDINGS; expansion SET UP)."""

from meeple.engine import Rng
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.pieces import cell
from meeple.games.lotta_rome.state import DIVIDE, START, Lotta


def new_state(players: int, seed: int, content: Content, merchants: bool) -> Lotta:
    """Each player: a shuffled personal stack of 20 lands, a random building card, 4 gems.
    With The Merchants: a random starting land with an elephant on it, the market's stacks,
    and 3 contracts dealt to each player, who keeps one."""
    rng = Rng.from_seed(seed)
    stacks = []
    for _ in range(players):
        stack = content.stack()
        rng.shuffle(stack)
        stacks.append(stack)
    cards = list(range(len(content.building_cards)))
    rng.shuffle(cards)
    state = Lotta(
        players=players,
        seed=seed,
        rng=rng,
        merchants=merchants,
        phase=DIVIDE,
        building_card=cards[:players],
        stacks=stacks,
        gems=[content.constants.start_gems] * players,
        explored=[[] for _ in range(players)],
        division=[-1] * players,
        choice=[-1] * players,
        pending=[[] for _ in range(players)],
        holding=[-1] * players,
        half=[-1] * players,
        spots=[[] for _ in range(players)],
        cells=[[] for _ in range(players)],
        joins=[[] for _ in range(players)],
        lot_gem=[0] * players,
    )
    if merchants:
        set_up_merchants(state, content)
    return state


def set_up_merchants(state: Lotta, content: Content) -> None:
    """Expansion SET UP: starting lands with an elephant, the market's supplies, contracts."""
    rng = state.rng
    m = content.merchants
    players = state.players
    start_lands = list(m.start_lands)
    rng.shuffle(start_lands)
    for seat in range(players):
        state.put(seat, geometry.ORIGIN, cell(start_lands[seat], elephant=True))
    state.elephants_left = m.elephants - players
    state.elephant_done = [False] * players
    state.doubles = list(range(len(m.doubles)))
    rng.shuffle(state.doubles)
    state.bonus_stack = list(m.bonus_lands)
    rng.shuffle(state.bonus_stack)
    state.buildings_left = list(range(len(content.lands)))
    state.forts_left = m.forts
    state.market_gems = m.gems
    state.deck = sorted(content.contracts)
    rng.shuffle(state.deck)
    state.hand = [[state.deck.pop() for _ in range(m.contracts_dealt)] for _ in range(players)]
    state.chosen = [-1] * players
    state.start_contract = [-1] * players
    state.contracts = [[] for _ in range(players)]
    state.bids = [-1] * players
    state.phase = START
    names = ", ".join(f"{seat_mark(s)} {content.lands[start_lands[s]].name}" for s in range(players))
    state.note(f"Starting lands: {names}")


def keep_start_contract(state: Lotta) -> None:
    """SET UP: each keeps his chosen card; the others are shuffled back into the deck."""
    for seat in range(state.players):
        state.start_contract[seat] = state.chosen[seat]
        state.deck += [n for n in state.hand[seat] if n != state.chosen[seat]]
        state.hand[seat] = []
        state.chosen[seat] = -1
    state.rng.shuffle(state.deck)
    state.note("Everyone keeps a starting contract")
