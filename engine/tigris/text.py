"""The text form of a Tigris & Euphrates position: a character grid plus a few lines.

``str(state)`` prints it and `rules.position` reads it back, so a learner or a test sets up a
position in a few lines. The grid has one token per cell, separated by spaces:

=========  =====================================================================
token      cell
=========  =====================================================================
``.``      empty land (``~`` empty river; either may be written for either)
``k r b g``  a face-up tile: black settlement, red temple, blue farm, green market
``r*``     a tile holding a treasure (only a starting temple's cell can)
``k+``     a tile with its civilization building (buildings variant)
``x``      a catastrophe
``#r``     a red tile turned over under a monument or the wonder (``#r*`` with treasure)
``K0``     a leader: its colour in capitals (K king, R priest, B farmer, G trader) and
           its player's number (0 Bull, 1 Urn, 2 Bow, 3 Lion)
=========  =====================================================================

Grid lines start with the row number (1–11, from the top) and list cells from column ``a``;
a line of column letters is a header and is skipped. Cells not written — the rest of a short
row, and rows not written — keep the starting layout (its temples and treasures).
Other lines (``#`` starts a comment); a line left out takes the value in brackets, and
``str(state)`` writes only the lines that differ from it, so ``position(str(state))`` is the
same state (`positions.position` reads it)::

    players 3              (2)
    options board=advanced war_support=english buildings wonder open_scoring
                           the variants on (none): `Options` keywords, a bare name for true
    seed 7                 the game's seed (0; a view has none)
    hand 0 kkrbgg          the player's tiles (drawn from the bag; ``?`` a hidden tile)
    catastrophes 0 1       catastrophe tiles left (2, less those on the board)
    influence 0 k1 r2 g3   points per colour (none; ``influence 1 hidden`` in a view)
    treasures 0 1          treasures taken (none)
    swapped 0 kr           tiles put face down by the discard action (none)
    monument kr f3         a monument, by its colours and its top-left cell
    wonder h6              the wonder, by its centre
    first 0                who took the first turn (the player whose turn it is)
    turn 1                 whose turn it is (0)
    actions 1              actions left in that turn (2; 1 while an action is resolved)
    phase support          the decision awaited (action), one of `state.PHASES`
    to_move 1              who decides it (the player whose turn it is)
    placed f3              the tile the action placed, while its action is resolved
    conflict war r h4 3 h6 2 support 4
                           the conflict being fought: revolt or war, its colour, the
                           attacker's leader and strength, the defender's and theirs, and the
                           attacker's support once committed
    ending                 the bag ran short: the game ends with this turn
    viewer 0               a player's view: whose it is (a full position)
    unseen kkrrrbg         the tiles a view hides, in colour order (dealt from the bag)
    bag 40                 the tiles left to draw: how many (the rest are discarded), or
                           their letters in the order they are drawn (every tile left)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import InvalidInput, shown
from engine.tigris.board import COLUMNS, HEIGHT, SIZE, WIDTH, Board, cell_name
from engine.tigris.pieces import (
    CATASTROPHE,
    COLOURS,
    EMPTY,
    FLIPPED,
    LEADER,
    MONUMENTS,
    PLAYER_NAMES,
    TILE,
)

if TYPE_CHECKING:
    from engine.tigris.state import State

_LEADER_LETTERS = "KRBG"
#: A conflict's kinds, by its number (`state.REVOLT`, `state.WAR`).
CONFLICT_KINDS = ("revolt", "war")


def token(state: State, cell: int) -> str:
    """The grid token of one cell."""
    code = state.cells[cell]
    mark = "*" if cell in state.treasures else ""
    if code == EMPTY:
        return "~" if state.board.river[cell] else "."
    if code < CATASTROPHE:
        building = "+" if cell in state.buildings else ""
        return COLOURS[code - TILE] + mark + building
    if code == CATASTROPHE:
        return "x"
    if code < LEADER:
        return "#" + COLOURS[code - FLIPPED] + mark
    player, colour = divmod(code - LEADER, 4)
    return f"{_LEADER_LETTERS[colour]}{player}"


def grid_rows(state: State) -> list[str]:
    """The grid as 11 strings of 16 tokens (the save-file form)."""
    return [" ".join(token(state, row * WIDTH + col) for col in range(WIDTH))
            for row in range(HEIGHT)]


def parse_tokens(rows: dict[int, list[str]], board: Board, players: int,
                 where: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Cells, treasures and buildings from grid tokens by row (rows left out keep the
    starting layout).

    Raises:
        InvalidInput: an unknown token, a tile on the wrong ground, a treasure off a starting
            temple, a leader of a player not in the game, two leaders or buildings alike.
    """
    cells = [EMPTY] * SIZE
    treasures = set(board.temples)
    for cell in board.temples:
        cells[cell] = TILE + 1  # a red temple
    buildings = [-1] * 4
    seen_leaders: dict[int, int] = {}
    for row, tokens in rows.items():
        if len(tokens) > WIDTH:
            raise InvalidInput(f"{where}: row {row + 1} has {len(tokens)} cells, not {WIDTH}")
        for col, text in enumerate(tokens):
            cell = row * WIDTH + col
            name = cell_name(cell)
            treasures.discard(cell)
            code, treasure, building = _parse_token(text, players, f"{where}: {name}")
            if treasure:
                if cell not in board.temples:
                    raise InvalidInput(f"{where}: {name} holds a treasure, but only the "
                                       "starting temples of the board start with one")
                if code not in (TILE + 1, FLIPPED + 1):
                    raise InvalidInput(f"{where}: the treasure on {name} must lie on a temple "
                                       "('r*', or '#r*' under a monument)")
                treasures.add(cell)
            if building:
                colour = code - TILE
                if buildings[colour] >= 0:
                    raise InvalidInput(f"{where}: two {COLOURS[colour]} buildings "
                                       f"({cell_name(buildings[colour])} and {name})")
                buildings[colour] = cell
            if code >= LEADER:
                if code in seen_leaders:
                    raise InvalidInput(f"{where}: leader {text} stands on both "
                                       f"{cell_name(seen_leaders[code])} and {name}")
                seen_leaders[code] = cell
            if code < CATASTROPHE and code != EMPTY:
                on_river = board.river[cell]
                if on_river and code != TILE + 2:
                    raise InvalidInput(f"{where}: {name} is river: only a blue farm goes there")
                if not on_river and code == TILE + 2:
                    raise InvalidInput(f"{where}: {name} is land: a blue farm goes on a river")
            if code >= LEADER and board.river[cell]:
                raise InvalidInput(f"{where}: {name} is river: a leader never stands there")
            cells[cell] = code
    return tuple(cells), tuple(sorted(treasures)), tuple(buildings)


def _parse_token(text: str, players: int, where: str) -> tuple[int, bool, bool]:
    """(code, treasure, building) of one token."""
    if text in (".", "~"):
        return EMPTY, False, False
    if text == "x":
        return CATASTROPHE, False, False
    if len(text) == 2 and text[0] in _LEADER_LETTERS and text[1] in "0123456789":
        player = int(text[1])
        if player >= players:
            raise InvalidInput(f"{where}: leader {text} belongs to player {player}, but the "
                               f"game has {players} players (0 to {players - 1})")
        return LEADER + 4 * player + _LEADER_LETTERS.index(text[0]), False, False
    body = text
    flipped = body.startswith("#")
    if flipped:
        body = body[1:]
    building = body.endswith("+") and not flipped
    if building:
        body = body[:-1]
    treasure = body.endswith("*")
    if treasure:
        body = body[:-1]
    if len(body) == 1 and body in COLOURS:
        colour = COLOURS.index(body)
        return (FLIPPED + colour if flipped else TILE + colour), treasure, building
    raise InvalidInput(f"{where}: unknown token {shown(text)}: use . ~ k r b g (tiles), r* "
                       "(treasure), k+ (building), x (catastrophe), #r (under a monument) or "
                       "a leader such as K0 or G1")


def parse_grid(rows: Any, board: Board, players: int,
               where: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Cells, treasures and buildings of a save file's grid (11 rows of 16 tokens)."""
    if not isinstance(rows, list) or len(rows) != HEIGHT or not all(
            isinstance(r, str) for r in rows):
        raise InvalidInput(f"{where} must be {HEIGHT} strings, one per row")
    tokens = {}
    for row, text in enumerate(rows):
        tokens[row] = text.split()
        if len(tokens[row]) != WIDTH:
            raise InvalidInput(f"{where}: row {row + 1} has {len(tokens[row])} cells, "
                               f"not {WIDTH}")
    return parse_tokens(tokens, board, players, where)


def render_text(state: State) -> str:
    """The position as text: a header, the grid with coordinates, then the other lines."""
    lines = [f"# Tigris & Euphrates ({state.options.board} board): {state.summary()}"]
    lines.append("     " + "  ".join(COLUMNS))
    for row in range(HEIGHT):
        tokens = (token(state, row * WIDTH + col) for col in range(WIDTH))
        lines.append(f"{row + 1:>2}   " + " ".join(f"{t:<2}" for t in tokens).rstrip())
    lines.append(f"players {state.players}")
    variants = [f"{name}={value}" if isinstance(value, str) else name if value
                else f"{name}=false" for name, value in state.options.to_dict().items()
                if value != getattr(type(state.options)(), name)]
    if variants:
        lines.append("options " + " ".join(variants))
    if state.seed != (None if state.viewer is not None else 0):
        lines.append(f"seed {state.seed}")
    for p in range(state.players):
        name = PLAYER_NAMES["en"][p]
        lines.append(f"hand {p} {state.hands[p] or '-'}    # {name}")
        lines.append(f"catastrophes {p} {state.catastrophes[p]}")
        influence = state.influence[p]
        if influence is None:
            lines.append(f"influence {p} hidden")
        else:
            lines.append(f"influence {p} " + " ".join(
                f"{letter}{n}" for letter, n in zip(COLOURS, influence)))
        lines.append(f"treasures {p} {state.treasures_taken[p]}")
        if p < len(state.swapped) and state.swapped[p]:
            lines.append(f"swapped {p} {state.swapped[p]}")
    for m, top in enumerate(state.monuments):
        if top >= 0:
            lines.append(f"monument {MONUMENTS[m]} {cell_name(top)}")
    if state.wonder >= 0:
        lines.append(f"wonder {cell_name(state.wonder)}")
    if state.first_player != state.active:
        lines.append(f"first {state.first_player}")
    lines.append(f"turn {state.active}")
    lines.append(f"actions {state.actions}")
    if state.phase != "action":
        lines.append(f"phase {state.phase}")
    if state.to_move != (None if state.phase == "over" else state.active):
        lines.append(f"to_move {state.to_move}")
    if state.placed >= 0:
        lines.append(f"placed {cell_name(state.placed)}")
    if state.conflict is not None:
        lines.append(conflict_line(state.conflict))
    if state.ending:
        lines.append("ending")
    if state.viewer is not None:
        lines.append(f"viewer {state.viewer}")
        lines.append(f"unseen {_grouped(state.unseen)}")
    if "?" in state.bag or not state.bag:
        lines.append(f"bag {len(state.bag)}")
    else:
        lines.append(f"bag {_grouped(state.bag)}    # {len(state.bag)} tiles, drawn in this order")
    return "\n".join(lines)


def conflict_line(conflict: tuple[int, ...]) -> str:
    """The ``conflict`` line of the text form."""
    kind, colour, attacker, defender, a_str, d_str, support = conflict
    line = (f"conflict {CONFLICT_KINDS[kind]} {COLOURS[colour]} {cell_name(attacker)} {a_str} "
            f"{cell_name(defender)} {d_str}")
    return line if support < 0 else f"{line} support {support}"


def _grouped(letters: str) -> str:
    """Tiles in groups of ten, to be counted at a glance (``-`` for none)."""
    return " ".join(letters[i:i + 10] for i in range(0, len(letters), 10)) or "-"
