"""The shared drawing kit of the five games' browser boards: one visual language.

A board is a row of panels that the page's CSS reflows (`board`): on a wide screen they sit side
by side, on a phone they stack, the seat's own area and its choices first. Every panel is its own
`<svg>` drawn at one unit per CSS pixel and never scaled down (a panel wider than the screen
scrolls inside itself), so a font size in the drawing is the size on the screen; `text` refuses
anything under `MIN_TEXT`. Shapes, icons for resources and pieces, framed cards, tokens, legends,
tooltips (`<title>`) and clickable choices (`data-action`) come from here, so the games look alike.
Nothing here knows a game.
"""

from meeple.svgkit.board import NARROW, Panel, board, legend
from meeple.svgkit.icons import ICONS, icon, pawn, token
from meeple.svgkit.memo import drawn_once, narrowed
from meeple.svgkit.shapes import PICTURE, act, card_frame, clickable, group, highlight, picture, rect, title
from meeple.svgkit.text import MIN_TEXT, MUTED, fit, num, text, width, wrap

__all__ = [
    "ICONS",
    "MIN_TEXT",
    "MUTED",
    "NARROW",
    "PICTURE",
    "Panel",
    "act",
    "board",
    "card_frame",
    "clickable",
    "drawn_once",
    "fit",
    "group",
    "highlight",
    "icon",
    "legend",
    "narrowed",
    "num",
    "pawn",
    "picture",
    "rect",
    "text",
    "title",
    "token",
    "width",
    "wrap",
]
