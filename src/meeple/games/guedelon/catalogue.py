"""Every action id of a game of Guédelon (the engine's `action_catalogue`).

Locations, buildings and token kinds come from the content; the counts of actors (worker pawns
and the apprentice), visitors and token containers (locations, wheelbarrows, cart) from a
set-up state, which fixes them for the player count and options. A count of tokens produced or
transformed at once never exceeds the largest reserve (3.2: a location cannot produce more than
the reserve holds, nor a workshop transform more than was produced).
"""

from meeple.engine.catalogue import catalogue, expand
from meeple.games.guedelon.content import COLOURS, KINDS, PRODUCTS, Content
from meeple.games.guedelon.state import Guedelon


def action_catalogue(state: Guedelon, content: Content) -> tuple[str, ...]:
    """The ids, from a freshly set-up `state` (only its sizes are read)."""
    locations = [location.id for location in content.locations]
    buildings = [building.id for building in content.buildings]
    products = [KINDS[kind] for kind in PRODUCTS]
    most = max(content.reserve)
    return catalogue(
        ["done", "end", "skip", "again", "rebelote", "side:workers", "side:apprentice", "fetch:done"],
        ["cart:done", "cart:loadall", "cart:unloadall", "route:wait"],
        expand("first:{worker}", worker=range(2)),
        expand("move:{loc}", loc=locations),
        expand("cart:move:{loc}", loc=locations),
        expand("fairy:{loc}", loc=locations),
        expand("foot:{building}", building=buildings),
        expand("gift:{building}", building=buildings),
        expand("build:{building}:{kind}", building=[*buildings, "mill"], kind=KINDS),
        expand("{prefix}{verb}:{kind}", prefix=["", "cart:"], verb=["load", "unload"], kind=KINDS),
        expand("{verb}many:{kind}:{n}", verb=["load", "unload"], kind=KINDS, n=range(2, content.wheelbarrow + 1)),
        expand("{token}:{where}", token=["mortar", "rope"], where=["here", "barrow", "cart"]),
        expand("produce:{n}", n=range(1, most + 1)),
        expand("transform:{n}", n=range(1, most + 1)),
        expand("pick:{actor}", actor=range(len(state.actor_loc))),
        expand("push:{pawn}", pawn=range(len(state.visitor_loc))),
        expand("fetch:{container}:{kind}", container=range(len(state.tokens)), kind=products),
        expand("colour:{colour}", colour=COLOURS),
        expand("route:{colour}:{step}", colour=COLOURS, step=(1, 2)),
    )
