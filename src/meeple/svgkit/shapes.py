"""Shapes every board uses: rectangles, groups, tooltips, clickable choices, framed cards."""

from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from meeple.svgkit.text import INK, fit, num, text, wrap


@lru_cache(maxsize=16384)  # a pure function of its arguments, drawn again at every redraw
def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    stroke: str = "none",
    sw: float = 1,
    rx: float = 0,
    extra: str = "",
) -> str:
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{num(sw)}"{extra}/>'
    )


@lru_cache(maxsize=16384)
def title(s: str) -> str:
    """A tooltip: the browser shows it on hover; screen readers read it."""
    return f"<title>{escape(s)}</title>"


PICTURE = 64  # the side of a game's picture, in drawing units


def picture(body: str) -> str:
    """A game's picture for the lobby's game cards: `body` drawn on a PICTURE x PICTURE square,
    decorative (the card names the game beside it), scaled by the page's CSS."""
    return (
        f'<svg class="game-picture" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {PICTURE} {PICTURE}" '
        f'aria-hidden="true" focusable="false">{body}</svg>'
    )


def group(x: float, y: float, body: str, attrs: str = "") -> str:
    return f'<g transform="translate({num(x)},{num(y)})"{attrs}>{body}</g>'


def act(action: str | None, label: str = "") -> str:
    """The attributes that make an element a choice: a click sends `action` (a legal id)."""
    if not action:
        return ""
    named = f" aria-label={quoteattr(label)}" if label else ""
    return f' class="bk-act" data-action={quoteattr(action)} role="button" tabindex="0"{named}'


def clickable(action: str | None, body: str, label: str = "") -> str:
    """`body` as a choice when `action` is given, with its label as tooltip; else `body` in a
    group of its own, so that a <title> it starts with names it and not whatever holds it.

    The <title> names the choice for screen readers too; an aria-label as well would be a name
    that does not contain the text drawn inside (WCAG 2.5.3, "label in name")."""
    if not action:
        return f"<g>{body}</g>"
    return f"<g{act(action)}>{title(label) if label else ''}{body}</g>"


def highlight(w: float, h: float, rx: float = 8, pad: float = 3) -> str:
    """The outline a clickable shape gets (styled by the `.bk-act .bk-hl` rule in boards.css)."""
    return rect(-pad, -pad, w + 2 * pad, h + 2 * pad, "none", rx=rx + pad, extra=' class="bk-hl"')


def card_frame(
    w: float,
    h: float,
    name: str,
    colour: str,
    light: str,
    lines: list[str] | str = "",
    tooltip: str = "",
    badge: str = "",
    kind: str = "",
    size: float = 12,
) -> str:
    """A framed card at (0, 0): a coloured band with its name (and a value badge at the right),
    an optional kind line, then its text wrapped to the card; the whole text in a tooltip."""
    band = 24
    parts = [
        title(tooltip or name),
        rect(1.5, 2.5, w, h, "rgba(0,0,0,0.16)", rx=7),
        rect(0, 0, w, h, light, colour, 1.5, rx=7),
        f'<path d="M0,7 Q0,0 7,0 L{num(w - 7)},0 Q{num(w)},0 {num(w)},7 L{num(w)},{band} L0,{band} Z" '
        f'fill="{colour}"/>',
    ]
    room = w - 12
    if badge:
        bw = max(24.0, 9.0 * len(badge) + 10)
        parts.append(rect(w - bw - 3, 3, bw, band - 6, "#fffdf7", rx=9))
        parts.append(text(w - 3 - bw / 2, band - 7.5, badge, 13, INK, True, "middle"))
        room -= bw + 4
    parts.append(text(6, band - 7, fit(name, 14, room, True), 14, "#ffffff", True))
    y = band + 16
    if kind:
        parts.append(text(6, y, fit(kind, 12, w - 12), 12, "#5f5140", italic=True))
        y += 15
    body = lines if isinstance(lines, list) else wrap(lines, size, w - 12, max(1, int((h - y + 4) // (size + 3))))
    for line in body:
        if y > h - 4:
            break
        parts.append(text(6, y, fit(line, size, w - 12), size))
        y += size + 3
    return "".join(parts)
