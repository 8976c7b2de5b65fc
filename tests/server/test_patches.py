"""Views sent as patches: every patch rebuilds exactly the view it stands for, for every game's
boards and for any text, is much shorter than the view, and a browser that asks for patches
ends up with the same views as one sent whole views."""

import json
import random
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from meeple.engine import get_game
from meeple.server import patches, views
from meeple.server.app import patched
from meeple.server.tables import Replayed

from .support import Browser, create_table, table_in_memory, ws_path

PLAYERS = {"four-big-strata": 4, "round-house": 4, "guedelon": 2, "lotta-rome": 4, "round-table": 3}
LONG = "<text>" + "a piece long enough to be patched finer " * 4 + "</text>"  # (patches.WHOLE and more)
PIECES = [
    patches.MARKER,
    "<",
    "<div class='a'>",
    "</div>",
    "<g>",
    "x",
    "yy",
    "a long enough chunk of text",
    ">",
    "",
    LONG,
]


@given(
    st.lists(st.sampled_from(PIECES), max_size=40),
    st.lists(st.sampled_from(PIECES), max_size=40),
)
def test_a_patch_rebuilds_any_text(old: list[str], new: list[str]) -> None:
    before, after = "".join(old), "".join(new)
    assert patches.apply(before, patches.diff(before, after)) == after


@given(
    st.lists(st.sampled_from(PIECES), max_size=300),
    st.lists(st.sampled_from(PIECES), max_size=10),
    st.lists(st.sampled_from(PIECES), max_size=10),
    st.lists(st.sampled_from(PIECES), max_size=300),
)
def test_a_patch_rebuilds_texts_that_share_a_long_start_and_end(
    start: list[str], old: list[str], new: list[str], end: list[str]
) -> None:
    """What two texts share at their start and end is found by windows of hundreds of characters
    and halves of them: a patch still rebuilds the text wherever the change falls."""
    before, after = "".join(start + old + end), "".join(start + new + end)
    assert patches.apply(before, patches.diff(before, after)) == after
    assert patches.apply(before, patches.diff(before, after, 1), 1) == after


@given(st.lists(st.sampled_from([*PIECES, "<!--", "-->", "<!---"]), max_size=20))
def test_a_view_joined_from_pieces_is_cut_as_its_text_is(pieces: list[str]) -> None:
    """The chunks of a joined view are those of its text (a piece holding a marker of its own,
    or the pieces around one, included), so its patches rebuild the text exactly."""
    joined = patches.Split.joined(pieces)
    assert joined.text == patches.MARKER.join(pieces)
    assert joined.chunks == joined.text.split(patches.MARKER)


@given(
    st.lists(st.sampled_from([*PIECES, '"', "\\", "\n", "é", "\u2028", "\x00"]), max_size=60),
    st.lists(st.sampled_from([*PIECES, '"', "\\", "\n", "é", "\u2028", "\x00"]), max_size=60),
)
def test_a_patch_is_written_as_json_dumps_writes_it(old: list[str], new: list[str]) -> None:
    """`encode` writes a patch (its changed pieces' JSON kept and written again) byte for byte as
    json.dumps does, so a browser parses the same operations."""
    before, after = "".join(old), "".join(new)
    for ops in (patches.diff(before, after), patches.diff(patches.Split(before), patches.Split(after))):
        expected = json.dumps(ops, ensure_ascii=False, separators=(",", ":"))
        assert patches.encode(ops) == expected
        assert patches.encode(ops) == expected  # (the second time from what was kept)


@given(st.lists(st.sampled_from([*PIECES, "<!--", "-->"]), max_size=20))
def test_a_joined_views_size_is_its_texts(pieces: list[str]) -> None:
    """A view joined from pieces is joined only when it is sent whole; its size is known before."""
    joined = patches.Split.joined(pieces)
    assert joined.size == len(patches.MARKER.join(pieces))


def test_a_short_changed_piece_is_sent_as_it_is_and_a_long_one_patched_finer() -> None:
    """A changed piece shorter than patches.WHOLE (a view's tag, the log's opening) is new text: its
    patch would be about as long; a longer one (a panel) is patched at its markup."""
    short = ('<div id="view" data-seq="7">', '<div id="view" data-seq="8">')
    panel = ("<svg>" + "<rect/>" * 30 + "<text>3</text></svg>", "<svg>" + "<rect/>" * 30 + "<text>4</text></svg>")
    old, new = patches.MARKER.join([short[0], panel[0]]), patches.MARKER.join([short[1], panel[1]])
    ops = patches.diff(old, new)
    assert ops[0] == short[1]
    assert ops[1] == {"at": 1, "ops": [[0, 32], "text>4", [33, 2]]}
    assert patches.apply(old, ops) == new


@given(st.text(max_size=200), st.text(max_size=200))
def test_a_patch_rebuilds_unicode_text(before: str, after: str) -> None:
    assert patches.apply(before, patches.diff(before, after)) == after


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_every_games_views_are_sent_as_short_exact_patches(slug: str) -> None:
    """Along a random game, each seat's and a spectator's next view, as the server draws it
    (joined from its pieces), is rebuilt exactly from the patch against the one before (also
    cut into its chunks, from the chunks of the one before), and
    the patches are small (a view that changed nearly whole, like a new hand, is sent whole)."""
    game = get_game(slug)
    players = PLAYERS[slug]
    state = game.new_game(players, 3)
    table = table_in_memory(game, state, 3, [])
    rng = random.Random(3)
    shown: dict[int | None, patches.Split] = {}
    sent = whole = count = patched_count = 0
    for _ in range(40):
        if game.is_terminal(state):
            break
        for seat in [*range(players), None]:
            split = views.seat_split(table, seat)
            view = split.text
            if seat in shown:
                message = patched(shown[seat], split)
                if message.startswith('{"patch":'):
                    ops = json.loads(message)["patch"]
                    assert patches.apply(shown[seat].text, ops) == view
                    old_chunks = shown[seat].text.split(patches.MARKER)  # as the benchmark's clients keep a view
                    assert patches.rebuilt(old_chunks, ops) == view.split(patches.MARKER)
                    patched_count += 1
                else:
                    assert message == view
                sent, whole, count = sent + len(message), whole + len(view), count + 1
            shown[seat] = split
        seat = rng.choice(game.to_move(state))
        action = rng.choice(game.legal_actions(state, seat))
        state = game.step(state, seat, action.id)
        table.restore(Replayed(game, state, [*table.actions, (seat, action.id)], {}))
    assert patched_count > 0.8 * count, f"{slug}: {count - patched_count} of {count} views sent whole"
    assert sent < whole / 4, f"{slug}: {sent} characters sent for views of {whole}"


def test_a_browser_sent_patches_sees_what_one_sent_views_sees(serve: Callable[..., TestClient]) -> None:
    client = serve()
    _, links = create_table(client, ["human", "human"])
    seat0, seat1 = ws_path(links["Seat 0"]), ws_path(links["Seat 1"])
    with (
        client.websocket_connect(seat0 + "&views=patch") as patched_socket,
        client.websocket_connect(seat0) as whole_socket,
        client.websocket_connect(seat1 + "&views=patch") as other_socket,
    ):
        patched0, whole0 = Browser(patched_socket, "seat 0 (patches)"), Browser(whole_socket, "seat 0")
        seat_1 = Browser(other_socket, "seat 1 (patches)")
        for browser in (patched0, whole0, seat_1):
            browser.sync(0)
        rng = random.Random(5)
        for _ in range(12):
            mover = patched0 if patched0.actions else seat_1
            mover.play(rng.choice(mover.actions))
            for browser in (patched0, whole0, seat_1):
                browser.sync(mover.seq)
            assert patched0.view == whole0.view
    assert patched0.patches > 0 and seat_1.patches > 0
    assert whole0.patches == 0


def test_an_unknown_view_form_is_refused(serve: Callable[..., TestClient]) -> None:
    client = serve()
    _, links = create_table(client, ["human", "human"])
    with client.websocket_connect(ws_path(links["Seat 0"]) + "&views=diff") as ws:
        assert "Views must be full or patch, not &#39;diff&#39;" in ws.receive_text()
        closed = ws.receive()
    assert closed["code"] == 4400


def test_each_connected_seat_is_drawn_once_per_change_and_no_other(
    serve: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two browsers on seat 0, one on seat 1, none on seat 2: after a move, seat 0's board and
    seat 1's are drawn once each (the second browser of seat 0 gets the same drawing), seat 2's
    and a spectator's not at all."""
    client = serve()
    table_id, links = create_table(client, ["human", "human", "human"])
    game = client.app.state.manager.tables[table_id].game
    drawn: list[object] = []
    draw = type(game).render_svg

    def counted(self: object, observation: dict[str, object], legal: object) -> str | None:
        drawn.append(observation["seat"])
        return draw(self, observation, legal)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game), "render_svg", counted)
    seat0, seat1 = ws_path(links["Seat 0"]), ws_path(links["Seat 1"])
    with (
        client.websocket_connect(seat0 + "&views=patch") as first,
        client.websocket_connect(seat0) as second,
        client.websocket_connect(seat1 + "&views=patch") as third,
    ):
        browsers = [Browser(first, "seat 0"), Browser(second, "seat 0 again"), Browser(third, "seat 1")]
        for browser in browsers:
            browser.sync(0)
        assert sorted(drawn, key=str) == [0, 1]
        drawn.clear()
        table = client.app.state.manager.tables[table_id]
        seat = table.to_move()[0]
        token = links[f"Seat {seat}"].split("token=")[1]
        client.portal.call(client.app.state.manager.act, table_id, token, seat, table.legal[seat][0].id, 0)
        for browser in browsers:
            browser.sync(1)
    assert sorted(drawn, key=str) == [0, 1]
