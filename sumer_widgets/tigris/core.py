"""`TigrisCore`: the decisions of the Tigris & Euphrates board, hot-seat or against bots — the
widget `TigrisBoard` (JupyterLab) and the site's board page wrap it (`sumer_widgets.core`).

Click a tile, a leader or a catastrophe in your hand (or one of your leaders on the board) and
the cells where it may go light up at once — the engine computed them beforehand and they
travel with the picture (`choices`). Click a lit cell to play. Conflicts open a prompt with both
sides' strengths, and each side commits its support in turn; so do the order of several wars,
the treasure that stays, buildings, monuments and the wonder's point. Undo, the history slider,
the log and bots work as in every Sumer board, and every refusal is explained.

Hidden information: the board draws what one player may see — in hot-seat play the player to
move (in a conflict, the side that commits next), against bots the human seat — so the other
hands, and without open scoring the other players' points, are not on the page at all (not in
the picture, not in `choices`). ``open_hands=True`` shows everything, for teaching; a finished
game shows everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine import tigris
from engine.bots import Bot
from engine.core import Message, Named
from engine.tigris.board import NEIGHBOURS, cell_name, parse_cell
from engine.tigris.state import (
    BUILDING_NAMES,
    COLOUR_NAMES,
    COLOURS,
    LEADER,
    LEADER_NAMES,
    REVOLT,
    TILE,
    TILE_NAMES,
    State,
    player_name,
)
from engine.tigris.table import Table
from sumer_widgets.core import BoardCore, SumerErrorForMessage
from sumer_widgets.tigris import ending
from sumer_widgets.tigris.picture import conflict_line, render
from sumer_widgets.words import words

#: The board's words (the words files), with the names of the tiles and leaders from the
#: engine's own names.
WORDS = {lang: {**table,
                "tg_tiles": [f"{c} {t}" for c, t in zip(COLOUR_NAMES[lang], TILE_NAMES[lang])],
                "tg_leaders": list(LEADER_NAMES[lang])}
         for lang, table in words(__file__)["WORDS"].items()}

PROMPTS = words(__file__)["PROMPTS"]
#: What a click on the board that plays nothing means, in the board's language.
TEXT = words(__file__)["TEXT"]
SUPPORT_TILES = words(__file__)["SUPPORT_TILES"]
NL_ARTICLE = ("het", "de", "de", "de")
MAX_LAST = 12  # cells marked as changed since the viewer last decided


class TigrisCore(BoardCore):
    """The decisions of an interactive Tigris & Euphrates board.

    Args:
        game: a `tigris.Game`, or a `tigris.State` (e.g. from `tigris.position`) to start a game
            from; leave it out to show the empty `board`.
        board: ``"standard"`` or ``"advanced"``, only without a game.
        open_hands: show every hand and every player's points (teaching, watching bots). By
            default the board shows what the player it is drawn for may see.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`); the seats
            without a bot are played by people, in turn on this screen (hot-seat).

    Raises:
        TypeError: an unknown keyword (with a suggestion) or a game of another ruleset.
        InvalidInput: an unknown board.
    """

    WORDS = WORDS
    #: The rules that allow each kind of move, quoted after a bot's move with "Say why".
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "PlaceTile": ("T-TILE-1", "T-TILE-2", "T-TILE-5"),
        "PositionLeader": ("T-LEADER-1", "T-LEADER-2", "T-LEADER-3", "T-LEADER-4",
                           "T-LEADER-5"),
        "Withdraw": ("T-LEADER-1",),
        "Catastrophe": ("T-CAT-1", "T-CAT-2", "T-CAT-3"),
        "Discard": ("T-DRAW-1",),
        "Support": ("T-REVOLT-3", "T-WAR-5"),
        "ChooseWar": ("T-WAR-2",),
        "KeepTreasure": ("T-TREAS-2",),
        "PlaceBuilding": ("T-VAR-BUILD-1", "T-VAR-BUILD-2"),
        "BuildMonument": ("T-MON-1",),
        "BuildWonder": ("T-VAR-WONDER-1",),
        "Decline": ("T-MON-1",),
        "TakeCube": ("T-VAR-WONDER-2",),
    }

    #: The board's own values (`BoardCore.VALUES`; the widget's traits).
    VALUES: ClassVar[Mapping[str, Any]] = {"open_hands": False, "seat": -1}


    KEYWORDS = (*BoardCore.KEYWORDS, "board", "open_hands")

    def __init__(self, game: tigris.Game | State | None = None, *, board: str = "standard",
                 bots: Mapping[int, Bot] | None = None, open_hands: bool = False,
                 lang: str = "en", autoplay: bool = True, name: str = "", level: str | None = None,
                 why_bots: bool = False,
                 **kwargs: Any):
        self._check_keywords(kwargs)
        if isinstance(game, State):
            game = tigris.Game(game)
        if game is not None and not isinstance(game, tigris.Game):
            raise TypeError(f"game must be a tigris.Game or a tigris.State, not "
                            f"{type(game).__name__}")
        if game is not None and board != "standard":
            raise TypeError("the board comes with the game: give board=... only without one "
                            "(tigris.new_game(board='advanced') plays the advanced board)")
        self._layout = tigris.Board.get(board) if board in tigris.BOARDS else tigris.Board(board)
        # Kept outside the trait too: the base class draws the first picture before this
        # widget's traits can be set.
        self._open = bool(open_hands)
        super().__init__(game, bots=bots, lang=lang, autoplay=autoplay, name=name,
                         level=level, why_bots=why_bots)
        self.open_hands = self._open
        self.observe(self._on_open, names=["open_hands"])

    # Whose eyes the board shows -------------------------------------------------------------

    def viewer(self) -> int | None:
        """The player the board is drawn for: the player to move if a person plays them,
        else the first seat a person plays; None (everything shown) with `open_hands`, once
        the game is over, or when bots play every seat."""
        game = self.game
        if game is None or self._open or game.is_over:
            return None
        humans = [p for p in range(game.state.players) if p not in self.bots]
        if not humans:
            return None
        return game.to_move if game.to_move in humans else humans[0]

    def _on_open(self, change: Mapping[str, Any]) -> None:
        self._open = bool(change["new"])
        self.refresh()


    # A click that plays nothing ----------------------------------------------------------

    def intents(self) -> dict[str, Any]:
        return {**super().intents(), "explain": self._explain}

    def _explain(self, content: Mapping[str, Any]) -> None:
        """A click on the board with nothing chosen: whose leader it is and what the learner
        may do (a bot's turn or the end: say so)."""
        game = self.game
        if game is None:
            raise SumerErrorForMessage(Message(TEXT, "choose_first"))
        self._check_persons_turn(game)
        cell = parse_cell(content.get("cell"))
        state = game.state
        leader = state.leader_at(cell)
        if leader is not None and leader[0] != state.to_move:
            owner, colour = leader
            raise SumerErrorForMessage(Message(
                TEXT, "others_leader", cell=cell_name(cell),
                leader=Named(**{lang: names[colour] for lang, names in LEADER_NAMES.items()}),
                owner=self.player_named(owner), player=self.player_named(state.to_move)))
        raise SumerErrorForMessage(Message(TEXT, "choose_first"))

    def player_named(self, player: int) -> Named:
        return Named(**{lang: player_name(player, lang) for lang in ("en", "nl")})

    # Drawing ------------------------------------------------------------------------------

    def picture(self, state: State | None) -> str:
        if state is None:
            return render(None, board=self._layout.name, lang=self.lang)
        viewer = self.viewer()
        self.seat = -1 if viewer is None else viewer
        return render(state, viewer=viewer, lang=self.lang, last=self._changed(viewer))

    def _changed(self, viewer: int | None) -> list[str]:
        """Cells the moves since the viewer last decided have played on (the last move's,
        when everything is shown): what changed while they looked away."""
        game, ply = self.game, self.shown
        cells: list[str] = []
        for index in range(ply - 1, max(ply - 1 - MAX_LAST, -1), -1):
            mover = game.history[index].to_move
            if viewer is not None and mover == viewer and index < ply - 1:
                break
            cell = getattr(game.moves[index], "cell", None)
            if cell is not None and cell not in cells:
                cells.append(cell)
            if viewer is None or mover == viewer:
                break
        return cells

    def choices_for(self, state: State | None) -> dict[str, Any]:
        """What a click may do in `state`, from the engine. Only for a person to move: a bot's
        options would give its hand away."""
        if state is None:
            return {"mode": "none"}
        player = state.to_move
        out: dict[str, Any] = {"mode": "game", "phase": state.phase, "player": player,
                               "human": self.is_human(player), "ply": len(self.game.moves)}
        if state.is_over:
            out["over"] = ending.why_state(state, self.lang)
            return out
        out["player_name"] = player_name(player, self.lang)
        if not out["human"]:
            return out
        moves = tigris.legal_moves(state)
        decide = getattr(self, f"_choices_{state.phase}")
        decide(state, moves, out)
        return out

    def _choices_action(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        player = state.to_move
        hand = state.hands[player]
        tiles: dict[str, list[str]] = {letter: [] for letter in dict.fromkeys(hand)}
        leaders: dict[str, list[str]] = {letter: [] for letter in COLOURS}
        catastrophe: list[str] = []
        withdraw: list[str] = []
        passing = False
        for move in moves:
            if isinstance(move, tigris.PlaceTile):
                tiles[move.colour].append(move.cell)
            elif isinstance(move, tigris.PositionLeader):
                leaders[move.colour].append(move.cell)
            elif isinstance(move, tigris.Catastrophe):
                catastrophe.append(move.cell)
            elif isinstance(move, tigris.Withdraw):
                withdraw.append(move.colour)
            elif isinstance(move, tigris.Pass):
                passing = True
        on_board = {}
        for colour, letter in enumerate(COLOURS):
            cell = state.leader_cell(player, colour)
            if cell >= 0:
                on_board[cell_name(cell)] = letter
        prompt = PROMPTS[self.lang]["action"]
        out.update(prompt=prompt.format(player=player_name(player, self.lang),
                                        n=3 - state.actions),
                   hand=hand, tiles=tiles, leaders=leaders, board_leaders=on_board,
                   withdraw=withdraw, catastrophe=catastrophe,
                   catastrophes=state.catastrophes[player],
                   discard=any(isinstance(m, tigris.Discard) for m in moves), passing=passing)

    def _choices_support(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        kind, colour, attacker, defender, a_str, d_str, a_commit = state.conflict
        support = 1 if kind == REVOLT else colour
        attacking = a_commit < 0
        own = a_str if attacking else d_str
        words = PROMPTS[self.lang]
        out["conflict"] = {
            "kind": "revolt" if kind == REVOLT else "war", "colour": COLOURS[colour],
            "support": COLOURS[support], "side": "attacker" if attacking else "defender",
            "attacker": {"player": (state.cells[attacker] - LEADER) // 4,
                         "cell": cell_name(attacker), "strength": a_str,
                         "committed": None if attacking else a_commit},
            "defender": {"player": (state.cells[defender] - LEADER) // 4,
                         "cell": cell_name(defender), "strength": d_str},
            "line": conflict_line(state, self.lang),
        }
        held = state.hands[state.to_move].count(COLOURS[support])
        out["prompt"] = words["support"].format(
            player=player_name(state.to_move, self.lang),
            tiles=SUPPORT_TILES[self.lang][support], held=held)
        out["options"] = [{"label": words["support_option"].format(k=m.count, total=own + m.count),
                           "move": m.to_dict(), "count": m.count} for m in moves]

    def _choices_war(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        words = PROMPTS[self.lang]
        table = Table.load(state, log=False)
        kingdom = table.comp[state.placed]
        out["prompt"] = words["war"].format(player=player_name(state.to_move, self.lang))
        out["options"] = []
        for move in moves:
            colour = COLOURS.index(move.colour)
            leaders = [cell_name(c) for c in table._leaders_in(kingdom, colour)]
            out["options"].append({"label": words["war_option"].format(
                leader=LEADER_NAMES[self.lang][colour]), "move": move.to_dict(),
                "cells": leaders, "colour": move.colour})
        out["lit"] = sorted({c for o in out["options"] for c in o["cells"]}, key=parse_cell)

    def _choices_treasure(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        words = PROMPTS[self.lang]
        out["prompt"] = words["treasure"].format(player=player_name(state.to_move, self.lang))
        out["options"] = [{"label": words["keep"].format(cell=m.cell), "move": m.to_dict(),
                           "cells": [m.cell]} for m in moves]
        out["lit"] = [m.cell for m in moves]
        out["cell_moves"] = {m.cell: m.to_dict() for m in moves}
        out["cell_kind"] = "keep"

    def _choices_building(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        words = PROMPTS[self.lang]
        colour = state.cells[state.placed] - TILE
        building = BUILDING_NAMES[self.lang][colour]
        if self.lang == "nl":
            building = f"{NL_ARTICLE[colour]} {building}"
        out["prompt"] = words["building"].format(player=player_name(state.to_move, self.lang),
                                                 building=building)
        cells = [m.cell for m in moves if isinstance(m, tigris.PlaceBuilding)]
        out["lit"] = cells
        out["cell_moves"] = {c: {"kind": "building", "cell": c} for c in cells}
        out["cell_kind"] = "building"
        out["options"] = [{"label": words["decline"], "move": tigris.Decline().to_dict(),
                           "decline": True}]

    def _choices_monument(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        words = PROMPTS[self.lang]
        names = COLOUR_NAMES[self.lang]
        out["prompt"] = words["monument"].format(player=player_name(state.to_move, self.lang))
        options = []
        for move in moves:
            if isinstance(move, tigris.BuildMonument):
                top = parse_cell(move.cell)
                square = [top, top + 1, top + tigris.WIDTH, top + tigris.WIDTH + 1]
                a, b = (names[COLOURS.index(ch)] for ch in move.monument)
                options.append({"label": words["monument_option"].format(a=a, b=b, cell=move.cell),
                                "move": move.to_dict(), "cells": [cell_name(c) for c in square],
                                "monument": move.monument})
            elif isinstance(move, tigris.BuildWonder):
                centre = parse_cell(move.cell)
                cross = [centre, *NEIGHBOURS[centre]]
                options.append({"label": words["wonder_option"].format(cell=move.cell),
                                "move": move.to_dict(),
                                "cells": [cell_name(c) for c in sorted(cross)]})
            else:
                options.append({"label": words["decline"], "move": move.to_dict(),
                                "decline": True})
        out["options"] = options
        out["lit"] = sorted({c for o in options for c in o.get("cells", [])}, key=parse_cell)
        # A click on a square's cell builds there when only one monument could.
        by_cell: dict[str, list[Any]] = {}
        for option in options:
            for cell in option.get("cells", []):
                by_cell.setdefault(cell, []).append(option["move"])
        out["cell_moves"] = {c: ms[0] for c, ms in by_cell.items() if len(ms) == 1}

    def _choices_cube(self, state: State, moves: list[Any], out: dict[str, Any]) -> None:
        words = PROMPTS[self.lang]
        out["prompt"] = words["cube"].format(player=player_name(state.to_move, self.lang))
        out["options"] = [{"label": words["cube_option"].format(
            colour=COLOUR_NAMES[self.lang][COLOURS.index(m.colour)]), "move": m.to_dict(),
            "colour": m.colour} for m in moves]

    def __repr__(self) -> str:
        if self.game is None:
            return f"<{type(self).__name__}: the {self._layout.name} board, no game>"
        return super().__repr__()
