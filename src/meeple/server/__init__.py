"""meeple.server: play in the browser. `create_app(db_path)` is the FastAPI app; `meeple serve` runs it.

Modules: store (SQLite event log), tables (live tables, acting, bots), scheduler (which
bot thinks next and on which worker: fair between clients), bots (the worker side of bot
thinking), views (what each browser is sent), app (routes and the websocket).
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
