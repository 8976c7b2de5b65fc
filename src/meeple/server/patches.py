"""A browser's next view as a patch of the view it was sent last: what changed, not the board.

A view is tens of kB of HTML and SVG, and one action changes a few hundred bytes of it (a
number, a piece, a log line, the choices). Sending the whole view cost the server more than
drawing it (compression and the socket writes, see docs/performance.md, Server); a patch is
a few kB, so both nearly vanish. Nothing about any game is known here: the text is cut
first coarsely at `MARKER`, an empty HTML comment the server puts between the pieces it
joins a view from (`Split.joined`: the page's parts, each panel of a board), then a changed
piece at every `<`. A view joined from pieces needs no cutting, and a piece that did not
change is the very object of the last view (a panel drawn once is the same object from one
view to the next, and in every seat's view that shows it), so comparing it costs nothing. A
changed piece's patch is made once for every seat whose piece changed alike.

A patch is a list of operations that build the new text's chunks from the old text's:
``[start, count]`` copies `count` old chunks from `start`; a string is new text (chunks of its
own, cut the same way); ``{"at": k, "ops": [...]}`` is old chunk `k` patched one level finer.
The new text is its chunks joined with the level's separator. `apply` (and meeple.js in the
browser) rebuilds the new text exactly; the patch holds only text of the new view, so it shows
a browser nothing its full view would not.
"""

from collections.abc import Callable, Sequence
from itertools import compress
from json.encoder import encode_basestring
from operator import is_not
from typing import Any, TypeVar

MARKER = "<!---->"  # between the pieces of a view: an empty comment, which a page shows as nothing
SEPARATORS = (MARKER, "<")  # coarse, then fine: meeple.js cuts at the same places
ANCHOR = 16  # an unchanged chunk shorter than this (like "/g>") is not worth jumping back to
WHOLE = 160  # a changed chunk shorter than this is sent as it is: its patch would be about as long

Patch = list[Any]
K = TypeVar("K")
V = TypeVar("V")
CUTS_KEPT = 512  # patches of changed pieces kept: the seats of the latest changes
PIECES_KEPT = 8192  # pieces known to hold no MARKER (the panels and log lines of the latest views)


class Made(list[Any]):
    """A changed piece's patch (made once for every seat whose piece changed alike), and its JSON
    once it has been written (`encode`): written once too, not once per message."""

    json: str | None = None  # (set on the patch once written)


_MADE: dict[tuple[str, str, int], Made] = {}  # a changed part's patch: a panel shown alike changes alike
_CLEAN: dict[int, str] = {}  # id -> a piece found free of MARKER (held, so that its id is not reused)


class Split:
    """A text cut at one level's separator, with where each chunk stands: what a diff needs of
    a text, made once per view (the server cuts a view once for all its patches: as the new
    text of one and the old text of the next, for every browser of that seat)."""

    __slots__ = ("_text", "_where", "chunks", "size")

    def __init__(self, text: str | None, level: int = 0, chunks: list[str] | None = None) -> None:
        self._text = text
        self.chunks = chunks if chunks is not None else (text or "").split(SEPARATORS[level])
        self.size = len(text) if text is not None else sum(map(len, self.chunks)) + len(MARKER) * (len(self.chunks) - 1)
        self._where: dict[str, int] | None = None

    @property
    def text(self) -> str:
        """The whole text (a view joined from pieces is joined only when it is sent whole)."""
        if self._text is None:
            self._text = MARKER.join(self.chunks)
        return self._text

    @classmethod
    def joined(cls, pieces: Sequence[str]) -> "Split":
        """The text of `pieces` joined by MARKER, its chunks the pieces themselves (cut anew only
        if a piece holds a MARKER of its own: no end of the marker is also its start, so none is
        found across a piece's edge). A piece is looked through once: a panel or log line shown
        again is the same object (`_CLEAN` knows it by identity: every piece looked up at once,
        in C, and only the new ones looked through)."""
        new = compress(pieces, map(is_not, map(_CLEAN.get, map(id, pieces)), pieces))
        if not pieces or not all(map(_clean, new)):
            return cls(MARKER.join(pieces))
        return cls(None, 0, list(pieces))

    @property
    def where(self) -> dict[str, int]:
        """Chunk -> its place (a repeated chunk: its last place)."""
        if self._where is None:
            self._where = dict(zip(self.chunks, range(len(self.chunks)), strict=True))
        return self._where


def _clean(piece: str) -> bool:
    """Whether `piece` holds no MARKER (remembered by identity for the PIECES_KEPT latest)."""
    if _CLEAN.get(id(piece)) is piece:
        return True
    if MARKER in piece:
        return False
    if len(_CLEAN) >= PIECES_KEPT:
        _CLEAN.clear()  # (the pieces of the views being sent are found again at once)
    _CLEAN[id(piece)] = piece
    return True


def diff(old: str | Split, new: str | Split, level: int = 0) -> Patch:
    """The operations that turn `old` into `new` (`apply(old, diff(old, new)) == new`); either
    may come already cut (`Split`, at this level: a view, cut once for all its patches)."""
    if isinstance(old, Split) or isinstance(new, Split):
        before = old if isinstance(old, Split) else Split(old, level)
        return _runs(before, new.chunks if isinstance(new, Split) else new.split(SEPARATORS[level]), level, 0)
    return _kept(_MADE, (old, new, level), lambda: Made(_trimmed(old, new, level)))


def encode(ops: Patch) -> str:
    """`ops` as JSON text, exactly as `json.dumps(ops, ensure_ascii=False, separators=(",", ":"))`
    writes it; a changed piece's patch (`Made`), shown to several seats, is written once."""
    made = ops.json if isinstance(ops, Made) else None
    if made is not None:
        return made
    parts = []
    for op in ops:
        if isinstance(op, str):
            parts.append(encode_basestring(op))
        elif isinstance(op, dict):
            parts.append(f'{{"at":{op["at"]},"ops":{encode(op["ops"])}}}')
        else:
            parts.append(f"[{op[0]},{op[1]}]")
    text = f"[{','.join(parts)}]"
    if isinstance(ops, Made):
        ops.json = text
    return text


def _kept(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """`store[key]`, made the first time it is asked for; `store` keeps the CUTS_KEPT most
    recently used (a patch is a function of its two texts, and holds text of the new one only)."""
    found = store.pop(key, None)
    if found is None:
        found = make()
        if len(store) >= CUTS_KEPT:
            del store[next(iter(store))]
    store[key] = found  # (re)inserted last: the least recently used go first
    return found


def _trimmed(old: str, new: str, level: int) -> Patch:
    """`diff` of two texts not cut yet: the text they share at the start and at the end is
    found by comparing slices (in C), the chunks wholly inside it are copied, and only the
    text between is cut and compared."""
    separator = SEPARATORS[level]
    start = _shared_start(old, new)
    end = _shared_end(old, new, min(len(old), len(new)) - start)
    first = old.count(separator, 0, start)  # chunks ended inside the shared start: the same
    last = old.count(separator, len(old) - end)  # chunks begun inside the shared end: the same
    begin = old.rfind(separator, 0, start) + len(separator) if first else 0
    old_middle = old[begin : old.find(separator, len(old) - end) if last else len(old)].split(separator)
    new_middle = new[begin : new.find(separator, len(new) - end) if last else len(new)].split(separator)
    ops: Patch = [[0, first]] if first else []
    ops += _runs(Split("", level, old_middle), new_middle, level, first)
    if last:
        ops.append([first + len(old_middle), last])
    return ops


def _shared_start(old: str, new: str) -> int:
    """How many characters `old` and `new` share at their start: windows twice as long each
    time until one differs, then halves of it (slices compared in C)."""
    most = min(len(old), len(new))
    low, step = 0, 256
    while True:
        high = min(low + step, most)
        if old[low:high] != new[low:high]:
            break
        if high == most:
            return most
        low, step = high, 2 * step
    while high - low > 1:  # old[low:high] differs, everything before `low` is shared
        middle = (low + high) // 2
        if old[low:middle] == new[low:middle]:
            low = middle
        else:
            high = middle
    return low


def _shared_end(old: str, new: str, most: int) -> int:
    """How many characters `old` and `new` share at their end, at most `most` (as `_shared_start`)."""
    if most <= 0 or old[-1] != new[-1]:
        return 0
    low, step = 0, 256
    a, b = len(old), len(new)
    while True:
        high = min(low + step, most)
        if old[a - high : a - low] != new[b - high : b - low]:
            break
        if high == most:
            return most
        low, step = high, 2 * step
    while high - low > 1:
        middle = (low + high) // 2
        if old[a - middle : a - low] == new[b - middle : b - low]:
            low = middle
        else:
            high = middle
    return low


def _runs(before: Split, new_chunks: list[str], level: int, offset: int) -> Patch:
    """The operations that make `new_chunks` of `before`'s chunks, the first of which is old
    chunk `offset` (the operations name old chunks by their place in the whole old text).

    One pass: runs of chunks equal to the old ones in order are copied (between changes the
    runs are short: the shared start and end were trimmed off, and a view has a few dozen
    chunks); at a chunk that differs, one found elsewhere in the old text
    (and long enough to be an anchor) starts a new run there, else the chunk is taken as a
    change of the old chunk in its place: patched one level finer if there is one and it is
    not short (WHOLE: a view's tag, the log's opening), else sent.
    """
    separator = SEPARATORS[level]
    finer = level + 1 < len(SEPARATORS)
    old_chunks, where = before.chunks, before.where
    ops: Patch = []
    i = j = 0
    size, old_size = len(new_chunks), len(old_chunks)
    while i < size:
        if j < old_size:
            same, most = 0, min(old_size - j, size - i)
            while same < most and old_chunks[j + same] == new_chunks[i + same]:
                same += 1
            if same:
                ops.append([offset + j, same])
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
            if finer and j < old_size and len(chunk) >= WHOLE:
                if i > start:
                    ops.append(separator.join(new_chunks[start:i]))
                ops.append({"at": offset + j, "ops": diff(old_chunks[j], chunk, level + 1)})
                start = i + 1
            i, j = i + 1, j + 1
        if i > start:
            ops.append(separator.join(new_chunks[start:i]))
    return ops


def apply(old: str, ops: Patch, level: int = 0) -> str:
    """The text that `ops` (from `diff(old, ...)`) make of `old`."""
    separator = SEPARATORS[level]
    return separator.join(rebuilt(old.split(separator), ops, level))


def rebuilt(old_chunks: list[str], ops: Patch, level: int = 0) -> list[str]:
    """The chunks that `ops` make of a text cut at `level`'s separator into `old_chunks`: the new
    text cut the same way (so a client that keeps a view as its chunks, as the benchmark's do,
    neither joins nor cuts the whole view for each patch)."""
    separator = SEPARATORS[level]
    chunks: list[str] = []
    for op in ops:
        if isinstance(op, str):
            chunks.extend(op.split(separator))
        elif isinstance(op, dict):
            chunks.append(apply(old_chunks[op["at"]], op["ops"], level + 1))
        else:
            start, length = op
            chunks.extend(old_chunks[start : start + length])
    return chunks
