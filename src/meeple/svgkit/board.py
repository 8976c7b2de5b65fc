"""A board: panels the page reflows, each one `<svg>` at one unit per CSS pixel.

`Panel(width, label, role)` collects the markup of one panel in its own coordinates; `board`
joins the panels into the fragment a game's `render_svg` returns (`Joined`: the text, which
also keeps the pieces it was joined from, so the server can tell an unchanged panel by its
identity instead of by comparing its text). A part of a panel drawn once on its own
(`Panel.apart`) stays a piece of its own too: a panel redrawn around it (its height, a number
in its heading) leaves it the very object it was. A panel's role tells the
stylesheet (static/boards.css) where it goes on a phone: "own" (the seat's own area) and
"choices" (what the seat may click now) come first, the rest follows in order.
"""

from xml.sax.saxutils import escape, quoteattr

from meeple.svgkit.shapes import rect
from meeple.svgkit.shapes import title as tooltip
from meeple.svgkit.text import INK, MUTED, fit, num, text, wrap

PAPER = "#fffdf7"
RULE = "#d9cbb0"
NARROW = 350  # a panel this wide fits a phone (390 px) beside the page's margins
ROLES = ("own", "choices", "main", "other", "info")


class Panel:
    """One `<svg>` of a board: `add` markup drawn in its own coordinates, then `svg(height)`."""

    def __init__(self, width: float, label: str, role: str = "main", heading: str = "", frame: str = RULE) -> None:
        if role not in ROLES:
            raise ValueError(f"a panel's role is one of {ROLES}, not {role!r}")
        self.width = width
        self.label = label
        self.role = role
        self.parts: list[str] = []
        self.y = 0.0  # where the next row goes, for panels drawn top to bottom
        self.frame = frame
        self._apart: list[int] = []  # the places in `parts` of the parts that stay pieces of their own
        if heading:
            self.heading(heading)

    def add(self, *parts: str) -> None:
        self.parts.extend(parts)

    def apart(self, part: str) -> None:
        """Add `part` (a part drawn once, memo.py) as a piece of its own of the panel's text."""
        if part:
            self._apart.append(len(self.parts))
            self.parts.append(part)

    def heading(self, s: str, aside: str = "") -> None:
        """A panel heading (and a short note at its right)."""
        self.add(text(12, self.y + 24, fit(s, 17, self.width - 24, True), 17, INK, True, cls="bk-h"))
        if aside:
            self.add(text(self.width - 12, self.y + 24, aside, 13, MUTED, anchor="end"))
        self.y += 34

    def paragraph(self, s: str, size: float = 13, fill: str = INK, bold: bool = False, indent: float = 12) -> None:
        """Text wrapped to the panel's width, below what is there."""
        for line in wrap(s, size, self.width - indent - 12, bold=bold):
            self.add(text(indent, self.y + size + 2, line, size, fill, bold))
            self.y += size + 5
        self.y += 4

    def svg(self, height: float | None = None) -> str:
        h = max(self.y + 8, 20.0) if height is None else height
        w = num(self.width)
        opening = (
            f'<div class="bk-panel bk-{self.role}"><svg xmlns="http://www.w3.org/2000/svg" class="bk-svg" '
            f'viewBox="0 0 {w} {num(h)}" width="{w}" height="{num(h)}" role="group" '
            f"aria-label={quoteattr(self.label)}>" + rect(0.5, 0.5, self.width - 1, h - 1, PAPER, self.frame, 1, rx=10)
        )
        if not self._apart:
            return opening + "".join(self.parts) + "</svg></div>"
        pieces, start = [], 0
        for place in self._apart:
            between = opening + "".join(self.parts[start:place])
            pieces += [between, self.parts[place]] if between else [self.parts[place]]
            start, opening = place + 1, ""
        pieces.append("".join(self.parts[start:]) + "</svg></div>")
        return joined(pieces)


class Joined(str):
    """A text, and `pieces`: what it was joined from (a board: the opening tag, each panel, the
    closing tag; a panel: its parts drawn apart and what is between them). A piece drawn once
    (memo.py) is the same object wherever it is shown, so the server cuts it for patching once
    and finds it unchanged by identity (server/patches.py)."""

    pieces: tuple[str, ...]


def joined(pieces: list[str]) -> Joined:
    """`pieces` joined, keeping them (a piece that is itself `Joined` gives its own pieces)."""
    flat: list[str] = []
    for part in pieces:
        if isinstance(part, Joined):
            flat += part.pieces
        else:
            flat.append(part)
    text = Joined("".join(flat))
    text.pieces = tuple(flat)
    return text


def board(game: str, panels: list[str], label: str) -> Joined:
    """The fragment `render_svg` returns: the panels in one element the page's CSS reflows."""
    opening = f'<div class="bk-board" data-game="{escape(game)}" role="region" aria-label={quoteattr(label)}>'
    return joined([opening, *panels, "</div>"])


def legend(entries: list[tuple[str, str]], title: str = "Legend", width: float = NARROW) -> str:
    """A legend panel: each entry a symbol drawn around (0, 0) (about 20 units wide) and the
    words that explain it, wrapped beside it; the words are the entry's tooltip too (a tap on a
    phone shows them whole)."""
    panel = Panel(width, title, "info", title)
    for symbol, words in entries:
        lines = wrap(words, 13, width - 56)
        top = panel.y
        drawn = "".join(text(44, top + 16 + 17 * i, line, 13) for i, line in enumerate(lines))
        panel.add(f'<g>{tooltip(words)}<g transform="translate(24,{num(top + 12)})">{symbol}</g>{drawn}</g>')
        panel.y += max(28, 17 * len(lines) + 8)
    return panel.svg()
