"""Royal Game of Ur rules: setup, the legal moves, and `apply`, the pure step from state to state.

Covers the rule text's "A turn" and "The path" with the rulings of docs/rulings.md (R-U…):

1. The turn begins with the throw, a move of the player to move: `Throw()` has the engine
   throw the dice (drawn from the seed and the throw's number, so a game replays exactly),
   `Throw(n)` types in a throw made at a real board — as option ``throws`` allows (R-U7).
2. Then the player moves one piece exactly the throw along its own path: `Enter` (a waiting
   piece enters on square *throw*) or `MovePiece` (the piece on a square moves on; with the
   move to the square after the last it is borne off, only with the exact throw). A piece may
   not land on its own side's piece; landing on the other side's piece captures it (it goes
   back off the board), unless that piece stands on a safe rosette (Finkel: the central one),
   where no piece may land.
3. Landing on a rosette gives another throw (so does a capture, with option
   ``capture_throw``); otherwise the turn passes to the other player.
4. A throw of 0, or a throw no piece can move by, allows only `Pass` (R-U8): a decision with a
   single move, like any other, so bots and boards need nothing special.
5. The first to bear off all its pieces wins; the game ends at once.

`piece_moves` is the one implementation of which pieces may move where; the fast playout,
the heuristic and the solver's checks use it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import (
    IllegalMove,
    InvalidInput,
    Message,
    Named,
    Outcome,
    check_seed,
    is_int,
    shown,
)
from engine.royal_ur import events as ev
from engine.royal_ur.board import Path, cell_name, cell_of
from engine.royal_ur.dice import draw
from engine.royal_ur.dice import value as dice_value
from engine.royal_ur.moves import Enter, MovePiece, Pass, Throw
from engine.royal_ur.state import (
    DARK,
    LIGHT,
    PLAYER_IDS,
    PLAYER_NAMES,
    PLAYERS,
    Options,
    State,
    _evolve,
    check_state,
    player_index,
)
from engine.royal_ur.text import parse_text

# Moves are values: the rules hand out the same objects every time.
THROW = Throw()
TYPED_THROWS = {v: Throw(v) for v in range(5)}
ENTER = Enter()
PASS = Pass()
MOVES = {s: MovePiece(s) for s in range(1, 28)}

#: The refusals of this module, told in every language.
_MESSAGES = {
    "en": {
        "not_a_move": "not a Royal Game of Ur move: {move}",
        "view_throw": "this is a player's view, whose seed is hidden: the dice cannot be "
                      "thrown (determinize the view first)",
        "over": "the game is over: {winner} has borne off all {pieces} pieces",
        "throw_first": "{name} must throw first: a turn begins with the throw ('throw')",
        "thrown": "{name} has thrown {throw} already: move a piece by it ('enter', 'move "
                  "SQUARE'), or 'pass' if none can move",
        "dice_only": "this game's throws are made by the engine (option throws='dice'): write "
                     "'throw', not 'throw {value}'",
        "typed_only": "this game's throws are made at the board and typed in (option "
                      "throws='recorded'): write the throw, e.g. 'throw 2'",
        "no_such_throw": "three dice give a throw of 1 to 4 (no marked tip up counts 4), "
                         "not {value}",
        "none_waiting": "{name} has no piece waiting to enter: {on} on the board, {off} "
                        "borne off",
        "no_piece": "{name} has no piece on square {square} (its pieces stand on {squares})",
        "off_path": "{name}'s path has {length} squares: there is no square {square}",
        "zero": "a throw of 0 moves nothing: the turn passes ('pass')",
        "exact": "a piece bears off only with the exact throw: from square {square} it needs "
                 "{needed}, not {throw}",
        "own": "square {target} ({cell}) holds {name}'s own piece: a piece may not land on "
               "its own side's piece",
        "safe": "{cell} is a rosette and {other}'s piece on it is safe: it cannot be "
                "captured, and no piece may land on it",
        "must_move": "{name} can move with this {throw} ({moves}): a player who can move "
                     "must",
    },
    "nl": {
        "not_a_move": "geen zet van het Koninklijk Spel van Ur: {move}",
        "view_throw": "dit is wat een speler ziet, zonder het zaad van de worpen: de stenen "
                      "kunnen niet gegooid worden (maak er eerst een volledige stelling van)",
        "over": "het spel is voorbij: {winner} heeft alle {pieces} stukken van het bord",
        "throw_first": "{name} moet eerst gooien: een beurt begint met de worp ('throw')",
        "thrown": "{name} heeft al {throw} gegooid: zet daarmee een stuk ('enter', 'move "
                  "VELD'), of 'pass' als geen stuk kan",
        "dice_only": "in dit spel gooit de engine (optie throws='dice'): schrijf 'throw', "
                     "niet 'throw {value}'",
        "typed_only": "in dit spel wordt aan het bord gegooid en de worp ingevoerd (optie "
                      "throws='recorded'): schrijf de worp, bijvoorbeeld 'throw 2'",
        "no_such_throw": "drie stenen geven een worp van 1 tot 4 (geen gemerkte punt boven "
                         "telt als 4), niet {value}",
        "none_waiting": "{name} heeft geen stuk dat wacht om in te komen: {on} op het bord, "
                        "{off} eraf",
        "no_piece": "{name} heeft geen stuk op veld {square} (zijn stukken staan op "
                    "{squares})",
        "off_path": "het pad van {name} heeft {length} velden: er is geen veld {square}",
        "zero": "een worp van 0 zet niets: de beurt gaat over ('pass')",
        "exact": "een stuk gaat alleen met de precieze worp van het bord: vanaf veld "
                 "{square} is {needed} nodig, niet {throw}",
        "own": "op veld {target} ({cell}) staat al een eigen stuk van {name}: een stuk mag "
               "niet op een eigen stuk landen",
        "safe": "{cell} is een rozet en het stuk van {other} staat daar veilig: het kan niet "
                "geslagen worden en geen stuk mag erop landen",
        "must_move": "{name} kan met deze {throw} een stuk zetten ({moves}): wie kan zetten, "
                     "moet zetten",
    },
}


def _refuse(key: str, rule: str, **values: Any) -> IllegalMove:
    return IllegalMove(Message(_MESSAGES, key, **values), rule=rule)


def _other(player: int) -> Named:
    name = PLAYER_NAMES[1 - player]
    return Named(en=name.describe("en").lower(), nl=name.describe("nl").lower())


# ------------------------------------------------------------------------------------- setup


def new_state(players: int = PLAYERS, seed: int | None = None, **options: Any) -> State:
    """A new game: every piece waiting, light to throw.

    Args:
        options: see `Options` (``rules="masters"``, ``pieces=3``, ``throws="recorded"``, …).

    Raises:
        InvalidInput: players other than 2, a bad seed or option.
    """
    if isinstance(players, bool) or players != PLAYERS:
        raise InvalidInput(f"the Royal Game of Ur is played by {PLAYERS} players (light and "
                           f"dark), not {shown(players)}")
    return State(options=Options.from_keywords("Royal Game of Ur", options),
                 seed=check_seed(seed), squares=((), ()), off=(0, 0), to_move=LIGHT,
                 throw=None, throws=0)


# ------------------------------------------------------------------------------- legal moves


def piece_moves(pair: Path, safe_rosettes: bool, player: int, mine: Sequence[int],
                theirs: Sequence[int], waiting: int, throw: int) -> list[tuple[int, int, int]]:
    """Where the player's pieces may go with `throw`, in the order of `legal_moves`.

    Returns:
        ``(source, target, captured)`` triples: `source` 0 for a waiting piece entering, else
        the piece's square; `target` ``pair.length + 1`` to bear off; `captured` the other
        player's square taken there, or 0.
    """
    if throw <= 0:
        return []
    cells = pair.cells[player]
    own = {cells[s] for s in mine}
    other = pair.cells[1 - player]
    their = {other[s]: s for s in theirs}
    rosettes = pair.rosettes
    home = pair.length + 1
    out = []
    for source in ([0] if waiting else []) + list(mine):
        target = source + throw
        if target > home:
            continue
        if target == home:
            out.append((source, target, 0))
            continue
        cell = cells[target]
        if cell in own:
            continue
        victim = their.get(cell, 0)
        if victim and safe_rosettes and rosettes[target]:
            continue
        out.append((source, target, victim))
    return out


def _piece_moves(state: State) -> list[tuple[int, int, int]]:
    player = state.to_move
    assert player is not None and state.throw is not None
    return piece_moves(state.path, state.options.safe_rosettes, player,  # type: ignore[arg-type]
                       state.squares[player], state.squares[1 - player],
                       state.waiting(player), state.throw)


def legal_moves(state: State) -> list[Any]:
    """Every legal move, in a stable order.

    To throw: `Throw()` if the engine throws, then ``Throw(n)`` for each throw the dice can
    give if throws are typed in. After the throw: `Enter` first (if a piece may enter), then
    `MovePiece` by ascending square; `Pass` alone when no piece can move.
    """
    if state.to_move is None:
        return []
    if state.throw is None:
        mode = state.options.throws
        moves: list[Any] = [THROW] if mode != "recorded" else []
        if mode != "dice":
            moves.extend(TYPED_THROWS[v] for v in state.options.throw_values)
        return moves
    found = _piece_moves(state)
    if not found:
        return [PASS]
    return [ENTER if source == 0 else MOVES[source] for source, _, _ in found]


# ------------------------------------------------------------------------------------- apply


def apply(state: State, move: Any) -> tuple[State, list[ev.UrEvent]]:
    """The state after `move`, and the events it caused. `state` is never changed.

    Raises:
        IllegalMove: the move breaks a rule (the reason names it).
        InvalidInput: not a Royal Game of Ur move, or an engine throw in a player's view
            (whose seed is hidden: determinize it first).
    """
    handler = _HANDLERS.get(type(move))
    if handler is None:
        if isinstance(move, Outcome):
            from engine.royal_ur.chance import resolve

            return resolve(state, move)
        raise InvalidInput(Message(_MESSAGES, "not_a_move", move=shown(move)))
    player = state.to_move
    if player is None:
        winner = state.winner
        raise _refuse("over", "U-END-1", pieces=state.pieces,
                      winner=PLAYER_NAMES[winner if winner is not None else LIGHT])
    name = PLAYER_NAMES[player]
    if isinstance(move, Throw):
        if state.throw is not None:
            raise _refuse("thrown", "U-TURN-1", name=name, throw=state.throw)
    elif state.throw is None:
        raise _refuse("throw_first", "U-TURN-1", name=name)
    return handler(state, move)


def _throw(state: State, move: Throw) -> tuple[State, list[ev.UrEvent]]:
    options = state.options
    player = state.to_move
    assert player is not None
    number = state.throws + 1
    if move.value is None:
        if options.throws == "recorded":
            raise _refuse("typed_only", "U-THROW-3")
        if state.seed is None:
            raise InvalidInput(Message(_MESSAGES, "view_throw"))
        dice = draw(state.seed, number, options.dice)  # type: ignore[arg-type]
        value = dice_value(options.dice, dice)  # type: ignore[arg-type]
    else:
        if options.throws == "dice":
            raise _refuse("dice_only", "U-THROW-3", value=move.value)
        if move.value not in options.throw_values:
            raise _refuse("no_such_throw", "U-OPT-DICE-1", value=move.value)
        dice, value = (), move.value
    return (_evolve(state, throw=value, throws=number),
            [ev.Thrown(player, value, dice)])


def _refusal(state: State, source: int) -> IllegalMove:
    """Why the piece on `source` (0: a waiting piece) may not move by the throw."""
    player = state.to_move
    assert player is not None and state.throw is not None
    name = PLAYER_NAMES[player]
    pair = state.path
    throw = state.throw
    mine = state.squares[player]
    if source == 0 and not state.waiting(player):
        return _refuse("none_waiting", "U-MOVE-1", name=name, on=len(mine),
                       off=state.off[player])
    if source > pair.length:
        return _refuse("off_path", "U-PATH-1", name=name, length=pair.length, square=source)
    if source and source not in mine:
        return _refuse("no_piece", "U-MOVE-2", name=name, square=source,
                       squares=", ".join(map(str, mine)) or "-")
    if throw == 0:
        return _refuse("zero", "U-PASS-1")
    target = source + throw
    if target > pair.length + 1:
        return _refuse("exact", "U-BEAR-1", square=source, needed=pair.length + 1 - source,
                       throw=throw)
    cell = pair.cell(player, target)
    if any(pair.cells[player][s] == cell for s in mine):
        return _refuse("own", "U-MOVE-3", name=name, target=target, cell=cell_name(cell))
    return _refuse("safe", "U-ROSETTE-2", cell=cell_name(cell), other=_other(player))


def _piece(state: State, move: Enter | MovePiece) -> tuple[State, list[ev.UrEvent]]:
    source = 0 if isinstance(move, Enter) else move.square
    for found in _piece_moves(state):
        if found[0] == source:
            return _moved(state, *found)
    raise _refusal(state, source)


def _moved(state: State, source: int, target: int,
           captured: int) -> tuple[State, list[ev.UrEvent]]:
    player = state.to_move
    assert player is not None
    pair = state.path
    options = state.options
    mine = [s for s in state.squares[player] if s != source]
    theirs = list(state.squares[1 - player])
    off = list(state.off)
    events: list[ev.UrEvent] = []
    again = None
    if target == pair.length + 1:
        off[player] += 1
        events.append(ev.BorneOff(player, source, off[player], state.pieces))
    else:
        cell = cell_name(pair.cell(player, target))
        mine = sorted((*mine, target))
        events.append(ev.Entered(player, target, cell) if source == 0
                      else ev.Moved(player, source, target, cell))
        if captured:
            theirs.remove(captured)
            events.append(ev.Captured(player, cell, captured))
        if pair.rosettes[target] and options.rosette_throw:
            again = ev.ExtraThrow(player, "rosette", cell)
        elif captured and options.capture_throw:
            again = ev.ExtraThrow(player, "capture", cell)
    squares = (tuple(mine), tuple(theirs)) if player == LIGHT else (tuple(theirs), tuple(mine))
    if off[player] == state.pieces:
        events.append(ev.Won(player, state.pieces))
        to_move = None
    elif again is not None:
        events.append(again)
        to_move = player
    else:
        to_move = 1 - player
    return (_evolve(state, squares=squares, off=(off[0], off[1]), to_move=to_move, throw=None),
            events)


def _pass(state: State, move: Pass) -> tuple[State, list[ev.UrEvent]]:
    player = state.to_move
    assert player is not None and state.throw is not None
    found = _piece_moves(state)
    if found:
        moves = ", ".join(str(ENTER if s == 0 else MOVES[s]) for s, _, _ in found)
        raise _refuse("must_move", "U-PASS-2", name=PLAYER_NAMES[player], throw=state.throw,
                      moves=moves)
    return (_evolve(state, to_move=1 - player, throw=None),
            [ev.Passed(player, state.throw)])


_HANDLERS: dict[type, Any] = {Throw: _throw, Enter: _piece, MovePiece: _piece, Pass: _pass}


# ------------------------------------------------------------------------------- positions


def position(text: str | None = None, *, light: Iterable[int | str] | None = None,
             dark: Iterable[int | str] | None = None,
             off: Sequence[int] | Mapping[str, int] | None = None,
             to_move: int | str | None = None, throw: int | None = None,
             throws: int | None = None, seed: int | None = None, **options: Any) -> State:
    """A position for lessons and tests, from its text form (``position(str(state))`` is
    `state` again) or from keywords naming only what matters.

    Args:
        text: the text form (`engine.royal_ur.text`); then the position keywords below are
            not given (`seed` and the options may be: they win over the text's).
        light, dark: the squares of each side's pieces on the board, by its own path's
            numbers (``[4, 8]``) or by the board's names (``["a1", "d2"]``, where a name is
            one square of that path).
        off: pieces borne off, ``(light, dark)`` or ``{"light": 1, "dark": 0}``.
        to_move: ``"light"`` (default) or ``"dark"`` (or 0, 1); left out once a side has
            borne off every piece (the game is over).
        throw: None (the player is to throw) or the throw it has made and is to move by.
        throws: throws made so far (the dice of the next throw derive from it); default 0.
        seed: the seed (default 0).
        options: see `Options`.

    Raises:
        InvalidInput: anything malformed or inconsistent, named (the save-file checks).
    """
    if text is not None:
        given = [k for k, v in (("light", light), ("dark", dark), ("off", off),
                                ("to_move", to_move), ("throw", throw), ("throws", throws))
                 if v is not None]
        if given:
            raise InvalidInput(f"write a position as text or with keywords, not both (text "
                               f"and {', '.join(given)})")
        return _from_text(text, seed, options)
    opts = Options.from_keywords("Royal Game of Ur", options)
    pair = opts.board_path
    squares = (_squares(light, LIGHT, pair), _squares(dark, DARK, pair))
    off_counts = _off(off)
    over = opts.pieces in off_counts
    mover = None if over and to_move is None else player_index(
        LIGHT if to_move is None else to_move, "to_move")
    state = State(options=opts, seed=0 if seed is None else check_seed(seed), squares=squares,
                  off=off_counts, to_move=mover, throw=throw,
                  throws=0 if throws is None else throws)
    check_state(state)
    return state


def _squares(given: Iterable[int | str] | None, player: int, pair: Path) -> tuple[int, ...]:
    if given is None:
        return ()
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise InvalidInput(f"{PLAYER_IDS[player]}'s squares must be a list of square numbers "
                           f"or names, not {shown(given)}")
    out = []
    for item in given:
        if is_int(item):
            out.append(item)
        elif isinstance(item, str):
            out.append(_square_of_cell(cell_of(item), player, pair, item))
        else:
            raise InvalidInput(f"{PLAYER_IDS[player]}'s squares are numbers of its path or "
                               f"names such as 'd2', not {shown(item)}")
    return tuple(sorted(out))


def _square_of_cell(cell: tuple[int, int], player: int, pair: Path, name: str) -> int:
    found = pair.squares_of(player, cell)
    if not found:
        raise InvalidInput(f"{name} is not on {PLAYER_IDS[player]}'s path ({pair.name} path)")
    if len(found) > 1:
        raise InvalidInput(f"{name} is {PLAYER_IDS[player]}'s square "
                           f"{' and '.join(map(str, found))} on {pair.name}'s path: give the "
                           "square number to say which")
    return found[0]


def _off(off: Sequence[int] | Mapping[str, int] | None) -> tuple[int, int]:
    if off is None:
        return (0, 0)
    if isinstance(off, Mapping):
        unknown = set(off) - set(PLAYER_IDS)
        if unknown:
            raise InvalidInput(f"off names light and dark, not {sorted(map(shown, unknown))}")
        counts = (off.get("light", 0), off.get("dark", 0))
    elif isinstance(off, Sequence) and not isinstance(off, str) and len(off) == PLAYERS:
        counts = (off[0], off[1])
    else:
        raise InvalidInput(f"off is (light, dark) or {{'light': N, 'dark': N}}, not {shown(off)}")
    if not all(is_int(c) for c in counts):
        raise InvalidInput(f"pieces borne off are whole numbers, not {shown(counts)}")
    return counts


def _from_text(text: str, seed: int | None, options: Mapping[str, Any]) -> State:
    facts = parse_text(text)
    merged = {**(facts["options"] or {}), **options}
    opts = Options.from_keywords("Royal Game of Ur", merged)
    pair = opts.board_path
    board = facts["board"]
    squares: list[tuple[int, ...]] = []
    off: list[int] = []
    for player in (LIGHT, DARK):
        who = PLAYER_IDS[player]
        line = facts["players"][player]
        written = line.get("squares")
        on_board = None if board is None else [c for c, p in board.items() if p == player]
        if written is None and on_board is None:
            own: tuple[int, ...] = ()
        elif written is None:
            own = tuple(sorted(_square_of_cell(c, player, pair, cell_name(c))
                               for c in on_board))  # type: ignore[union-attr]
        else:
            own = tuple(sorted(written))
            if any(not 1 <= s <= pair.length for s in own):
                raise InvalidInput(f"{who}'s squares must be on its path, 1 to {pair.length} "
                                   f"({pair.name} path), not {list(written)}")
            if on_board is not None and sorted(on_board) != sorted(
                    pair.cell(player, s) for s in own):
                named = ", ".join(cell_name(pair.cell(player, s)) for s in own) or "none"
                shows = ", ".join(sorted(map(cell_name, on_board))) or "none"
                raise InvalidInput(f"the board and {who}'s squares disagree: squares "
                                   f"{' '.join(map(str, own)) or '-'} are {named}, the board "
                                   f"shows {shows}")
        squares.append(own)
        off.append(line.get("off", 0))
        waiting = line.get("waiting")
        if waiting is not None and waiting != opts.pieces - len(own) - off[-1]:
            raise InvalidInput(f"{who} has {opts.pieces} pieces: with {len(own)} on the board "
                               f"and {off[-1]} off, {opts.pieces - len(own) - off[-1]} wait, "
                               f"not {waiting}")
    turn = facts["turn"]
    if turn is None:
        mover = None if opts.pieces in off else LIGHT
        pending = None
    else:
        mover = turn[1]
        pending = turn[2]
    text_seed = facts["seed"]
    state = State(options=opts,
                  seed=check_seed(seed) if seed is not None else (
                      0 if text_seed is ... else text_seed),
                  squares=(squares[0], squares[1]), off=(off[0], off[1]), to_move=mover,
                  throw=pending, throws=facts["throws"] or 0)
    check_state(state)
    return state
