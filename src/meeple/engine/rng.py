"""Seeded random streams kept inside game states.

A stream is a SplitMix64 generator whose whole state is one 64-bit integer, so
cloning a game state copies a number, and the same seed gives the same draws on
every machine and every Python version (unlike `random.Random`, whose
algorithms are not promised stable).
"""

import hashlib
from functools import lru_cache

import msgspec

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SPAN = 1 << 64
# `permute` takes from one 64-bit draw as many of Fisher-Yates's indices as have bounds whose
# product stays within this, so a draw is redrawn with a chance under 2**-8.
_CHUNK = 1 << 56


@lru_cache(maxsize=512)
def _permutation_plan(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Fisher-Yates's bounds for a list of `size` (size, size - 1, ..., 2), cut into chunks whose
    product `p` is at most `_CHUNK`, each with the largest multiple of `p` that fits in 64 bits
    (a draw below it is kept)."""
    plan: list[tuple[int, tuple[int, ...]]] = []
    bounds: list[int] = []
    product = 1
    for n in range(size, 1, -1):
        if product * n > _CHUNK:
            plan.append((_SPAN - _SPAN % product, tuple(bounds)))
            bounds, product = [], 1
        bounds.append(n)
        product *= n
    if bounds:
        plan.append((_SPAN - _SPAN % product, tuple(bounds)))
    return tuple(plan)


def derive_seed(seed: int, *labels: object) -> int:
    """A new 63-bit seed from a seed and labels (e.g. a game index), stable everywhere."""
    text = repr((seed, *labels)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


class Rng(msgspec.Struct):
    """A SplitMix64 stream; `state` is all there is to it."""

    state: int

    @classmethod
    def from_seed(cls, seed: int, *labels: object) -> "Rng":
        return cls(derive_seed(seed, *labels) if labels else seed & _MASK)

    def clone(self) -> "Rng":
        return Rng(self.state)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (`next64` written out inline: this
        is the hottest call of random playouts)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def random_ahead(self, step: int) -> float:
        """The float `random()` would give as the `step`-th draw from now (1 = the next one),
        without moving the stream: SplitMix64's state after k draws is its state plus k steps,
        so a caller may look at some draws of a run and skip the others (`skip`)."""
        z = (self.state + step * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def skip(self, draws: int) -> None:
        """Move the stream on as `draws` calls of `next64` (or `random`) would."""
        self.state = (self.state + draws * _GOLDEN) & _MASK

    def choice(self, items: list) -> object:
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place: for i from the last index down, swap with `below(i + 1)`
        (written out inline, the same draws)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def permute(self, items: list) -> None:
        """Every order of `items` equally likely, in place, about three times faster than
        `shuffle` on a long list: Fisher-Yates with several of its indices from each 64-bit
        draw. For a chunk of bounds n1, n2, ... nk whose product p is at most 2**56, a draw z
        is kept only below the largest multiple of p under 2**64 (else redrawn), so z mod p is
        exactly uniform and its mixed-radix digits (z mod n1, then the quotient mod n2, ...)
        are independent uniform indices. Not the same draws as `shuffle`: the rules' own chance
        keeps `shuffle` (recorded games replay by it); searches sampling hidden information
        (`determinize`) use this."""
        s = self.state
        for limit, bounds in _permutation_plan(len(items)):
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            for n in bounds:
                j = z % n
                z //= n
                n -= 1
                items[n], items[j] = items[j], items[n]
        self.state = s
