"""Knights' Influence and Resistance when attacking (2-3, 6, Knight Subtypes; FINDINGS: Leader).

A knight's values are its own plus those of the Equipment and Titles paired with it, plus:
- Round Table: +1 Influence from each other vassal Round Table Knight ("provides +1 Influence
  to other attacking vassal Round Table Knights ... if you have three Round Table Knights,
  each Knight gains +2"; Grail Knights are Round Table Knights too);
- Grail Knight: +1 Resistance from each other vassal Grail Knight;
- Leader (FINDINGS): +1 Influence and +1 Resistance from each other Leader the controller has
  in play ("the Leader need not attack").
The knight receiving a bonus attacks (any region); the knight giving it need not attack, but
one on a Quest gives nothing: it is engaged, "ineligible for participating in Campaigning"
(a ruling).
- the texts of the knight and its paired cards (the cardinal rule).
"""

from functools import cache

from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import INFLUENCE, RESISTANCE, SUBTYPES, hook
from meeple.games.round_table.lineup import Lineup, lineup
from meeple.games.round_table.state import Rt


def paired_with(state: Rt, seat: int, knight: int) -> list[int]:
    """The Equipment and Titles paired with `knight`."""
    paired = state.paired
    return [u for u in state.play[seat] if paired[u] == knight]


def subtypes(state: Rt, pool: Pool, knight: int) -> set[str]:
    """The knight's subtypes: printed, granted by paired cards, and Grail implying Round Table."""
    return _subtypes(state, pool, knight, paired_with(state, state.owner[knight], knight))


def _subtypes(state: Rt, pool: Pool, knight: int, items: list[int]) -> set[str]:
    """`subtypes` of a knight whose paired cards are `items`."""
    found = set(pool.cards[state.card_of[knight]].subtypes)
    for u in items:
        grant = hook(pool.cards[state.card_of[u]].ability, SUBTYPES)
        if grant is not None:
            found.update(grant(state, pool, knight))
    if "grail" in found:
        found.add("round_table")
    return found


def strength(state: Rt, pool: Pool, knight: int) -> tuple[int, int]:
    """The (Influence, Resistance) of an attacking knight."""
    seat = state.owner[knight]
    cards, card_of, quest_of = pool.cards, state.card_of, state.quest_of
    influence, resistance = _own_strength(state, pool, seat, knight)
    mine = subtypes(state, pool, knight)
    others = [u for u in state.play[seat] if u != knight and quest_of[u] < 0 and cards[card_of[u]].type == "knight"]
    if "round_table" in mine or "grail" in mine:
        fellows = [subtypes(state, pool, u) for u in others]
        if "round_table" in mine:
            influence += sum("round_table" in s for s in fellows)
        if "grail" in mine:
            resistance += sum("grail" in s for s in fellows)
    leaders = sum(1 for u in others if "leader" in cards[card_of[u]].subtypes)
    return influence + leaders, resistance + leaders


@cache
def _printed(pool: Pool) -> tuple[tuple[frozenset[str], ...], frozenset[int], frozenset[int]]:
    """Per card of the pool: its printed subtypes (a Grail Knight is a Round Table Knight too);
    and the cards whose text grants subtypes, and those whose text adds Influence or Resistance
    (a knight with none of them paired and no such text of its own needs no hook called)."""
    printed = tuple(
        frozenset(card.subtypes) | ({"round_table"} if "grail" in card.subtypes else set()) for card in pool.cards
    )
    return printed, pool.hooked[SUBTYPES], pool.hooked[INFLUENCE] | pool.hooked[RESISTANCE]


@cache
def _plain(pool: Pool) -> tuple[frozenset[int], tuple[int, ...]]:
    """The cards whose text grants subtypes or adds Influence or Resistance (a seat with none of
    them in play has every knight at its printed strength with its paired cards', the lineup's
    powers and guards); and per card of the pool its bonus-giving subtypes as bits: 1 Round
    Table (a Grail Knight is one too), 2 Grail, 4 Leader."""
    printed, granting, adding = _printed(pool)
    marks = tuple(
        ("round_table" in subtypes) | ("grail" in subtypes) << 1 | ("leader" in card.subtypes) << 2
        for subtypes, card in zip(printed, pool.cards, strict=True)
    )
    return granting | adding, marks


KEPT: dict[int, tuple[Lineup, dict[int, tuple[int, int]]]] = {}
"""`strengths` of a seat whose cards have no text that could change them while no knight is on a
Quest, by its lineup (by identity, the lineup kept with the entry: a lineup is immutable and
holds every input then, its knights' cards, printed strengths and paired cards'), so the
clones of one state (a search's determinizations) work them out once. Callers only read it."""
LIMIT = 20_000  # entries kept at most; the store starts afresh when full


def strengths(state: Rt, pool: Pool, seat: int) -> dict[int, tuple[int, int]]:
    """`strength` of every knight the seat has in play, in play order, in one pass: each
    knight's paired cards and subtypes worked out once (not once per fellow). When no card of
    the seat has a text that could change them, the lineup's printed strengths are the knights'
    own, and only the bonuses from fellows are added (kept by lineup while no Quest is live:
    `KEPT`). The result is shared: read it, never change it."""
    line = lineup(state, pool, seat)
    free = not state.quests  # no knight is engaged (quest_of indexes `quests`)
    if free:
        kept = KEPT.get(id(line))
        if kept is not None and kept[0] is line:
            return kept[1]
    found = _strengths(state, pool, line)
    if found is None:
        return _with_texts(state, pool, line)
    if free:
        if len(KEPT) >= LIMIT:
            KEPT.clear()
        KEPT[id(line)] = (line, found)
    return found


def _strengths(state: Rt, pool: Pool, line: Lineup) -> dict[int, tuple[int, int]] | None:
    """`strengths` from the lineup's printed strengths, or None when a card of the seat has a
    text that could change them."""
    knights = line.knights
    if not knights:
        return {}
    texts, marks = _plain(pool)
    if not texts.isdisjoint(line.kinds):
        return None
    card_of = state.card_of
    return _printed_strengths(knights, [marks[card_of[u]] for u in knights], state.quest_of, line.powers, line.guards)


def _with_texts(state: Rt, pool: Pool, line: Lineup) -> dict[int, tuple[int, int]]:
    """`strengths` of a seat with a card whose text could change them: the texts asked."""
    cards, card_of, quest_of, paired = pool.cards, state.card_of, state.quest_of, state.paired
    knights = line.knights
    items: dict[int, list[int]] = {u: [] for u in knights}  # per knight: its paired cards, in play order
    for u in line.items:  # only Equipment and Titles are paired
        holder = items.get(paired[u])
        if holder is not None:
            holder.append(u)
    printed, granting, adding = _printed(pool)
    kinds = [
        _subtypes(state, pool, u, items[u])
        if items[u] and not granting.isdisjoint([card_of[i] for i in items[u]])
        else printed[card_of[u]]
        for u in knights
    ]
    free = [quest_of[u] < 0 for u in knights]  # not engaged on a quest: gives its bonuses
    round_table = sum(1 for s, f in zip(kinds, free, strict=True) if f and "round_table" in s)
    grail = sum(1 for s, f in zip(kinds, free, strict=True) if f and "grail" in s)
    leaders = sum(1 for u, f in zip(knights, free, strict=True) if f and "leader" in cards[card_of[u]].subtypes)
    found = {}
    for u, mine, f in zip(knights, kinds, free, strict=True):
        if items[u] or card_of[u] in adding:
            i, r = _with_items(state, pool, u, items[u])
        else:
            card = cards[card_of[u]]
            i, r = card.influence, card.resistance
        if "round_table" in mine:
            i += round_table - f  # each other free Round Table knight
        if "grail" in mine:
            r += grail - f
        bonus = leaders - (f and "leader" in cards[card_of[u]].subtypes)
        found[u] = (i + bonus, r + bonus)
    return found


def _printed_strengths(
    knights: tuple[int, ...], marks: list[int], quest_of: list[int], powers: tuple[int, ...], guards: tuple[int, ...]
) -> dict[int, tuple[int, int]]:
    """`strengths` of knights whose values are their printed ones with their paired cards'
    (`powers`, `guards`), `marks` their subtypes' bits (`_plain`): the fellows' bonuses added."""
    free = [quest_of[u] < 0 for u in knights]  # not engaged on a quest: gives its bonuses
    round_table = grail = leaders = 0
    for k, mark in enumerate(marks):  # by place, not zip: zip(strict=True) costs a keyword call
        if mark and free[k]:
            round_table += mark & 1
            grail += mark >> 1 & 1
            leaders += mark >> 2
    found = {}
    for k, u in enumerate(knights):
        mark, f, i, r = marks[k], free[k], powers[k], guards[k]
        if mark & 1:
            i += round_table - f  # each other free Round Table knight
        if mark & 2:
            r += grail - f
        bonus = leaders - f if mark & 4 else leaders
        found[u] = (i + bonus, r + bonus)
    return found


def armies(state: Rt, pool: Pool, seat: int) -> dict[int, tuple[int, int]]:
    """`army` of every region slot the seat attacks, in one pass (none when no knight of the
    seat attacks)."""
    attack = state.attack
    for u in lineup(state, pool, seat).knights:  # only knights attack
        if attack[u] >= 0:
            break
    else:
        return {}
    found: dict[int, tuple[int, int]] = {}
    for knight, (i, r) in strengths(state, pool, seat).items():
        slot = attack[knight]
        if slot >= 0:
            influence, resistance = found.get(slot, (0, 0))
            found[slot] = (influence + i, resistance + r)
    return found


def _own_strength(state: Rt, pool: Pool, seat: int, knight: int) -> tuple[int, int]:
    """A knight's Influence and Resistance with its paired cards and their texts, before any
    bonus from its fellows."""
    return _with_items(state, pool, knight, paired_with(state, seat, knight))


def _with_items(state: Rt, pool: Pool, knight: int, items: list[int]) -> tuple[int, int]:
    """`_own_strength` of a knight whose paired cards are `items`."""
    cards, card_of = pool.cards, state.card_of
    card = cards[card_of[knight]]
    influence, resistance = card.influence, card.resistance
    for bearer in [knight, *items]:
        bearer_card = cards[card_of[bearer]]
        if bearer != knight:
            influence += bearer_card.influence
            resistance += bearer_card.resistance
        if not bearer_card.ability:
            continue
        more = hook(bearer_card.ability, INFLUENCE)
        if more is not None:
            influence += more(state, pool, knight, bearer)
        more = hook(bearer_card.ability, RESISTANCE)
        if more is not None:
            resistance += more(state, pool, knight, bearer)
    return influence, resistance
