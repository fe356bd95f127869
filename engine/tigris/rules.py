"""Tigris & Euphrates rules: setup, the legal moves, and `apply`, the checked pure step.

The rule steps themselves live in `table.Table` (shared with the fast playout). This module
adds what people need around them:

- `new_state`: setup from a seed ("Summary", docs/research.md §2): the starting temples with their
  treasures, a shuffled bag of the other 143 (standard) or 139 (advanced) tiles, six tiles,
  two catastrophes and four leaders per player, a random first player;
- `legal_moves`: every legal move, in a stable order;
- `apply`: refuses an illegal move with a reason naming the rule (`IllegalMove`) or a
  malformed one (`InvalidInput`), and otherwise plays it on a copy;
- `check_state`: the invariants (tiles, treasures, leaders, catastrophes conserved; every
  leader beside a temple; the phase consistent), used by save files, positions and tests.

`positions.position` reads a position from its text form, `saves.state_from_dict` from its
save form; both sit above this module.
"""

from __future__ import annotations

from typing import Any

from engine.core import (
    IllegalMove,
    InvalidInput,
    Message,
    Named,
    Outcome,
    check_seed,
    is_int,
    make_rng,
    not_a_move,
    shown,
)
from engine.tigris import events as ev
from engine.tigris import refusals as told
from engine.tigris.board import NEIGHBOURS, SIZE, WIDTH, Board, cell_name
from engine.tigris.moves import MOVE_CLASSES, legal_public_moves, to_raw
from engine.tigris.pieces import hand_text
from engine.tigris.refusals import TEXT
from engine.tigris.state import (
    CATASTROPHE,
    CATASTROPHES,
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    FLIPPED,
    LEADER,
    LEADER_NAMES,
    MONUMENT_COLOURS,
    MONUMENTS,
    PHASES,
    PLAYERS,
    RED,
    REVOLT,
    TILE,
    Options,
    State,
)
from engine.tigris.table import (
    M_BUILD,
    M_CATASTROPHE,
    M_CUBE,
    M_DECLINE,
    M_DISCARD,
    M_KEEP,
    M_LEADER,
    M_MONUMENT,
    M_PASS,
    M_SUPPORT,
    M_TILE,
    M_WAR,
    M_WITHDRAW,
    M_WONDER,
    Table,
)

# ------------------------------------------------------------------------------------- setup


def _check_players(players: Any) -> int:
    if not is_int(players) or players not in PLAYERS:
        raise InvalidInput(f"Tigris & Euphrates is played by 2 to 4 players, not {shown(players)}")
    return players


def new_state(players: int = 2, seed: int | None = None, **options: Any) -> State:
    """A new game set up from `seed`.

    Options are keywords (see `Options`): ``board="advanced"``, ``war_support="english"``,
    ``buildings=True``, ``wonder=True``, ``open_scoring=True``.

    Raises:
        InvalidInput: players other than 2 to 4, a bad seed, an unknown option or value.
    """
    players = _check_players(players)
    seed = check_seed(seed)
    opts = Options.from_keywords("Tigris & Euphrates", options)
    board = Board.get(opts.board)
    hand = opts.hand_size
    if players * hand > sum(opts.tiles) - len(board.temples):
        raise InvalidInput(f"{players} hands of {hand} tiles need {players * hand} tiles in the "
                           f"bag, but the box holds only {sum(opts.tiles)} tiles "
                           f"({len(board.temples)} of them the starting temples)")
    cells = [EMPTY] * SIZE
    for cell in board.temples:
        cells[cell] = TILE + RED
    rng = make_rng(seed, "tigris", "setup")
    counts = list(opts.tiles)
    counts[RED] -= len(board.temples)
    bag = [letter for letter, k in zip(COLOURS, counts) for _ in range(k)]
    rng.shuffle(bag)
    first = rng.randrange(players)
    hands = []
    for p in range(players):
        dealt = bag[p * hand:(p + 1) * hand]
        hands.append("".join(sorted(dealt, key=COLOURS.index)))
    rest = "".join(bag[players * hand:])
    return State(
        options=opts, players=players, seed=seed, first_player=first, cells=tuple(cells),
        treasures=board.temples, monuments=(-1,) * len(MONUMENTS), wonder=-1,
        buildings=(-1,) * 4, hands=tuple(hands), catastrophes=(CATASTROPHES,) * players,
        influence=((0, 0, 0, 0),) * players, treasures_taken=(0,) * players, bag=rest,
        discard=(0, 0, 0, 0), active=first, actions=opts.actions, phase="action", to_move=first,
        swapped=("",) * players)


# ------------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Any]:
    """Every legal move, in a stable order (see `table.Table.action_groups`): tiles by colour
    then cell, leaders by colour then cell, withdrawals, catastrophes, discards; in a
    decision, its options in order (support counts ascending, colours k r b g, cells
    ascending, then ``decline``). Empty exactly when the game is over.

    On a view, only the viewer's own decisions are listed correctly (others' hands are hidden).
    """
    table = _take_table(state)
    moves = legal_public_moves(table)
    _keep_table(state, table)  # listing leaves the table as it was
    return moves


#: The last few states seen here, each with a working table holding exactly it. A bot lists a
#: state's moves and then applies one, and a game applies a move to the state the last move
#: made: each finds the table here instead of loading the state again (a load labels every
#: kingdom anew).
#: A table after `Table.play` holds the new state as a fresh load would (the fast path plays
#: whole games on one table), and `tests/engine/test_checked_path_golden.py` pins the games.
#: Kept by the state's id, with the state (so the id is not reused while kept). A caller
#: takes a table out (``dict.pop`` is atomic), so two threads never share one: the other
#: simply loads its own.
_CARRIED: dict[int, tuple[State, Table]] = {}


def _take_table(state: State) -> Table:
    """A working table holding `state`, the caller's alone until it is kept again."""
    pair = _CARRIED.pop(id(state), None)
    if pair is not None and pair[0] is state:
        return pair[1]
    return Table.load(state, log=False)


def _keep_table(state: State, table: Table) -> None:
    if len(_CARRIED) > 4:  # a few, for several threads; one game needs one
        _CARRIED.clear()
    _CARRIED[id(state)] = (state, table)


# ------------------------------------------------------------------------------------- apply


def apply(state: State, move: Any) -> tuple[State, list[ev.Event]]:
    """The state after `move`, and the events it caused. `state` is never changed.

    Raises:
        IllegalMove: the move breaks a rule (the reason names it).
        InvalidInput: the move is not a Tigris & Euphrates move, or `state` is a view.
    """
    if not isinstance(move, MOVE_CLASSES):
        if isinstance(move, Outcome):
            from engine.tigris.chance import resolve

            return resolve(state, move)  # type: ignore[no-any-return]
        raise not_a_move("Tigris & Euphrates", move)
    if state.viewer is not None:
        raise InvalidInput(Message(TEXT, "a_view", player=told.player(state.viewer)))
    if state.phase == "over":
        raise IllegalMove(Message(TEXT, "over"),
                          rule="T-END-1" if len(state.treasures) <= (
                              state.options.treasures_left) else "T-END-2")
    raw = to_raw(move)
    table = _take_table(state)
    try:
        _check(table, raw, move)
    except IllegalMove:
        _keep_table(state, table)  # unchanged: the next try on this state may use it
        raise
    table.log = events = []
    table.play(raw)
    after = table.freeze()
    table.state = after
    _keep_table(after, table)
    return after, events


def successor(state: State, move: Any) -> State:
    """The state after `move`, one of ``legal_moves(state)`` — what ``apply(state, move)[0]``
    is, made without checking the move or telling events, for searches that look at every
    move (`bots.GreedyBot`): each is played on a copy of one table loaded for `state`. Give
    it only legal moves (a view or a finished game goes to `apply`, which refuses it)."""
    if state.viewer is not None or state.phase == "over":
        return apply(state, move)[0]
    proto = _PROTO.get(id(state))
    if proto is None or proto[0] is not state:
        _PROTO.clear()  # one position at a time: a search looks at all its moves at once
        proto = _PROTO[id(state)] = (state, Table.load(state, log=False))
    table = proto[1].copy()
    table.play(to_raw(move))
    return table.freeze()


#: The table `successor` copies for the position whose moves it plays, by the state's id
#: (with the state, so that the id is not reused while kept).
_PROTO: dict[int, tuple[State, Table]] = {}


_PHASE_OF = {
    M_TILE: "action", M_LEADER: "action", M_WITHDRAW: "action", M_CATASTROPHE: "action",
    M_DISCARD: "action", M_PASS: "action", M_SUPPORT: "support", M_WAR: "war",
    M_KEEP: "treasure", M_BUILD: "building", M_MONUMENT: "monument", M_WONDER: "monument",
    M_DECLINE: ("building", "monument"), M_CUBE: "cube",
}


def _hint(table: Table) -> Message:
    return Message(TEXT, f"hint_{table.phase}", who=told.player(table.to_move))


def _phase_rule(table: Table) -> str:
    """The rule that says what may be done in the table's phase."""
    if table.phase == "support":
        return "T-REVOLT-3" if table.conflict[0] == REVOLT else "T-WAR-5"  # type: ignore[index]
    return {"action": "T-TURN-1", "war": "T-WAR-2", "treasure": "T-TREAS-2",
            "building": "T-VAR-BUILD-1", "monument": "T-MON-1",
            "cube": "T-VAR-WONDER-2"}[table.phase]


def _what(table: Table, cell: int) -> Named:
    """What stands on a cell, in words."""
    code = table.cells[cell]
    if code == EMPTY:
        return Named(en="nothing", nl="niets")
    if code < CATASTROPHE:
        return told.tile(code - TILE, article=True)
    if code == CATASTROPHE:
        return Named(en="a catastrophe", nl="een ramp")
    if code < LEADER:
        return Named(en="a monument", nl="een monument")
    return told.leader_of(*divmod(code - LEADER, 4))


def _refused(key: str, rule: str, **values: Any) -> IllegalMove:
    return IllegalMove(Message(TEXT, key, **values), rule=rule)


def _check(table: Table, raw: tuple[Any, ...], move: Any) -> None:
    """Raise `IllegalMove` with the rule's reason unless `raw` is legal on `table`."""
    kind = raw[0]
    phases = _PHASE_OF[kind]
    if table.phase not in (phases if isinstance(phases, tuple) else (phases,)):
        raise _refused("not_now", _phase_rule(table), move=str(move), hint=_hint(table))
    p = table.to_move
    name = told.player(p)
    if kind == M_TILE:
        _check_tile(table, raw[1], raw[2], name)
    elif kind == M_LEADER:
        _check_leader(table, raw[1], raw[2])
    elif kind == M_WITHDRAW:
        if table.lpos[4 * p + raw[1]] < 0:  # type: ignore[operator]
            raise _refused("not_placed", "T-LEADER-1", player=name, leader=told.leader(raw[1]))
    elif kind == M_CATASTROPHE:
        _check_catastrophe(table, raw[1], name)
    elif kind == M_DISCARD:
        hand = table.hands[p]  # type: ignore[index]
        if any(k > held for k, held in zip(raw[1], hand)):
            raise _refused("discard_short", "T-DRAW-1", player=name, tiles=move.tiles,
                           hand=told.hand(hand_text(hand)))
    elif kind == M_PASS:
        if table.action_groups()[0][0] != M_PASS:
            raise _refused("no_pass", "T-TURN-1")
    elif kind == M_SUPPORT:
        _check_support(table, raw[1], name)
    elif kind == M_WAR:
        colours = table.war_colours()
        if raw[1] not in colours:
            raise _refused("no_war", "T-WAR-2", leaders=told.leaders(raw[1]),
                           colours=", ".join(COLOURS[c] for c in colours))
    elif kind == M_KEEP:
        _, _, candidates = table.treasure_choice()  # type: ignore[misc]
        if raw[1] not in candidates:
            raise _refused("keep", "T-TREAS-2", cell=cell_name(raw[1]),
                           cells=", ".join(map(cell_name, candidates)))
    elif kind == M_BUILD:
        cells = table.building_cells()
        if raw[1] not in cells:
            raise _refused("no_building",
                           "T-VAR-BUILD-2" if raw[1] in table.buildings else "T-VAR-BUILD-1",
                           cell=cell_name(raw[1]), cells=", ".join(map(cell_name, cells)))
    elif kind in (M_MONUMENT, M_WONDER):
        squares, crosses = table.monument_options()
        if (kind == M_MONUMENT and (raw[1], raw[2]) not in squares) or (
                kind == M_WONDER and raw[1] not in crosses):
            options = [f"monument {MONUMENTS[m]} {cell_name(c)}" for m, c in squares]
            options += [f"wonder {cell_name(c)}" for c in crosses]
            raise _refused("no_monument", "T-MON-1" if kind == M_MONUMENT else "T-VAR-WONDER-1",
                           move=str(move), options="; ".join(options))
    # Declining and the wonder's cube are always legal in their phases.


def _check_tile(table: Table, colour: int, cell: int, name: Named) -> None:
    hand = table.hands[table.active]
    if not hand[colour]:
        raise _refused("no_tile", "T-TURN-1", player=name, tile=told.tile(colour),
                       hand=told.hand(hand_text(hand)))
    where = cell_name(cell)
    code = table.cells[cell]
    if code != EMPTY:
        why = ("tile_on_leader" if code >= LEADER else "tile_on_monument" if code >= FLIPPED
               else "tile_on_catastrophe" if code == CATASTROPHE else "tile_on_tile")
        raise _refused("tile_on", "T-TILE-2", cell=where, what=_what(table, cell),
                       why=Message(TEXT, why))
    if table.river[cell] and colour != 2:
        raise _refused("river_tile", "T-TILE-1", cell=where)
    if not table.river[cell] and colour == 2:
        raise _refused("land_farm", "T-TILE-1", cell=where)
    if len(table.kingdoms_around(cell)) > 2:
        raise _refused("three_kingdoms", "T-TILE-5", cell=where)


def _check_leader(table: Table, colour: int, cell: int) -> None:
    p = table.active
    where = cell_name(cell)
    origin = table.lpos[4 * p + colour]
    if origin == cell:
        raise _refused("leader_there", "T-LEADER-1", leader=told.leader(colour), cell=where)
    if table.cells[cell] != EMPTY:
        raise _refused("leader_taken", "T-LEADER-2", cell=where, what=_what(table, cell))
    if table.river[cell]:
        raise _refused("leader_river", "T-LEADER-5", cell=where)
    if not table.tnear[cell]:
        raise _refused("no_temple", "T-LEADER-3", cell=where)
    if cell not in table.leader_targets(p, colour):
        raise _refused("leader_joins", "T-LEADER-4", cell=where)


def _check_catastrophe(table: Table, cell: int, name: Named) -> None:
    if not table.cats[table.active]:
        raise _refused("no_catastrophe", "T-CAT-1", player=name)
    where = cell_name(cell)
    code = table.cells[cell]
    if code >= CATASTROPHE:
        raise _refused("catastrophe_on", "T-CAT-2", cell=where, what=_what(table, cell))
    if cell in table.treasures:
        raise _refused("catastrophe_treasure", "T-CAT-2", cell=where)
    if cell in table.buildings:
        raise _refused("catastrophe_building", "T-VAR-BUILD-3", cell=where)


def _check_support(table: Table, count: int, name: Named) -> None:
    kind, colour, _, _, a_str, d_str, a_commit = table.conflict  # type: ignore[misc]
    support = RED if kind == REVOLT else colour
    held = table.hands[table.to_move][support]  # type: ignore[index]
    if count > held:
        raise _refused("support_short", "T-REVOLT-3" if kind == REVOLT else "T-WAR-5",
                       player=name, held=held, tiles=told.tiles_of(support))
    if count not in table.support_counts():
        own, other = (a_str, d_str) if a_commit < 0 else (d_str, a_str + a_commit)
        raise _refused("english_support", "T-VAR-ENGLISH-1", player=name, own=own,
                       count=count, other=other)


# ------------------------------------------------------------------------------ invariants


def check_state(state: State) -> None:
    """Raise `InvalidInput` unless `state` is one the rules can reach.

    Checks the conservation laws (153 tiles, the treasures, 2 catastrophes each, one of each
    leader), that every leader on the board stands on land beside a face-up temple, that no
    kingdom holds two leaders of a colour outside a conflict, the monuments, the buildings,
    and that the phase and `to_move` agree.
    """
    bad = _problem(state)
    if bad:
        raise InvalidInput(f"inconsistent tigris state: {bad}")


def _problem(state: State) -> str | None:
    n = state.players
    board = state.board
    if n not in PLAYERS:
        return f"players is {n}"
    if len(state.cells) != SIZE:
        return f"the board has {len(state.cells)} cells, not {SIZE}"
    for name in ("hands", "catastrophes", "influence", "treasures_taken", "swapped"):
        if len(getattr(state, name)) != n:
            return f"{name} needs one entry per player"
    if state.phase not in PHASES:
        return f"phase {shown(state.phase)} is not one of {', '.join(PHASES)}"
    if not (0 <= state.active < n and 0 <= state.first_player < n):
        return "active and first_player must be players"
    cells = state.cells
    on_board = [0, 0, 0, 0]
    flipped = [0, 0, 0, 0]
    placed_cats = 0
    leaders: dict[int, int] = {}
    for cell, code in enumerate(cells):
        if not 0 <= code < LEADER + 4 * n:
            return f"{cell_name(cell)} has the unknown code {code}"
        if TILE <= code < CATASTROPHE:
            on_board[code - TILE] += 1
            if board.river[cell] != (code == TILE + 2):
                return f"{cell_name(cell)}: blue farms, and only they, stand on the river"
        elif code == CATASTROPHE:
            placed_cats += 1
        elif FLIPPED <= code < LEADER:
            flipped[code - FLIPPED] += 1
        elif code >= LEADER:
            leaders[code] = cell
            if board.river[cell]:
                return f"a leader stands on the river at {cell_name(cell)}"
            if not any(cells[m] == TILE + RED for m in NEIGHBOURS[cell]):
                return f"the leader on {cell_name(cell)} has no temple beside it"
    held = (*state.hands, *state.swapped)
    if state.viewer is None:
        if "?" in state.bag or any("?" in h for h in held) or state.unseen:
            return "only a view hides tiles"
        if None in state.influence:
            return "only a view hides influence"
        unseen = ""
    else:
        viewer = state.viewer
        if not 0 <= viewer < n or "?" in state.hands[viewer] or "?" in state.swapped[viewer]:
            return "a view must show its viewer's own hand and swapped tiles"
        hidden = state.bag.count("?") + sum(h.count("?") for h in held)
        if hidden != len(state.unseen) or hidden != len(state.bag) + sum(
                len(h) for p, h in enumerate(state.hands) if p != viewer) + sum(
                len(h) for p, h in enumerate(state.swapped) if p != viewer):
            return ("a view hides exactly the bag, the other hands and the tiles the others "
                    "swapped away")
        if state.influence[viewer] is None or (None in state.influence and (
                state.options.open_scoring or state.phase == "over")):
            return ("a view hides only the other players' influence, and only during a game "
                    "without open scoring")
        unseen = state.unseen
    for colour, letter in enumerate(COLOURS):
        total = (on_board[colour] + flipped[colour] + state.discard[colour]
                 + state.bag.count(letter) + sum(h.count(letter) for h in held)
                 + unseen.count(letter))
        if total != state.options.tiles[colour]:
            return (f"the {state.options.tiles[colour]} {COLOUR_NAMES['en'][colour]} tiles are "
                    f"not all accounted for ({total})")
    if any(len(h) > state.options.hand_size for h in state.hands):
        return f"a hand holds more than {state.options.hand_size} tiles"
    if any(not 0 <= c <= CATASTROPHES for c in state.catastrophes) or (
            placed_cats + sum(state.catastrophes) != CATASTROPHES * n):
        return f"the {CATASTROPHES * n} catastrophe tiles are not all accounted for"
    if len(state.treasures) + sum(state.treasures_taken) != len(board.temples):
        return f"the {len(board.temples)} treasures are not all accounted for"
    for cell in state.treasures:
        if cell not in board.temples or cells[cell] not in (TILE + RED, FLIPPED + RED):
            return f"the treasure on {cell_name(cell)} is not on a starting temple"
    if list(state.treasures) != sorted(set(state.treasures)):
        return "treasures must be listed once each, ascending"
    built = 0
    for m, top in enumerate(state.monuments):
        if top < 0:
            continue
        built += 4
        square = (top, top + 1, top + WIDTH, top + WIDTH + 1)
        if top % WIDTH == WIDTH - 1 or top + WIDTH + 1 >= SIZE or len(
                {cells[c] for c in square}) != 1 or cells[top] - FLIPPED not in (
                MONUMENT_COLOURS[m]):
            return f"monument {MONUMENTS[m]} on {cell_name(top)} is not on a turned-over square"
    if state.wonder >= 0:
        built += 5
        cross = (state.wonder, *NEIGHBOURS[state.wonder])
        if not state.options.wonder or len(cross) != 5 or len(
                {cells[c] for c in cross}) != 1 or not FLIPPED <= cells[state.wonder] < LEADER:
            return "the wonder is not on a turned-over cross of five"
    if sum(flipped) != built:
        return "turned-over tiles lie only under monuments and the wonder"
    for colour, cell in enumerate(state.buildings):
        if cell >= 0 and (not state.options.buildings or cells[cell] != TILE + colour):
            return f"the {COLOURS[colour]} building must stand on a tile of its colour"
    for c in state.influence:
        if c is not None and min(c) < 0:
            return "influence is never negative"
    return _check_phase(state, leaders)


def _check_phase(state: State, leaders: dict[int, int]) -> str | None:
    table = Table.load(state, log=False)
    phase = state.phase
    conflict_kingdom = -1
    if phase == "over":
        return None if state.to_move is None else "nobody moves once the game is over"
    if state.to_move is None or not 0 <= state.to_move < state.players:
        return "to_move must be a player while the game goes on"
    turn = state.options.actions
    if state.ending and phase == "action" and state.actions == turn:
        return "a game whose bag ran short ends with that turn"
    if phase == "action":
        if state.to_move != state.active or not 1 <= state.actions <= turn:
            return (f"in the action phase the active player moves, with 1 to {turn} actions "
                    "left")
        if state.placed >= 0 or state.conflict is not None:
            return "no tile or conflict is pending between actions"
    else:
        if not 0 <= state.actions < turn:
            return "during an action at most one action fewer than a turn's is left"
    if phase in ("war", "building", "monument", "cube") and state.to_move != state.active:
        return f"the active player decides in the {phase} phase"
    if phase in ("war", "building", "monument") and (
            state.placed < 0 or not TILE <= state.cells[state.placed] < CATASTROPHE):
        return f"the {phase} phase needs the tile just placed"
    if phase == "war":
        if state.conflict is not None or len(table.war_colours()) < 2:
            return "the war phase waits for a choice among two or more wars"
        conflict_kingdom = table.comp[state.placed]
    if phase == "support":
        if state.conflict is None:
            return "the support phase needs a conflict"
        kind, colour, attacker, defender, a_str, d_str, a_commit = state.conflict
        if kind not in (0, 1) or not 0 <= colour < 4:
            return "the conflict is malformed"
        for cell in (attacker, defender):
            if not 0 <= cell < SIZE or state.cells[cell] < LEADER or (
                    state.cells[cell] - LEADER) % 4 != colour:
                return "the conflict's leaders are not on the board"
        side = attacker if a_commit < 0 else defender
        if state.to_move != (state.cells[side] - LEADER) // 4:
            return "the attacker commits support first, then the defender"
        if kind == 1 and state.placed < 0:
            return "a war needs the tile that joined the kingdoms"
        if kind == 0 and state.placed >= 0:
            return "a revolt follows a leader, not a tile"
        conflict_kingdom = table.comp[attacker]
    if phase == "treasure":
        choice = table.treasure_choice()
        if choice is None or len(choice[2]) < 2 or choice[1] != state.to_move:
            return "the treasure phase waits for the trader's owner to choose"
    if phase == "building" and not (state.options.buildings and table.building_cells()):
        return "the building phase needs a line for a building"
    if phase == "monument" and not any(table.monument_options()):
        return "the monument phase needs a square (or cross) to build on"
    if phase == "cube":
        king = table.lpos[4 * state.active]
        if state.wonder < 0 or king < 0 or table.comp[king] != table.comp[state.wonder]:
            return "the wonder's cube needs the active player's king beside the wonder"
    for kingdom in table.cmask:
        if kingdom == conflict_kingdom:
            continue
        for colour in range(4):
            if len(table._leaders_in(kingdom, colour)) > 1:
                return (f"a kingdom holds two {LEADER_NAMES['en'][colour]}s outside a "
                        "conflict")
    if phase == "action" and table.treasure_choice() is not None:
        return "a trader beside two treasures takes them at once"
    return None
