"""meeple.server: play in the browser. `create_app(db)` is the FastAPI app; `meeple serve` runs it.

Modules: store (the event log's interface), sqlite_store and postgres_store (its two
databases), commits (group commit), tables (live tables, restored at first use; acting,
bots), scheduler (which bot thinks next and on which worker: fair between clients), bots
(the worker side of bot thinking), views (what each browser is sent), connections (limits
and compression of what clients hold open), app (routes and the websocket); the package
processes splits the tables between several server processes behind one port.
The server is game-agnostic: it uses the engine's API and each game's `render_svg` /
`render_text` only.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    # Imported lazily: bot worker processes import meeple.server.bots and need no web stack.
    if name == "create_app":
        from meeple.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
