"""Shuffling for `determinize`: every hidden pile of a sampled state reshuffled at once.

A search draws a determinization every iteration, and shuffling its piles one draw at a time
(Fisher-Yates in Python) was a sixth of an iteration. Here each item gets a random 16-bit key
from one SHAKE-128 output seeded by one word of the stream, and every pile is put in the order
of its keys by one sort in C. A pile whose keys are not all different is drawn again with the
others (a rejection), so given distinct keys every order of every pile is equally likely and
the piles are independent, as with Fisher-Yates; only which order a given stream gives differs.
"""

import sys
from array import array
from functools import lru_cache
from hashlib import shake_128
from itertools import chain, repeat
from operator import or_

from meeple.engine import Rng

_KEY_BITS = 16  # a key's bits; a pile's number sits above them (keys of different piles never tie)
MAX_PILE = 256  # 16-bit keys of this many items are all different more than half the time
_SWAP = sys.byteorder == "big"  # keys are read little-endian on every machine: the same stream, the same orders


@lru_cache(maxsize=256)
def _pile_tags(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """By item, in the order of the piles: its pile's number shifted above the key."""
    return tuple(chain.from_iterable(repeat(pile << _KEY_BITS, size) for pile, size in enumerate(sizes)))


def shuffle_piles(piles: list[list[int]], rng: Rng) -> None:
    """Shuffle every list of `piles` in place, each uniformly and independently of the others."""
    sizes = tuple(map(len, piles))
    if sizes and max(sizes) > MAX_PILE:
        raise ValueError(f"shuffle_piles takes piles of at most {MAX_PILE} items, got {max(sizes)}")
    total = sum(sizes)
    tags = _pile_tags(sizes)
    items = list(chain.from_iterable(piles))
    while True:
        keys = array("H", shake_128(rng.next64().to_bytes(8, "little")).digest(2 * total))
        if _SWAP:
            keys.byteswap()
        order = dict(zip(map(or_, tags, keys), items, strict=True))
        if len(order) == total:  # no two keys of a pile alike
            break
    drawn = list(map(order.__getitem__, sorted(order)))
    start = 0
    for pile, size in zip(piles, sizes, strict=True):
        pile[:] = drawn[start : start + size]
        start += size
