"""`SumeriaCore`: the decisions of the Sumeria board — play Sumeria, or explore where traders
can go; the widget `SumeriaBoard` (JupyterLab) and the site's board page wrap it
(`sumer_widgets.core`).

With a game, the board takes turns: click one of your traders and its destinations light up
with the hops that reach each; click a destination to move there, an empty location to add a
trader, or “Remove this trader”; at scoring, choose your tiles. Bots move by themselves (or on
“Bot moves”); undo, the history slider and the log work as in every Sumer board.

Without a game it is an *explorer*: place and remove traders of any colour freely on the
standard board or any board file, and watch every trader's reachability update.
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any, ClassVar

from engine import sumeria
from engine.bots import Bot
from engine.core import InvalidInput, Message, Named, shown
from engine.sumeria import Board, State
from engine.sumeria.refusals import named_place, named_player
from engine.sumeria.state import PLAYER_NAMES, TILE_NAMES
from sumer_widgets.core import BoardCore, SumerErrorForMessage
from sumer_widgets.sumeria.picture import render
from sumer_widgets.words import words

#: The explorer's refusals, in the words of the rulebooks (see engine/sumeria/refusals.py).
TEXT = words(__file__)["TEXT"]


#: The board's own interface words (merged into `words`).
WORDS = words(__file__)["WORDS"]


class SumeriaCore(BoardCore):
    """The decisions of an interactive Sumeria board.

    Args:
        game: a `sumeria.Game` to play; leave it out for the explorer.
        board: the explorer's board: a `Board`, its dict form, or the path of a board file
            (default: the standard board).
        traders: the explorer's starting traders, ``{location id: player}``.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    WORDS = WORDS
    #: The rules that allow each kind of move, quoted after a bot's move with "Say why".
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Place": ("S-SETUP-6", "S-SETUP-7"),
        "Add": ("S-TURN-2", "S-ADD-1"),
        "MoveTrader": ("S-MOVE-1", "S-MOVE-2", "S-MOVE-3", "S-MOVE-4"),
        "Remove": ("S-REMOVE-1",),
        "TakeTiles": ("S-TILE-1", "S-TILE-2", "S-TILE-6"),
    }

    #: The board's own values (`BoardCore.VALUES`; the widget's traits).
    VALUES: ClassVar[Mapping[str, Any]] = {"brush": 0}
    #: The explorer's colour buttons set the brush.
    FROM_PAGE = (*BoardCore.FROM_PAGE, "brush")


    KEYWORDS = (*BoardCore.KEYWORDS, "board", "traders")

    def __init__(self, game: sumeria.Game | None = None, *, board: Any = None,
                 traders: Mapping[str, int] | None = None, bots: Mapping[int, Bot] | None = None,
                 lang: str = "en", autoplay: bool = True, name: str = "", level: str | None = None,
                 why_bots: bool = False,
                 **kwargs: Any):
        self._check_keywords(kwargs)
        if game is not None and not isinstance(game, sumeria.Game):
            raise TypeError(f"game must be a sumeria.Game, not {type(game).__name__}")
        if game is not None and (board is not None or traders is not None):
            raise TypeError("give either a game, or a board and traders to explore — not both")
        self._board = _load_board(board) if game is None else game.state.board
        self._traders: dict[str, int] = {}
        for loc_id, owner in (traders or {}).items():
            self._board.index_of(loc_id)
            self._traders[loc_id] = _player(owner)
        super().__init__(game, bots=bots, lang=lang, autoplay=autoplay, name=name,
                         level=level, why_bots=why_bots)

    # Drawing ------------------------------------------------------------------------------

    def picture(self, state: State | None) -> str:
        if state is None:
            return render(board=self._board, traders=self._traders, lang=self.lang)
        return render(state, lang=self.lang)

    def choices_for(self, state: State | None) -> dict[str, Any]:
        """What a click may do: every trader's destinations with their hops, adds, removes,
        and the tile choices — all from the engine."""
        board = self._board
        if state is None:
            occupied = set(self._traders)
            return {
                "mode": "explore",
                "traders": {loc: {"owner": owner, "paths": board.paths(loc, occupied)}
                            for loc, owner in self._traders.items()},
                "empty": [loc.id for loc in board.locations if loc.id not in occupied],
                "names": list(PLAYER_NAMES[self.lang]),
            }
        player = state.to_move
        out: dict[str, Any] = {"mode": "game", "phase": state.phase, "player": player,
                               "human": self.is_human(player), "ply": len(self.game.moves)}
        if state.is_over:
            return out
        moves = sumeria.legal_moves(state)
        if state.phase == "placement":
            out["place"] = [m.location for m in moves]
        elif state.phase == "turns":
            out["add"] = [m.location for m in moves if isinstance(m, sumeria.Add)]
            # Named, for the question a first click on an empty place asks.
            out["add_names"] = {loc: board.label(loc, self.lang) for loc in out["add"]}
            out["remove"] = [m.location for m in moves if isinstance(m, sumeria.Remove)]
            out["traders"] = {loc: board.paths(loc, state.occupied)
                              for loc in out["remove"]}
        else:
            names = TILE_NAMES[self.lang]
            out["take"] = [{"tiles": m.tiles, "label": ", ".join(names[t] for t in m.tiles)}
                           for m in moves]
            out["scored"] = board.city_state(state.row[state.scoring]).name
        return out

    def status_of(self, state: State) -> str:
        return state.summary(self.lang)

    def player_named(self, player: int) -> Named:
        return named_player(player)

    # The explorer's intents ---------------------------------------------------------------

    def intents(self) -> dict[str, Any]:
        return {**super().intents(), "place": self._place, "remove": self._remove,
                "move": self._move, "brush": self._brush, "clear": self._clear,
                "explain": self._explain}

    def _explain(self, content: Mapping[str, Any]) -> None:
        """A click in a game that the choices do not make a move of: say what the learner
        clicked and what they may do instead (a bot's turn: whose it is)."""
        game = self.game
        if game is None:
            raise _refused("plays_a_game")
        self._check_persons_turn(game)
        loc = self._location(content, "location")
        owner = game.state.trader_at(loc)
        if owner is not None and owner != game.to_move:
            raise _refused("others_trader", "S-MOVE-1", where=named_place(self._board, loc),
                           owner=named_player(owner), player=named_player(game.to_move))
        # Anything else the engine explains as the move the click would make.
        self._play_human(sumeria.Add(loc))

    def _explorer(self) -> None:
        if self.game is not None:
            raise _refused("plays_a_game")

    def _place(self, content: Mapping[str, Any]) -> None:
        self._explorer()
        loc = self._location(content, "location")
        if loc in self._traders:
            raise _refused("occupied", "S-SETUP-7", where=named_place(self._board, loc))
        self._traders[loc] = _player(content.get("player", self.brush))
        self.refresh()

    def _remove(self, content: Mapping[str, Any]) -> None:
        self._explorer()
        loc = self._location(content, "location")
        if loc not in self._traders:
            raise _refused("no_trader", where=named_place(self._board, loc))
        del self._traders[loc]
        self.refresh()

    def _move(self, content: Mapping[str, Any]) -> None:
        self._explorer()
        origin = self._location(content, "origin")
        destination = self._location(content, "destination")
        if origin not in self._traders:
            raise _refused("no_trader", where=named_place(self._board, origin))
        if destination not in self._board.reachable(origin, set(self._traders)):
            raise _refused("unreachable", "S-MOVE-3", origin=named_place(self._board, origin),
                           destination=named_place(self._board, destination))
        self._traders[destination] = self._traders.pop(origin)
        self.refresh()

    def _brush(self, content: Mapping[str, Any]) -> None:
        self.brush = _player(content.get("player"))

    def _clear(self, _content: Mapping[str, Any]) -> None:
        self._explorer()
        self._traders.clear()
        self.refresh()

    def _location(self, content: Mapping[str, Any], key: str) -> str:
        loc = content.get(key)
        self._board.index_of(loc)  # raises InvalidInput for anything unknown
        return loc

    @property
    def traders(self) -> dict[str, int]:
        """The explorer's traders, ``{location id: player}``."""
        return dict(self._traders)


def _player(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise InvalidInput(Message(TEXT, "bad_player", value=shown(value)))
    return value


def _refused(key: str, rule: str | None = None, **values: Any) -> SumerErrorForMessage:
    return SumerErrorForMessage(Message(TEXT, key, **values), rule=rule)


def _load_board(board: Any) -> Board:
    if board is None:
        return Board.standard()
    if isinstance(board, Board):
        return board
    if isinstance(board, Mapping):
        return Board.from_dict(board)
    if isinstance(board, (str, pathlib.Path)):
        path = pathlib.Path(board)
        if not path.exists():
            raise InvalidInput(f"no board file at {path}")
        return Board.from_json(path.read_text(encoding="utf-8"))
    raise TypeError(f"board must be a Board, a dict or a file path, not {type(board).__name__}")

