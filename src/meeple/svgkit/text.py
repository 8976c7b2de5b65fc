"""Text in a panel: sizes, a width estimate, fitting and wrapping.

A panel is drawn at one unit per CSS pixel, so `MIN_TEXT` units are 12 px on every screen
(issue 12: no text under 12 px at 1400x900, none under 11 px on a phone).

Every function here is a pure function of its (immutable) arguments, and a server draws the
same words at the same places for every seat and every action (names, labels, card texts):
they are cached (bounded), so a board redrawn after an action mostly looks its pieces up.
"""

from functools import lru_cache
from itertools import accumulate
from xml.sax.saxutils import escape

MIN_TEXT = 12
INK = "#2b2118"
MUTED = "#5f5140"  # secondary text, still 7:1 on the paper colours


def _char_width(c: str) -> float:
    if c in "il.,:;'|!()[]ftjrI ":
        return 0.32
    if c in "mwMW@":
        return 0.88
    if c.isupper() or c.isdigit():
        return 0.68
    return 0.6


@lru_cache(maxsize=8192)
def width(s: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the drawn width of `s` (fonts differ; this errs wide)."""
    return sum(_char_width(c) for c in s) * size * (1.1 if bold else 1.0)


@lru_cache(maxsize=16384)
def fit(s: str, size: float, room: float, bold: bool = False) -> str:
    """`s` cut short with an ellipsis to fit `room` units."""
    if width(s, size, bold) <= room:
        return s
    scale, ellipsis = size * (1.1 if bold else 1.0), _char_width("…")
    drawn = list(accumulate(map(_char_width, s), initial=0))  # drawn[k]: the width of s[:k], as `width` sums it
    keep = len(s)
    while keep and (drawn[keep] + ellipsis) * scale > room:  # the longest start that fits with "…"
        keep -= 1
    return s[:keep].rstrip(" ,") + "…"


def wrap(s: str, size: float, room: float, lines: int = 99, bold: bool = False) -> list[str]:
    """`s` broken into at most `lines` lines of `room` units (the last one cut short); a new
    list each call (the lines are cached)."""
    return list(_wrapped(s, size, room, lines, bold))


@lru_cache(maxsize=4096)
def _wrapped(s: str, size: float, room: float, lines: int, bold: bool) -> tuple[str, ...]:
    out: list[str] = []
    words = s.split()
    current = ""
    for i, word in enumerate(words):
        candidate = f"{current} {word}".strip()
        if width(candidate, size, bold) <= room or not current:
            current = candidate
            continue
        if len(out) == lines - 1:
            current = " ".join([current, *words[i:]])
            break
        out.append(current)
        current = word
    if current:
        out.append(fit(current, size, room, bold))
    return tuple(out)


@lru_cache(maxsize=65536)
def num(v: float) -> str:
    """A coordinate, short: 12, 12.5 (cached: boards repeat the same few thousand numbers)."""
    rounded = round(v, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


@lru_cache(maxsize=65536)
def text(
    x: float,
    y: float,
    s: str,
    size: float = 14,
    fill: str = INK,
    bold: bool = False,
    anchor: str = "start",
    cls: str = "",
    italic: bool = False,
) -> str:
    """One line of text; `size` is in CSS pixels and at least `MIN_TEXT`."""
    if size < MIN_TEXT:
        raise ValueError(f"text of {size} px is under the {MIN_TEXT} px a board may use: {s!r}")
    attrs = f'x="{num(x)}" y="{num(y)}" font-size="{num(size)}"'
    if fill != INK:
        attrs += f' fill="{fill}"'
    if bold:
        attrs += ' font-weight="bold"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if cls:
        attrs += f' class="{cls}"'
    if italic:
        attrs += ' font-style="italic"'
    return f"<text {attrs}>{escape(s)}</text>"
