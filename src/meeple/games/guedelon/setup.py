"""0 Setting up, and 11 Solo and Duo: who plays which worker pawns on which boards."""

from meeple.engine import Rng
from meeple.games.guedelon.content import KINDS, Content
from meeple.games.guedelon.state import Guedelon


def deck(difficulty: str, rng: Rng, content: Content) -> list[int]:
    """5.2 and 10 Difficulty: cards 1-18, or 9 of them (drawn at random) with a harder series of 9."""
    easy = content.series("easy")
    if difficulty == "easy":
        return easy
    rng.shuffle(easy)
    return sorted(easy[:9] + content.series(difficulty))


def wheelbarrows(players: int, boards: int, actors: int, own_barrows: bool) -> int:
    """3.3: one wheelbarrow per board. 11.3: the solo player's two workers share theirs, unless
    `own_barrows` gives each its own (then one per actor: two workers and the apprentice). At 2-4
    players every actor has its own board, so the option changes nothing."""
    return actors if players == 1 and own_barrows else boards


def new_state(
    players: int,
    seed: int,
    content: Content,
    difficulty: str,
    mill: bool,
    extra_rounds: int,
    blacksmith_sets: bool = False,
    own_barrows: bool = False,
) -> Guedelon:
    """Reserves, the cart at the Stables, 9 visitors in the bag, workers in the Castle courtyard,
    sliders by player count (3), floor tiles at floor 0, the event deck (5.2, 10).

    Solo (11.3): one board shared by two workers, and a second board for the apprentice; with
    `own_barrows` (option solo_wheelbarrow=own) each worker pawn pushes its own wheelbarrow.
    Duo (11.2): one board each, and a third for the apprentice. The apprentice starts on the
    Belvedere (11.1); seat 0, the first player, moves it.
    """
    rng = Rng.from_seed(seed)
    castle, belvedere = content.loc("castle"), content.loc("belvedere")
    if players == 1:
        boards, actor_board, actor_seat = 2, [0, 0, 1], [0, 0, 0]
    elif players == 2:
        boards, actor_board, actor_seat = 3, [0, 1, 2], [0, 1, 0]
    else:
        boards, actor_board, actor_seat = players, list(range(players)), list(range(players))
    apprentice = len(actor_board) - 1 if players <= 2 else -1
    start_exp, start_tools = content.sliders[players]
    exp = [start_exp] * boards  # 3 and 11.2: every board, the apprentice's too, by player count
    tools = [start_tools] * boards
    locations = len(content.locations)
    barrows = wheelbarrows(players, boards, len(actor_board), own_barrows)
    colours = [c for c, count in enumerate(content.visitors) for _ in range(count)]
    state = Guedelon(
        players=players,
        seed=seed,
        rng=rng,
        boards=boards,
        actor_board=actor_board,
        actor_seat=actor_seat,
        actor_loc=[belvedere if a == apprentice else castle for a in range(len(actor_board))],
        apprentice=apprentice,
        exp=exp,
        tools=tools,
        tokens=[[0] * len(KINDS) for _ in range(locations + barrows + 1)],
        reserve=list(content.reserve),
        cart_loc=content.loc("stables"),
        mortar=[0] * len(content.floors),
        floor=[0] * len(content.floors),
        filled=[[-1] * len(floors[0]) for floors in content.floors],
        mill=0 if mill else -1,
        mill_filled=[-1] * len(content.mill_needs) if mill else [],
        visitor_colour=colours,
        visitor_loc=[-1] * len(colours),
        visitor_up=[False] * len(colours),
        deck=deck(difficulty, rng, content),
        production=[0] * locations,
        extra_limit=extra_rounds,
        blacksmith_sets=blacksmith_sets,
    )
    mode = {1: "solo", 2: "duo"}.get(players, f"{players} players")
    own = ", a wheelbarrow per worker" if players == 1 and own_barrows else ""
    state.note(f"Guédelon, {mode}, {difficulty} events{', with the Mill' if mill else ''}{own}")
    return state
