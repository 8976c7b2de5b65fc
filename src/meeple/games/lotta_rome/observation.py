"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: domains, gems, building cards, how many lands each player explored, revealed lots and
choices, the market, elephants, the number of cards in every hand, the deck and the discard, the
contracts won in auctions, revealed bids.
Private: a seat's own explored lands and sealed division until the lots are revealed (they are
behind the screen, 2 DIVISION), its lot choice and chosen contract until revealed, its own
contract hand and starting contract (everyone's starting contract is shown at the end).
Never shown: the order of any stack, deck or discard, the cards of other hands.
"""

from functools import lru_cache
from itertools import repeat
from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT, Content
from meeple.games.lotta_rome.contracts import contract_text
from meeple.games.lotta_rome.division import divided
from meeple.games.lotta_rome.pieces import (
    cell_building,
    cell_elephant,
    cell_land,
    first_land,
    piece,
    piece_building,
    second_land,
)
from meeple.games.lotta_rome.selection import CHOICE_NAMES
from meeple.games.lotta_rome.state import CHOOSE, OVER, PICK, Lotta

# Observations share the parts that never change once made (a piece, a contract card, a cell, a
# whole domain, a building card): they are made once and read by every observation that shows
# them. No consumer edits an observation (test_view checks the view, the terminal, the prompt,
# the server's board and the RL encoder).


@lru_cache(maxsize=1024)
def piece_view(code: int, content: Content) -> dict[str, Any]:
    """A piece as observations show it (shared, read-only)."""
    building = piece_building(code)
    second = second_land(code)
    return {
        "lands": [content.lands[first_land(code)].id] + ([content.lands[second].id] if second >= 0 else []),
        "building": None if building < 0 else ("fort" if building == FORT else content.lands[building].id),
    }


@lru_cache(maxsize=1024)
def contract_view(number: int, content: Content) -> dict[str, Any]:
    """A contract card as observations show it (shared, read-only)."""
    card = content.contracts[number]
    return {"number": number, "name": f"contract {number}", "coins": card.coins, "text": contract_text(card, content)}


@lru_cache(maxsize=4096)
def _pieces_view(codes: tuple[int, ...], content: Content) -> list[dict[str, Any]]:
    """Pieces as observations show them, in order (shared, read-only)."""
    return [piece_view(code, content) for code in codes]


@lru_cache(maxsize=4096)
def _contracts_view(numbers: tuple[int, ...], content: Content) -> list[dict[str, Any]]:
    """Contract cards as observations show them, in order (shared, read-only)."""
    return [contract_view(number, content) for number in numbers]


@lru_cache(maxsize=4096)
def _hexes_view(positions: tuple[int, ...]) -> list[str]:
    """Hexes by name, "q,r", in order (shared, read-only)."""
    return [geometry.name(position) for position in positions]


@lru_cache(maxsize=16384)
def _cell_view(position: int, value: int, content: Content) -> dict[str, Any]:
    q, r = geometry.coords(position)
    building = cell_building(value)
    return {
        "q": q,
        "r": r,
        "land": content.lands[cell_land(value)].id,
        "building": None if building < 0 else ("fort" if building == FORT else content.lands[building].id),
        "elephant": cell_elephant(value),
    }


@lru_cache(maxsize=4096)
def _domain_view(spots: tuple[int, ...], cells: tuple[int, ...], content: Content) -> list[dict[str, Any]]:
    """A domain's hexes by position (shared, read-only): made once per domain's contents."""
    return [_cell_view(position, value, content) for position, value in sorted(zip(spots, cells, strict=True))]


@lru_cache(maxsize=64)
def _building_card_view(card: int, content: Content) -> list[list[str]]:
    """The buildings of a building card, round by round (shared, read-only)."""
    return [[content.lands[b].id for b in r] for r in content.building_cards[card]]


@lru_cache(maxsize=4096)
def _lots_view(explored: tuple[int, ...], mask: int, content: Content) -> list[list[dict[str, Any]]]:
    """The smaller and the larger lot of explored pieces divided by `mask` (shared, read-only)."""
    return [_pieces_view(lot, content) for lot in divided(explored, mask)]


@lru_cache(maxsize=1024)
def _market_slot(slot: int, lot: int, land: int, gem: int, content: Content) -> dict[str, Any] | None:
    """A market slot as observations show it (shared, read-only)."""
    if lot < 0:
        return None
    return {
        "slot": slot,
        "double": piece_view(lot, content),
        "land": content.lands[land].id if land >= 0 else None,
        "gem": gem,
    }


def _player(state: Lotta, p: int, seat: int | None, content: Content) -> dict[str, Any]:
    """Seat p's part of the observation of `seat`: what that seat may see of p is picked here
    (a sealed value, a division or a lot choice, is None until made, then itself to its maker
    or once revealed, else "sealed"; a hand only to its owner), and the view of those values is
    made once and shared (`_player_view`)."""
    mine = p == seat
    shown = mine or state.divisions_revealed
    explored = tuple(state.explored[p])
    division = state.division[p]
    choice = state.choice[p]
    seen = (
        p,
        state.gems[p],
        state.building_card[p],
        len(state.stacks[p]),
        explored if shown else None,
        len(explored),
        None if division < 0 else (division if shown else "sealed"),
        state.lot_gem[p],
        None if choice < 0 else (CHOICE_NAMES[choice] if mine or state.choices_revealed else "sealed"),
        tuple(state.pending[p]),
        state.holding[p],
        state.half[p],
        tuple(state.spots[p]),
        tuple(state.cells[p]),
        tuple(state.joins[p]),
    )
    if not state.merchants:
        return _player_view(seen, None, content)
    revealed = state.phase == PICK
    chosen = state.chosen[p]
    start = state.start_contract[p]
    hand = state.hand[p]
    merchant = (
        tuple(sorted(hand)) if mine else None,
        len(hand),
        chosen if chosen >= 0 and (mine or revealed) else ("sealed" if chosen >= 0 else None),
        start if start >= 0 and (mine or state.phase == OVER) else ("secret" if start >= 0 else None),
        tuple(state.contracts[p]),
        state.bids[p] if revealed else None,
        state.elephant_done[p],
    )
    return _player_view(seen, merchant, content)


@lru_cache(maxsize=8192)
def _player_view(seen: tuple, merchant: tuple | None, content: Content) -> dict[str, Any]:
    """A player's view from what the observing seat may see of him (`_player`), and of his
    contracts with the expansion (shared, read-only)."""
    p, gems, card, stack, explored, count, division, lot_gem, choice, pending, holding, half, spots, cells, joins = seen
    view: dict[str, Any] = {
        "seat": p,
        "gems": gems,
        "building_card": content.building_card_ids[card],
        "buildings": _building_card_view(card, content),
        "stack": stack,
        "explored": None if explored is None else _pieces_view(explored, content),
        "explored_count": count,
        "division": division,
        "lots": _lots_view(explored, division, content) if explored and isinstance(division, int) else None,
        "lot_gem": lot_gem,
        "choice": choice,
        "pending": _pieces_view(pending, content),
        "holding": piece_view(holding, content) if holding >= 0 else None,
        "half": geometry.name(half) if half >= 0 else None,
        "domain": _domain_view(spots, cells, content),
        "joins": _hexes_view(joins),
        "lands": len(cells),
    }
    if merchant is not None:
        hand, hand_size, chosen, start, contracts, bid, elephant_done = merchant
        view["hand"] = None if hand is None else _contracts_view(hand, content)
        view["hand_size"] = hand_size
        view["chosen"] = contract_view(chosen, content) if isinstance(chosen, int) else chosen
        view["start_contract"] = contract_view(start, content) if isinstance(start, int) else start
        view["contracts"] = _contracts_view(contracts, content)
        view["bid"] = bid
        view["elephant_done"] = elephant_done
    return view


def observation(
    state: Lotta, seat: int | None, content: Content, to_move: tuple[int, ...], targets: list[str]
) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator, who sees only public information); `targets`
    are the hexes ("q,r") where the seat may place a land or an elephant now."""
    obs: dict[str, Any] = {
        "game": "lotta-rome",
        "seat": seat,
        "players": state.players,
        "merchants": state.merchants,
        "round": state.round,
        "rounds": content.constants.rounds,
        "phase": state.phase,
        "to_move": list(to_move),
        "targets": targets,
        "sources": [state.source_of(p) for p in range(state.players)],
        "players_view": [_player(state, p, seat, content) for p in range(state.players)],
        "final": [f[:] for f in state.final],
        "log": word_log(state.log, seat, 40),
    }
    if state.merchants:
        slots = range(len(state.market))
        obs["market"] = list(
            map(_market_slot, slots, state.market, state.market_land, state.market_gem, repeat(content))
        )
        obs["deck"] = len(state.deck)
        obs["discard"] = len(state.discard)
        obs["elephants_left"] = state.elephants_left
        obs["doubles_left"] = len(state.doubles)
        obs["order"] = state.order[:]
        obs["order_pos"] = state.order_pos
    return obs


def determinize(state: Lotta, seat: int, rng: Rng) -> Lotta:
    """A full state that `seat` cannot tell from `state`: every stack reshuffled (with, before the
    lots are revealed, the lands other seats explored), hidden contract cards redrawn from the
    unseen ones, other seats' unrevealed sealed choices unmade, and the random stream replaced.
    Depends on `state` only through `observation(state, seat)`. The piles are sorted, then each
    put in a uniformly random order by `Rng.permute` (several Fisher-Yates indices a draw), then
    dealt back."""
    sampled = state.clone()
    others = [p for p in range(state.players) if p != seat]
    piles: list[list[int]] = []
    redrawn = [] if sampled.divisions_revealed else others
    for p in redrawn:  # the explored lands go back into the stack, which is then dealt again
        sampled.division[p] = -1
        pool = sampled.stacks[p] + [first_land(code) for code in sampled.explored[p]]
        pool.sort()
        sampled.stacks[p] = pool
    for stack in sampled.stacks:
        stack.sort()
    piles += sampled.stacks
    if sampled.phase == CHOOSE:
        for p in others:
            sampled.choice[p] = -1
    if sampled.merchants:
        if sampled.phase != PICK:
            for p in others:
                sampled.chosen[p] = -1
        hands, starts = _hidden_hands(sampled, others), _hidden_starts(sampled, others)
        contracts = _unseen_contracts(sampled, hands, starts)
        sampled.doubles.sort()
        sampled.bonus_stack.sort()
        piles += (contracts, sampled.doubles, sampled.bonus_stack)
    for pile in piles:
        rng.permute(pile)
    for p in redrawn:
        _deal_explored(sampled, p)
    if sampled.merchants:
        _deal_contracts(sampled, hands, starts, contracts)
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled


def _deal_explored(sampled: Lotta, p: int) -> None:
    """Seat p's explored lands are the first of its reshuffled stack (which held them); the
    round's buildings stay on the first ones (they are on p's public building card)."""
    explored = sampled.explored[p]
    pool = sampled.stacks[p]
    sampled.explored[p] = [
        piece(land, building=piece_building(code)) for land, code in zip(pool[: len(explored)], explored, strict=True)
    ]
    sampled.stacks[p] = pool[len(explored) :]


def _hidden_hands(sampled: Lotta, others: list[int]) -> list[tuple[list[int], list[int]]]:
    """Other seats' hands that hide cards, each with the places of its hidden cards: every card
    but a revealed chosen one."""
    hands, chosen = sampled.hand, sampled.chosen
    return [(hands[p], [i for i, n in enumerate(hands[p]) if n != chosen[p]]) for p in others if hands[p]]


def _hidden_starts(sampled: Lotta, others: list[int]) -> list[int]:
    """The other seats whose starting contract is still secret."""
    return [p for p in others if sampled.start_contract[p] >= 0] if sampled.phase != OVER else []


def _unseen_contracts(sampled: Lotta, hands: list[tuple[list[int], list[int]]], starts: list[int]) -> list[int]:
    """The contract cards `seat` cannot see, sorted: deck, discard, other hands' hidden cards
    (`hands`: but a revealed chosen card) and other starting contracts (`starts`: before the end)."""
    pool = sampled.deck + sampled.discard
    for hand, places in hands:
        pool += map(hand.__getitem__, places)
    pool += map(sampled.start_contract.__getitem__, starts)
    pool.sort()
    return pool


def _deal_contracts(
    sampled: Lotta, hands: list[tuple[list[int], list[int]]], starts: list[int], pool: list[int]
) -> None:
    """The shuffled unseen cards fill again the deck, the discard, the other hands' hidden
    places and the other starting contracts, in that order."""
    deck = len(sampled.deck)
    discard = deck + len(sampled.discard)
    sampled.deck[:] = pool[:deck]
    sampled.discard[:] = pool[deck:discard]
    drawn = discard
    for hand, places in hands:
        for i in places:
            hand[i] = pool[drawn]
            drawn += 1
    start = sampled.start_contract
    for p in starts:
        start[p] = pool[drawn]
        drawn += 1
