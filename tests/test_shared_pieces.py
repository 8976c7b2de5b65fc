"""The shared part of the boards holds nothing private, in every game.

A board is joined from pieces (svgkit.board), and a piece drawn once is the very object in
every board that shows it alike: the public picture (the map, the other players' areas, the
supplies) is drawn once for every seat and the spectator, and only a seat's own pieces (its
hand, its choices, its "You") are its own. Here, along a random game of each game, every seat's
and a spectator's board is drawn as a server draws them (one after the other, the memos shared),
and every piece that two viewers' boards share must hold no card face that either of them may
not see (tests/hidden_faces.py works the faces out from the real state): a private field that
leaked into a shared piece (a panel keyed without the part of the observation that hides it)
fails here, as it would show one seat's secret to the other.
"""

from html import escape

import pytest

from board_walk import PLAYERS, sampled_states
from hidden_faces import forbidden_names

PRIVATE = {"four-big-strata", "round-table"}  # faces one seat sees and another does not (the others hide decks only)


def pieces(board: object) -> dict[int, str]:
    """A board's pieces by identity (a board drawn without svgkit's pieces: itself)."""
    return {id(piece): piece for piece in getattr(board, "pieces", (str(board),))}


def shown(name: str, piece: str) -> bool:
    return name in piece or escape(name) in piece or escape(name, quote=False) in piece


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_no_piece_two_viewers_share_holds_what_either_may_not_see(slug: str) -> None:
    players = PLAYERS[slug]
    viewers: list[int | None] = [*range(players), None]
    shared_public = checked_secrets = 0
    for game, step, state in sampled_states(slug, seed=11, steps=160, every=4):
        drawn = {
            seat: pieces(game.render_svg(game.observation(state, seat), game.legal_actions(state, seat)))
            for seat in range(players)
        }
        drawn[None] = pieces(game.render_svg(game.observation(state, None), []))
        secrets = {viewer: forbidden_names(game, state, viewer) for viewer in viewers}
        for a in viewers:
            for b in viewers[viewers.index(a) + 1 :]:
                hidden = secrets[a] | secrets[b]
                checked_secrets += len(hidden)
                for key in drawn[a].keys() & drawn[b].keys():
                    piece = drawn[a][key]
                    shared_public += b is None
                    leaked = [name for name in hidden if shown(name, piece)]
                    assert not leaked, f"{slug}, step {step}: seats {a} and {b} share a piece showing {leaked}"
    assert shared_public, f"{slug}: no seat's board shares a piece with the spectator's"
    if slug in PRIVATE:
        assert checked_secrets, f"{slug}: no viewer had a face it may not see"
