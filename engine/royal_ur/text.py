"""The text form of a position: the board as three rows of characters, plus a few lines.

``str(state)`` prints it and `rules.position` reads it back exactly, so a learner or a test
writes a position in a few lines::

    Royal Game of Ur: light to move 2
         a b c d e f g h
      3  * . . .     * .
      2  . L . * D . . .
      1  * . . .     * L
    light  waiting 4  off 1  squares 6 13
    dark   waiting 6  off 0  squares 9
    turn light move 2
    throws 11  seed 7
    options rules=finkel pieces=7 path=bell safe_rosettes=yes dice=four capture_throw=no throws=dice

Board rows start with their number (3 dark's row at the top, 2 the middle, 1 light's row) and
hold one token per square from column ``a`` — six in an outer row (the gap, columns ``e`` and
``f``, is left out), eight in the middle row: ``.`` an empty square, ``*`` an empty rosette,
``L`` a light piece, ``D`` a dark piece. The other lines:

=========================  =================================================================
``light …`` / ``dark …``   ``waiting N``, ``off N``, ``squares S S …`` (``-`` for none): the
                           pieces on the board by the player's own path squares; waiting is
                           what is left and, if written, must agree
``turn light throw``       light is to throw; ``turn dark move 3``: dark has thrown 3 and is
                           to move; ``turn over``: the game is over
``throws N  seed N``       the throws made so far and the seed (``seed hidden`` in a view)
``options k=v …``          the options (see `Options`)
=========================  =================================================================

Lines may be left out: the board or the squares (one is enough where each square of a path is
a different cell; on Murray's path, which passes squares twice, the squares say which pass a
piece is on), ``turn`` (light to throw), ``throws`` (0), ``seed`` and ``options`` (the
keywords of `rules.position`, else the defaults). A line starting ``Royal Game of Ur``, a
line of column letters and anything after ``#`` are ignored. `parse_text` reads the lines
into plain facts; `rules.position` checks them against each other and the rules.
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, parse_whole, shown
from engine.royal_ur.board import CELLS, COLUMN_NAMES, COLUMNS, ROSETTES, ROWS

PIECE_TOKENS = ("L", "D")
EMPTY_TOKENS = (".", "*")
_IDS = ("light", "dark")


def board_rows(state: Any) -> list[str]:
    """The three board lines (with the column header first) of `state`."""
    cells = state.path.cells
    at: dict[tuple[int, int], str] = {}
    for player in (0, 1):
        for square in state.squares[player]:
            at[cells[player][square]] = PIECE_TOKENS[player]
    lines = ["     " + " ".join(COLUMN_NAMES)]
    for row in range(ROWS):
        tokens = []
        for column in range(COLUMNS):
            cell = (row, column)
            if cell not in CELLS:
                tokens.append(" ")
            else:
                tokens.append(at.get(cell, "*" if cell in ROSETTES else "."))
        lines.append(f"  {ROWS - row}  " + " ".join(tokens).rstrip())
    return lines


def render_text(state: Any) -> str:
    """``str(state)``: see the module docstring."""
    lines = [f"Royal Game of Ur: {state.summary()}", *board_rows(state)]
    for player in (0, 1):
        squares = " ".join(map(str, state.squares[player])) or "-"
        lines.append(f"{_IDS[player]:<6} waiting {state.waiting(player)}  off "
                     f"{state.off[player]}  squares {squares}")
    if state.to_move is None:
        lines.append("turn over")
    elif state.throw is None:
        lines.append(f"turn {_IDS[state.to_move]} throw")
    else:
        lines.append(f"turn {_IDS[state.to_move]} move {state.throw}")
    lines.append(f"throws {state.throws}  seed "
                 + ("hidden" if state.seed is None else str(state.seed)))
    options = state.options.to_dict()
    lines.append("options " + " ".join(
        f"{k}={('yes' if v else 'no') if isinstance(v, bool) else v}"
        for k, v in options.items()))
    return "\n".join(lines)


def parse_text(text: Any) -> dict[str, Any]:
    """The facts a position's text states, unchecked against each other.

    Returns:
        ``{"board": {cell: player} or None, "players": {player: {"waiting", "off",
        "squares"}}, "turn": ("throw" | "move" | "over", player, throw) or None, "throws":
        int or None, "seed": int, None (hidden) or ... (not written), "options": dict or
        None}``; a player's entries are only those written.

    Raises:
        InvalidInput: a malformed line, named by its number.
    """
    if not isinstance(text, str):
        raise InvalidInput("a position is text: the board rows and lines such as "
                           "'light waiting 6 off 0 squares 3'")
    rows: dict[int, list[str]] = {}
    facts: dict[str, Any] = {"board": None, "players": {0: {}, 1: {}}, "turn": None,
                             "throws": None, "seed": ..., "options": None}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        words = line.split()
        if not words or line.strip().lower().startswith("royal game of ur"):
            continue
        where = f"position line {number}"
        if [w.lower() for w in words] == list(COLUMN_NAMES):
            continue
        key = words[0].lower()
        rank = parse_whole(words[0])
        if rank is not None:
            if not 1 <= rank <= ROWS:
                raise InvalidInput(f"{where}: the board has rows 1 to {ROWS}, not {rank}")
            if rank in rows:
                raise InvalidInput(f"{where}: row {rank} is written twice")
            rows[rank] = words[1:]
        elif key in _IDS:
            facts["players"][_IDS.index(key)] = _player_line(words[1:], where)
        elif key == "turn":
            facts["turn"] = _turn_line(words[1:], where)
        elif key in ("throws", "seed"):
            _counter_line(words, where, facts)
        elif key == "options":
            facts["options"] = _options_line(words[1:], where)
        else:
            raise InvalidInput(f"{where}: unknown line {shown(raw.strip())}: write board rows "
                               "('2  . . . * . . . .'), 'light …', 'dark …', 'turn …', "
                               "'throws N seed N' or 'options …'")
    if rows:
        facts["board"] = _board(rows)
    return facts


def _board(rows: dict[int, list[str]]) -> dict[tuple[int, int], int]:
    board: dict[tuple[int, int], int] = {}
    for rank in range(1, ROWS + 1):
        row = ROWS - rank
        tokens = rows.get(rank)
        if tokens is None:
            continue  # a row not written is empty
        columns = [c for c in range(COLUMNS) if (row, c) in CELLS]
        if len(tokens) != len(columns):
            gap = "" if row == 1 else " (columns e and f are the gap: leave them out)"
            raise InvalidInput(f"board row {rank} has {len(columns)} squares, not "
                               f"{len(tokens)}{gap}")
        for column, token in zip(columns, tokens):
            upper = token.upper()
            if upper in PIECE_TOKENS:
                board[(row, column)] = PIECE_TOKENS.index(upper)
            elif token not in EMPTY_TOKENS:
                raise InvalidInput(f"board row {rank}, column {COLUMN_NAMES[column]}: "
                                   f"{shown(token)} is not '.', '*', 'L' or 'D'")
    return board


def _player_line(words: list[str], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    at = 0
    while at < len(words):
        key = words[at].lower()
        if key in ("waiting", "off"):
            if at + 1 >= len(words) or parse_whole(words[at + 1]) is None or int(
                    words[at + 1]) < 0:
                raise InvalidInput(f"{where}: {key} needs a whole number ≥ 0")
            out[key] = int(words[at + 1])
            at += 2
        elif key == "squares":
            at += 1
            squares: list[int] = []
            while at < len(words) and words[at].lower() not in ("waiting", "off", "squares"):
                if words[at] != "-":
                    value = parse_whole(words[at])
                    if value is None:
                        raise InvalidInput(f"{where}: squares are whole numbers (or '-' for "
                                           f"none), not {shown(words[at])}")
                    squares.append(value)
                at += 1
            out["squares"] = squares
        else:
            raise InvalidInput(f"{where}: {shown(words[at])} is not 'waiting N', 'off N' or "
                               "'squares S S …'")
    return out


def _turn_line(words: list[str], where: str) -> tuple[str, int | None, int | None]:
    lowered = [w.lower() for w in words]
    if lowered == ["over"]:
        return ("over", None, None)
    if len(lowered) == 2 and lowered[0] in _IDS and lowered[1] == "throw":
        return ("throw", _IDS.index(lowered[0]), None)
    if len(lowered) == 3 and lowered[0] in _IDS and lowered[1] == "move" and parse_whole(
            lowered[2]) is not None:
        return ("move", _IDS.index(lowered[0]), int(lowered[2]))
    raise InvalidInput(f"{where}: write 'turn light throw', 'turn dark move 3' or 'turn over', "
                       f"not {shown(' '.join(words))}")


def _counter_line(words: list[str], where: str, facts: dict[str, Any]) -> None:
    if len(words) % 2:
        raise InvalidInput(f"{where}: write 'throws N  seed N' (seed may be 'hidden')")
    for key, value in zip(words[::2], words[1::2]):
        key = key.lower()
        if key == "seed" and value.lower() == "hidden":
            facts["seed"] = None
            continue
        number = parse_whole(value)
        if key not in ("throws", "seed") or number is None or number < 0:
            raise InvalidInput(f"{where}: write 'throws N  seed N' with whole numbers ≥ 0, "
                               f"not {shown(' '.join(words))}")
        facts[key] = number


def _options_line(words: list[str], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise InvalidInput(f"{where}: options are written key=value, not {shown(word)}")
        lowered = value.lower()
        number = parse_whole(value)
        out[key] = (True if lowered in ("yes", "true") else False if lowered in ("no", "false")
                    else number if number is not None else value)
    return out

