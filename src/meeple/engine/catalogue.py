"""Action catalogues: a game's every action id spelled out from a few id patterns.

An id pattern is a format string whose fields each range over a finite domain taken from the
game's content ("move:{loc}" with `loc` over the board's locations); `expand` lists every id
of a pattern, fields varying from the last to the first, and `catalogue` joins patterns in
the order given, each id once. A game's `action_catalogue` is such a list, so its order is
the order of its patterns and of its content files, stable while they are.
"""

from collections.abc import Iterable, Sequence
from itertools import product


def expand(pattern: str, **domains: Iterable[object]) -> list[str]:
    """Every id of `pattern` with each named field over its domain (the fields' product)."""
    names = list(domains)
    values = [list(domain) for domain in domains.values()]
    return [pattern.format(**dict(zip(names, combo, strict=True))) for combo in product(*values)]


def catalogue(*groups: Sequence[str] | str) -> tuple[str, ...]:
    """The ids of `groups` (single ids or lists of them) in order, each kept at its first place."""
    ids: dict[str, None] = {}
    for group in groups:
        for action_id in [group] if isinstance(group, str) else group:
            ids.setdefault(action_id, None)
    return tuple(ids)
