"""A browser's next view as a patch of the view it was sent last: what changed, not the board.

A view is tens of kB of HTML and SVG, and one action changes a few hundred bytes of it (a
number, a piece, a log line, the choices). Sending the whole view cost the server more than
drawing it (compression and the socket writes, see docs/performance.md, Server); a patch is
a few kB, so both nearly vanish. Nothing about any game is known here: the text is cut at
element boundaries, first coarsely at every `<div` (the page's parts and the boards' panels),
then a changed part at every `<`.

A patch is a list of operations that build the new text's chunks from the old text's:
``[start, count]`` copies `count` old chunks from `start`; a string is new text (chunks of its
own, cut the same way); ``{"at": k, "ops": [...]}`` is old chunk `k` patched one level finer.
The new text is its chunks joined with the level's separator. `apply` (and meeple.js in the
browser) rebuilds the new text exactly; the patch holds only text of the new view, so it shows
a browser nothing its full view would not.
"""

from itertools import compress, count, islice
from operator import ne
from typing import Any

SEPARATORS = ("<div", "<")  # coarse, then fine: meeple.js cuts at the same places
ANCHOR = 16  # an unchanged chunk shorter than this (like "/g>") is not worth jumping back to

Patch = list[Any]


def diff(old: str, new: str, level: int = 0) -> Patch:
    """The operations that turn `old` into `new` (`apply(old, diff(old, new)) == new`).

    One pass: runs of chunks equal to the old ones in order are copied (compared in C, not
    chunk by chunk in Python); at a chunk that differs, one found elsewhere in the old text
    (and long enough to be an anchor) starts a new run there, else the chunk is taken as a
    change of the old chunk in its place: patched one level finer if there is one, else sent.
    """
    separator = SEPARATORS[level]
    finer = level + 1 < len(SEPARATORS)
    old_chunks, new_chunks = old.split(separator), new.split(separator)
    where = dict(zip(old_chunks, range(len(old_chunks)), strict=True))  # a repeated chunk: its last place
    ops: Patch = []
    i = j = 0
    size, old_size = len(new_chunks), len(old_chunks)
    while i < size:
        if j < old_size:
            differing = compress(count(), map(ne, islice(old_chunks, j, None), islice(new_chunks, i, None)))
            same = next(differing, min(old_size - j, size - i))
            if same:
                ops.append([j, same])
                i, j = i + same, j + same
        start = i
        while i < size:
            chunk = new_chunks[i]
            if j < old_size and old_chunks[j] == chunk:
                break  # back in step: the next run starts here
            anchor = where.get(chunk)
            if anchor is not None and len(chunk) >= ANCHOR:
                j = anchor
                break
            if finer and j < old_size:
                if i > start:
                    ops.append(separator.join(new_chunks[start:i]))
                ops.append({"at": j, "ops": diff(old_chunks[j], chunk, level + 1)})
                start = i + 1
            i, j = i + 1, j + 1
        if i > start:
            ops.append(separator.join(new_chunks[start:i]))
    return ops


def apply(old: str, ops: Patch, level: int = 0) -> str:
    """The text that `ops` (from `diff(old, ...)`) make of `old`."""
    separator = SEPARATORS[level]
    old_chunks = old.split(separator)
    chunks: list[str] = []
    for op in ops:
        if isinstance(op, str):
            chunks.append(op)
        elif isinstance(op, dict):
            chunks.append(apply(old_chunks[op["at"]], op["ops"], level + 1))
        else:
            start, length = op
            chunks.extend(old_chunks[start : start + length])
    return separator.join(chunks)
