"""Sumeria rules: setup, the legal moves, and `apply`, the pure step from state to state.

Covers "Setup", "Course of the Game" and "End of a Round" of the English rule text (with the
Dutch translation's tie-break as an option), in the order the text gives them:

- setup: traders per player count, the row of city-state tiles, the bag and the first player
  from the seed; the initial placement in turn order (it does not move the row: R-S3);
- a round: each player three turns in round order; add, move or remove a trader, with the
  city-state tile swapping left (gain) or right (loss);
- end of a round: control of the three leading city-states, the controllers' choices of tiles
  (a `TakeTiles` move whenever the choice matters), discards, the next first player, the row's
  rotation and six new tiles; after round 6 the game ends.
"""

from __future__ import annotations

from typing import Any

from engine.bitmask import bits
from engine.core import (
    InvalidInput,
    Outcome,
    check_seed,
    is_int,
    make_rng,
    not_a_move,
    shaped,
    shown,
)
from engine.sumeria import events as ev
from engine.sumeria import rays
from engine.sumeria.board import Board
from engine.sumeria.moves import Add, MoveTrader, Place, Remove, TakeTiles
from engine.sumeria.refusals import (
    RANKS,
    named_place,
    named_places,
    named_player,
    part,
    refusal,
)
from engine.sumeria.scoring import (
    final_winners,
    last_player,
    leftover,
    score_counts,
    standings,
    tile_choices,
)
from engine.sumeria.state import (
    OFFER_SIZES,
    PHASES,
    TILE_NAMES,
    TILES,
    TILES_PER_TYPE,
    TRADERS,
    TURNS_PER_ROUND,
    Options,
    State,
    _evolve,
)

# ------------------------------------------------------------------------------------- setup


def new_state(players: int = 3, seed: int | None = None, *, board: Board | None = None,
              **options: Any) -> State:
    """A new game set up from `seed`: shuffled city-state row and bag, random first player.

    Raises:
        InvalidInput: players other than 3 or 4, an unknown option, or a board too small.
    """
    if not is_int(players) or players not in TRADERS:
        raise InvalidInput(f"Sumeria is played by 3 or 4 players, not {shown(players)}")
    seed = check_seed(seed)
    board = Board.standard() if board is None else board
    if not isinstance(board, Board):
        raise InvalidInput("board must be a sumeria.Board (use Board.from_dict)")
    opts = Options.from_keywords("Sumeria", options)
    traders, setup = opts.traders_for(players), opts.setup_for(players)
    if setup > traders:
        raise InvalidInput(f"each player places {setup} traders during setup but has only "
                           f"{traders} (options setup_traders and traders)")
    needed = players * traders + 1
    if len(board.locations) < needed:
        raise InvalidInput(f"{board.name} has {len(board.locations)} locations; a {players}-player"
                           f" game needs at least {needed}, so that a trader can always be added")
    if len(board.city_states) < len(OFFER_SIZES):
        raise InvalidInput(f"{board.name} has {len(board.city_states)} city-states; a game "
                           f"scores {len(OFFER_SIZES)} each round")
    rng = make_rng(seed, "sumeria", "setup")
    row = [cs.id for cs in board.city_states]
    rng.shuffle(row)
    bag = [t for t in TILES for _ in range(TILES_PER_TYPE)]
    rng.shuffle(bag)
    first = rng.randrange(players)
    offer, rest = _draw("".join(bag), opts.offer)
    return State(
        board=board, options=opts, players=players, seed=seed,
        phase="placement" if setup else "turns", round=1, step=0, first_player=first,
        to_move=first, traders=(-1,) * len(board.locations), reserve=(traders,) * players,
        row=tuple(row), offer=offer, bag=rest, discard="", influence=((0, 0, 0, 0),) * players)


def _draw(bag: str, sizes: tuple[int, ...] = OFFER_SIZES) -> tuple[tuple[str, str, str], str]:
    """The round's tiles from the bag: by the rule text three above the 1st city-state, two
    above the 2nd, one above the 3rd (`sizes`: a game's own are ``options.offer``)."""
    a, b = sizes[0], sizes[0] + sizes[1]
    c = b + sizes[2]
    return (bag[:a], bag[a:b], bag[b:c]), bag[c:]


# ------------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Any]:
    """Every legal move, in a stable order: by kind, then by location in board order.

    During turns: adds (if the player has a reserve), then moves (trader by trader, each
    destination in board order), then removes.
    """
    phase = state.phase
    if phase == "over":
        return []
    if phase == "scoring":
        return [TakeTiles(t) for t in _choices(state)]
    board = state.board
    made = _MADE.get(id(board))
    if made is None or made.board is not board:
        made = _made(board)
    traders = state.traders
    if phase == "placement":
        places = made.places
        return [places[i] for i, o in enumerate(traders) if o < 0]
    player = state.to_move
    adds = made.adds
    known = made.occ
    if known[0] is traders:  # the occupancy `apply` carried over from the last state
        occ = known[1]
        own = [i for i, o in enumerate(traders) if o == player]
        moves: list[Any] = [adds[i] for i, o in enumerate(traders) if o < 0] if (
            state.reserve[player] > 0) else []
    else:
        # One pass over the board: the empty locations, the player's traders, the occupancy.
        empty: list[int] = []
        own = []
        occ = 0
        for i, o in enumerate(traders):
            if o < 0:
                empty.append(i)
            else:
                occ |= 1 << i
                if o == player:
                    own.append(i)
        made.occ = (traders, occ)
        moves = [adds[i] for i in empty] if state.reserve[player] > 0 else []
    # The ray tables count the start as occupied, which finds the same destinations as the
    # rule's vacated start (see `rays.RayTables`); the fast path lists them the same way.
    masks, _ = made.rays.destinations(own, occ)
    for i, mask in zip(own, masks):
        if mask:
            # The same trader often has the same destinations a few turns later.
            memo = made.memo[i]
            found = memo.get(mask)
            if found is None:
                found = made.moves_to(i, mask)
            moves.extend(found)
    removes = made.removes
    moves.extend([removes[i] for i in own])
    return moves


class _Made:
    """A board's moves, each made once (moves are values: making thousands a second was what
    `legal_moves` spent most of its time on), and its movement tables."""

    __slots__ = ("adds", "board", "ids", "memo", "occ", "places", "rays", "removes", "rows")

    def __init__(self, board: Board):
        self.board = board
        self.rays = rays.tables(board)
        self.ids = ids = [loc.id for loc in board.locations]
        self.places = [Place(i) for i in ids]
        self.adds = [Add(i) for i in ids]
        self.removes = [Remove(i) for i in ids]
        self.rows: list[list[MoveTrader] | None] = [None] * len(ids)
        self.memo: list[dict[int, list[MoveTrader]]] = [{} for _ in ids]
        #: A `traders` tuple of a state and its occupancy mask: `legal_moves` and `apply` of
        #: that state read it, and `apply` leaves the next state's here. A tuple is kept by
        #: identity (it is held here, so it cannot be another tuple at the same address).
        self.occ: tuple[tuple[int, ...] | None, int] = (None, 0)

    def moves_to(self, origin: int, mask: int) -> list[MoveTrader]:
        """The moves from `origin` to the locations in `mask`, in board order (remembered)."""
        row = self.rows[origin]
        if row is None:
            start = self.ids[origin]
            row = self.rows[origin] = [MoveTrader(start, dest) for dest in self.ids]
        memo = self.memo[origin]
        if len(memo) > 2_000:
            memo.clear()
        found = memo[mask] = [row[j] for j in bits(mask)]
        return found


#: The last boards' `_Made`, by id (a dict look-up by id is cheaper than hashing a board).
_MADE: dict[int, _Made] = {}


def _made(board: Board) -> _Made:
    if len(_MADE) > 16:
        _MADE.clear()
    made = _MADE[id(board)] = _Made(board)
    return made


def _occupancy(traders: tuple[int, ...]) -> int:
    mask = 0
    for i, o in enumerate(traders):
        if o >= 0:
            mask |= 1 << i
    return mask


def _choices(state: State) -> list[str]:
    """The distinct choices of tiles for the controller of the city-state being scored."""
    return tile_choices(state.offer[state.scoring], state.scoring, state.options.takes)


# ------------------------------------------------------------------------------------- apply


def apply(state: State, move: Any) -> tuple[State, list[ev.Event]]:
    """The state after `move`, and the events it caused. `state` is never changed.

    Raises:
        IllegalMove: the move breaks a rule (the reason names it).
        InvalidInput: the move names an unknown location or is not a Sumeria move.
    """
    if isinstance(move, Outcome):
        from engine.sumeria.chance import resolve

        return resolve(state, move)  # type: ignore[no-any-return]
    if state.phase == "over":
        raise refusal("over", "S-END-1")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise not_a_move("Sumeria", move)
    phase, name = _PHASE_OF[type(move)]
    if state.phase != phase:
        # The rule of the phase the game is in says what may be done now.
        raise refusal("wrong_phase", _PHASE_RULE[state.phase], action=part(name),
                      hint=part(f"hint_{state.phase}"))
    return handler(state, move)


_PHASE_RULE = {"placement": "S-SETUP-6", "turns": "S-TURN-2", "scoring": "S-TILE-6"}


def _place(state: State, move: Place) -> tuple[State, list[ev.Event]]:
    board, player = state.board, state.to_move
    i = _empty(state, move.location)
    traders = _set(state.traders, i, player)
    reserve = _add(state.reserve, player, -1)
    events: list[ev.Event] = [ev.TraderPlaced(player, move.location,
                                              board.name_of(move.location))]
    step = state.step + 1
    if step == state.players * state.options.setup_for(state.players):
        events.append(ev.PlacementEnded(state.first_player))
        return _evolve(state, traders=traders, reserve=reserve, phase="turns", step=0,
                       to_move=state.first_player), events
    return _evolve(state, traders=traders, reserve=reserve, step=step,
                   to_move=(state.first_player + step) % state.players), events


def _add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


def _empty(state: State, loc_id: str) -> int:
    i = state.board.index_of(loc_id)
    owner = state.traders[i]
    if owner >= 0:
        raise refusal("occupied", "S-SETUP-7", where=named_place(state.board, loc_id),
                      owner=named_player(owner))
    return i


def _own(state: State, loc_id: str, verb: str) -> int:
    i = state.board.index_of(loc_id)
    owner = state.traders[i]
    if owner != state.to_move:
        key = f"{verb}_{'empty' if owner < 0 else 'other'}"
        raise refusal(key, "S-REMOVE-1" if verb == "remove" else "S-MOVE-1",
                      player=named_player(state.to_move), where=named_place(state.board, loc_id),
                      owner=named_player(owner) if owner >= 0 else None)
    return i


def _turn(state: State, move: Any) -> tuple[State, list[ev.Event]]:
    board, player = state.board, state.to_move
    row = state.row
    made = _MADE.get(id(board))
    if made is None or made.board is not board:
        made = _made(board)
    known = made.occ  # the occupancy, when `legal_moves` or the last `apply` left it
    occ = known[1] if known[0] is state.traders else -1  # -1: not known (only moves need it)
    if isinstance(move, Add):
        if state.reserve[player] == 0:
            raise refusal("no_reserve", "S-ADD-3")
        i = _empty(state, move.location)
        traders = _set(state.traders, i, player)
        reserve = _add(state.reserve, player, -1)
        events: list[ev.Event] = [ev.TraderAdded(player, move.location, board._names[i])]
        row = _shift(board, row, board.locations[i].city_state, +1, events)
        if occ >= 0:
            occ |= 1 << i
    elif isinstance(move, Remove):
        i = _own(state, move.location, "remove")
        traders = _set(state.traders, i, -1)
        reserve = _add(state.reserve, player, +1)
        events = [ev.TraderRemoved(player, move.location, board._names[i])]
        row = _shift(board, row, board.locations[i].city_state, -1, events)
        if occ >= 0:
            occ &= ~(1 << i)
    else:
        i = _own(state, move.origin, "move")
        j = board.index_of(move.destination)
        if occ < 0:
            occ = _occupancy(state.traders)
        found = board._paths(i, occ & ~(1 << i))
        if j not in found:
            if move.destination == move.origin:
                raise refusal("same_place", "S-MOVE-6", origin=named_place(board, move.origin))
            reach = sorted(board.paths(move.origin, state.occupied), key=board.index_of)
            raise refusal("unreachable" if reach else "stuck", "S-MOVE-3",
                          origin=named_place(board, move.origin),
                          destination=named_place(board, move.destination),
                          reach=named_places(board, reach))
        traders = _set(_set(state.traders, i, -1), j, player)
        reserve = state.reserve
        events = [ev.TraderMoved(player, move.origin, move.destination,
                                 board._names[i], board._names[j],
                                 tuple(board.locations[k].id for k in found[j]))]
        occ ^= (1 << i) | (1 << j)
        origin_cs = board.locations[i].city_state
        dest_cs = board.locations[j].city_state
        if origin_cs != dest_cs:
            row = _shift(board, row, dest_cs, +1, events)
    if occ >= 0:
        made.occ = (traders, occ)
    step = state.step + 1
    n = state.players
    if step < TURNS_PER_ROUND * n:
        if step % n == 0:
            events.append(ev.TurnMarkerAdvanced(step // n + 1))
        return _evolve(state, traders=traders, reserve=reserve, row=row, step=step,
                       to_move=(state.first_player + step) % n), events
    scoring = _evolve(state, traders=traders, reserve=reserve, row=row, step=step,
                      phase="scoring", scoring=0)
    return _score(scoring, 0, events)


def _shift(board: Board, row: tuple[str, ...], cs_id: str, gain: int,
           events: list[ev.Event]) -> tuple[str, ...]:
    """Swap a city-state tile left (gain) or right (loss) in the row, if possible."""
    k = row.index(cs_id)
    other = k - gain
    name = board.city_state(cs_id).name
    if not 0 <= other < len(row):
        events.append(ev.InfluenceChanged(cs_id, name, gain > 0, k + 1, None, None))
        return row
    swapped = list(row)
    swapped[k], swapped[other] = swapped[other], swapped[k]
    events.append(ev.InfluenceChanged(cs_id, name, gain > 0, other + 1, row[other],
                                      board.city_state(row[other]).name))
    return tuple(swapped)


# ------------------------------------------------------------------------------ end of round


def control(state: State, rank: int) -> tuple[list[int], int | None, tuple[int, ...]]:
    """Standings in the city-state at `rank` (0-based) of the row: players best first, the
    index of the tie-break step that split first from second, and each player's count."""
    board = state.board
    cs = board._cs_index[state.row[rank]]
    counts = [0] * state.players
    second = [0] * state.players
    second_kind = "town" if state.options.tiebreak == "towns" else "village"
    in_city = state.traders[board._city_of[cs]]
    for i in board._by_cs[cs]:
        owner = state.traders[i]
        if owner >= 0:
            counts[owner] += 1
            if board._kind_of[i] == second_kind:
                second[owner] += 1
    order, step = standings(counts, in_city, second, state.first_player)
    return order, step, tuple(counts)


def _step_name(state: State, step: int | None) -> str | None:
    if step is None:
        return None
    return ("traders", "city", state.options.tiebreak, "order")[step]


def _score(state: State, rank: int, events: list[ev.Event] | None
           ) -> tuple[State, list[ev.Event] | None]:
    """Resolve the scored city-states from `rank` on, stopping where a controller must
    choose; then end the round. With `events` None nothing is told (a search's quiet step,
    `successor`)."""
    board = state.board
    influence = list(state.influence)
    discard = state.discard
    offer = list(state.offer)
    takes = state.options.takes
    for k in range(rank, len(offer)):
        cs_id = state.row[k]
        order, step, counts = control(state, k)
        first = order[0] if order else None
        second = order[1] if len(order) > 1 else None
        if events is not None:
            name = board.city_state(cs_id).name
            events.append(ev.ControlDecided(k + 1, cs_id, name, first, second, counts,
                                            _step_name(state, step)))
        offered = offer[k]
        if first is None:
            if offered and events is not None:
                events.append(ev.TilesDiscarded(cs_id, name, offered))
            discard += offered
            offer[k] = ""
            continue
        choices = tile_choices(offered, k, takes)
        if len(choices) > 1:
            return _evolve(state, phase="scoring", scoring=k, to_move=first,
                           influence=tuple(influence), discard=discard,
                           offer=tuple(offer)), events
        taken = choices[0] if choices else ""
        influence, discard = _award(state, k, first, second, offered, taken, False,
                                    influence, discard, events)
        offer[k] = ""
    return _end_round(_evolve(state, influence=tuple(influence), discard=discard,
                              offer=("", "", "")), events)


def _award(state: State, k: int, first: int, second: int | None, offered: str, taken: str,
           chosen: bool, influence: list[tuple[int, int, int, int]], discard: str,
           events: list[ev.Event] | None) -> tuple[list[tuple[int, int, int, int]], str]:
    """Give `taken` to the controller and the rest to second place (or the discard)."""
    cs_id = state.row[k]
    name = state.board.city_state(cs_id).name if events is not None else ""
    rest = leftover(offered, taken)
    influence = _gain(influence, first, taken)
    if taken and events is not None:
        events.append(ev.TilesTaken(first, cs_id, name, taken, chosen))
    if rest:
        if second is not None:
            influence = _gain(influence, second, rest)
            if events is not None:
                events.append(ev.TilesTaken(second, cs_id, name, rest, False))
        else:
            discard += rest
            if events is not None:
                events.append(ev.TilesDiscarded(cs_id, name, rest))
    return influence, discard


def _gain(influence: list[tuple[int, int, int, int]], player: int,
          tiles: str) -> list[tuple[int, int, int, int]]:
    counts = list(influence[player])
    for t in tiles:
        counts[TILES.index(t)] += 1
    out = list(influence)
    out[player] = (counts[0], counts[1], counts[2], counts[3])
    return out


def _take(state: State, move: TakeTiles) -> tuple[State, list[ev.Event]]:
    k = state.scoring
    choices = _choices(state)
    if move.tiles not in choices:
        raise refusal("take", ("S-TILE-1", "S-TILE-2", "S-TILE-3")[k], tiles=move.tiles,
                      size=len(choices[0]), offered=state.offer[k], rank=RANKS[k],
                      choices=", ".join(choices))
    order, _, _ = control(state, k)
    second = order[1] if len(order) > 1 else None
    events: list[ev.Event] = []
    influence, discard = _award(state, k, order[0], second, state.offer[k], move.tiles, True,
                                list(state.influence), state.discard, events)
    offer = list(state.offer)
    offer[k] = ""
    after = _evolve(state, influence=tuple(influence), discard=discard, offer=tuple(offer))
    return _score(after, k + 1, events)


def _end_round(state: State, events: list[ev.Event] | None
               ) -> tuple[State, list[ev.Event] | None]:
    if state.round == state.options.rounds:
        if events is not None:
            table = state.options.points
            winners = final_winners(state.influence, table)
            events.append(ev.GameEnded(tuple(score_counts(c, table) for c in state.influence),
                                       tuple(sorted(winners))))
        return _evolve(state, phase="over", to_move=None, step=0, scoring=0), events
    counts_by_rank = (control(state, k)[2] for k in range(len(state.row)))
    last, decided = last_player(counts_by_rank, state.players, state.first_player)
    first = (last + 1) % state.players
    row = (*state.row[3:], *reversed(state.row[:3]))
    offer, bag = _draw(state.bag, state.options.offer)
    if events is not None:
        board = state.board
        decided_at = board.city_state(state.row[decided]).name if decided >= 0 else None
        events.append(ev.FirstPlayerChosen(last, first, decided_at))
        events.append(ev.RowRotated(row, tuple(board.city_state(c).name for c in row)))
        events.append(ev.TilesDrawn(state.round + 1, offer))
    return _evolve(state, phase="turns", round=state.round + 1, step=0, first_player=first,
                   to_move=first, row=row, offer=offer, bag=bag, scoring=0), events


def successor(state: State, move: Any) -> State:
    """The state after `move`, one of ``legal_moves(state)`` — what ``apply(state, move)[0]``
    is, made without checking the move or telling events, for searches that look at every
    move (`expert`). A move that ends a round (or a setup, or chooses tiles) goes through
    `apply` itself; the others are worked out here, as `_place` and `_turn` work them out.
    Give it only legal moves: anything else gives a state the rules never reach."""
    phase = state.phase
    n = state.players
    step = state.step + 1
    if phase == "turns" and step < TURNS_PER_ROUND * n:
        traders, reserve, row = turn_changes(state, move)
        return _evolve(state, traders=traders, reserve=reserve, row=row, step=step,
                       to_move=(state.first_player + step) % n)
    if phase == "turns":  # the round's last turn: its scoring follows, told to nobody
        traders, reserve, row = turn_changes(state, move)
        return _score(_evolve(state, traders=traders, reserve=reserve, row=row, step=step,
                              phase="scoring", scoring=0), 0, None)[0]
    if phase == "placement" and step < n * state.options.setup_for(n):
        player = state.to_move
        i = state.board._index[move.location]
        return _evolve(state, traders=_set(state.traders, i, player),
                       reserve=_add(state.reserve, player, -1), step=step,
                       to_move=(state.first_player + step) % n)
    return apply(state, move)[0]


def turn_changes(state: State, move: Any) -> tuple[tuple[int, ...], tuple[int, ...],
                                                   tuple[str, ...]]:
    """What an add, a move or a remove of ``legal_moves(state)`` changes in a turn (S-ADD-1…2,
    S-MOVE-5, S-REMOVE-1…2): the traders, the reserves and the row — unchecked, as
    `successor` is."""
    board = state.board
    player = state.to_move
    index = board._index
    cs_of = board._cs_of
    row = state.row
    traders = list(state.traders)
    kind = type(move)
    if kind is MoveTrader:
        i, j = index[move.origin], index[move.destination]
        traders[i], traders[j] = -1, player
        reserve = state.reserve
        if cs_of[i] != cs_of[j]:
            row = _swapped(row, board.city_states[cs_of[j]].id, +1)
    elif kind is Add:
        i = index[move.location]
        traders[i] = player
        reserve = _add(state.reserve, player, -1)
        row = _swapped(row, board.city_states[cs_of[i]].id, +1)
    else:
        i = index[move.location]
        traders[i] = -1
        reserve = _add(state.reserve, player, +1)
        row = _swapped(row, board.city_states[cs_of[i]].id, -1)
    return tuple(traders), reserve, row


def _swapped(row: tuple[str, ...], cs_id: str, gain: int) -> tuple[str, ...]:
    """`_shift` without its event: the tile swapped left (gain) or right (loss), if it can."""
    k = row.index(cs_id)
    other = k - gain
    if not 0 <= other < len(row):
        return row
    swapped = list(row)
    swapped[k], swapped[other] = swapped[other], swapped[k]
    return tuple(swapped)


_HANDLERS = {Place: _place, Add: _turn, MoveTrader: _turn, Remove: _turn, TakeTiles: _take}
_PHASE_OF = {
    Place: ("placement", "placing"),
    Add: ("turns", "adding"),
    MoveTrader: ("turns", "moving"),
    Remove: ("turns", "removing"),
    TakeTiles: ("scoring", "taking"),
}


# ------------------------------------------------------------------------------ invariants


def check_state(state: State) -> None:
    """Raise `InvalidInput` unless `state` is one the rules can reach.

    Checks the conservation laws (traders per player; 9 tiles of each type between bag, offer,
    discard and players), the phase counters, and that `to_move` is the player the rules name.
    """
    n = state.players
    bad = _check_state(state, n)
    if bad:
        raise InvalidInput(f"inconsistent sumeria state: {bad}")


def _check_state(state: State, n: int) -> str | None:
    if state.phase not in PHASES:
        return f"phase {shown(state.phase)} is not one of {', '.join(PHASES)}"
    opts = state.options
    rounds, traders, setup = opts.rounds, opts.traders_for(n), opts.setup_for(n)
    if not 1 <= state.round <= rounds:
        return f"round {state.round} is not 1 to {rounds}"
    if not 0 <= state.first_player < n:
        return f"first_player {state.first_player} is not a player"
    if len(state.reserve) != n or len(state.influence) != n:
        return "reserve and influence need one entry per player"
    for p in range(n):
        on_board = state.traders.count(p)
        if state.reserve[p] < 0 or on_board + state.reserve[p] != traders:
            return (f"player {p} has {on_board} traders on the board and {state.reserve[p]} in "
                    f"reserve; that must make {traders}")
    if sorted(state.row) != sorted(cs.id for cs in state.board.city_states):
        return "row must list every city-state once"
    all_tiles = state.bag + "".join(state.offer) + state.discard
    for t, letter in enumerate(TILES):
        held = sum(c[t] for c in state.influence)
        if any(c[t] < 0 for c in state.influence) or all_tiles.count(letter) + held != (
                TILES_PER_TYPE):
            return f"the {TILES_PER_TYPE} tiles of type {letter} are not all accounted for"
    if len(all_tiles) + sum(map(sum, state.influence)) != len(TILES) * TILES_PER_TYPE:
        return "there are tiles of unknown types"
    if state.phase == "placement":
        if state.round != 1 or not 0 <= state.step < n * setup:
            return "setup happens before round 1 with one placement per step"
        placed = [traders - r for r in state.reserve]
        expected = [(state.step - ((p - state.first_player) % n) + n - 1) // n for p in range(n)]
        if placed != expected:
            return "the traders placed so far do not follow the turn order of setup"
    if state.phase == "turns" and not 0 <= state.step < TURNS_PER_ROUND * n:
        return f"step {state.step} is beyond the {TURNS_PER_ROUND * n} turns of a round"
    if state.phase in ("placement", "turns"):
        expected_to_move = (state.first_player + state.step) % n
        if state.to_move != expected_to_move:
            return f"to_move is {state.to_move}, but the rules say {expected_to_move}"
        sizes = tuple(len(o) for o in state.offer)
        if sizes != opts.offer:
            return f"the offer holds {sizes} tiles, not {opts.offer}"
        if len(state.bag) != _bag_size(opts, state.round):
            return f"the bag holds {len(state.bag)} tiles in round {state.round}"
    if state.phase == "scoring":
        if not 0 <= state.scoring < len(OFFER_SIZES):
            return f"scoring rank {state.scoring} is not 0 to 2"
        choices = _choices(state)
        order, _, _ = control(state, state.scoring)
        if len(choices) < 2 or not order or state.to_move != order[0]:
            return "scoring waits for a choice only from the controller of a city-state"
    if state.phase == "over" and state.to_move is not None:
        return "nobody moves once the game is over"
    return None


def _bag_size(options: Options, round_: int) -> int:
    """The tiles left in the bag during round `round_` (the rule text: 30 in round 1, 0 in
    round 6)."""
    return len(TILES) * TILES_PER_TYPE - round_ * sum(options.offer)


# ------------------------------------------------------------------------------- positions


def position(players: int = 3, traders: dict[str, int] | None = None, *,
             row: list[str] | None = None, offer: tuple[str, str, str] | None = None,
             influence: list[dict[str, int]] | None = None, first_player: int = 0,
             to_move: int | None = None, round: int = 1, turn: int = 1,
             board: Board | None = None, seed: int = 0, **options: Any) -> State:
    """A position during a round's turns, for lessons and tests: name only what matters.

    Args:
        traders: ``{location id: player}``; every other trader is in its owner's reserve.
        row: the city-state order (default: the board's order).
        offer: the tiles above the 1st, 2nd and 3rd city-state (default: drawn from the seed).
        influence: each player's tiles, e.g. ``[{"economy": 2}, {}, {}]``.
        to_move: whose turn it is; the turn number and `first_player` fix how far the round
            has gone (default: `first_player`).

    The bag holds the remaining tiles in an order drawn from `seed`.

    Raises:
        InvalidInput: anything inconsistent, named (the same checks as a save file).
    """
    state = new_state(players, seed, board=board, **options)
    board = state.board
    for name, value, shape in (("traders", traders, {str: int}), ("row", row, [str]),
                               ("offer", offer, (str, str, str)),
                               ("influence", influence, [{str: int}]),
                               ("to_move", to_move, int)):
        if value is not None:
            shaped(value, shape, name)
    shaped(first_player, int, "first_player"), shaped(round, int, "round")
    shaped(turn, int, "turn")
    opts = state.options
    if not 1 <= round <= opts.rounds:
        raise InvalidInput(f"round must be 1 to {opts.rounds}, not {round}")
    cells = [-1] * len(board.locations)
    for loc_id, owner in (traders or {}).items():
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
            raise InvalidInput(f"trader on {shown(loc_id)}: owner must be a player 0 to "
                               f"{players - 1}, not {shown(owner)}")
        cells[board.index_of(loc_id)] = owner
    reserve = tuple(opts.traders_for(players) - cells.count(p) for p in range(players))
    counts = [(0, 0, 0, 0)] * players
    if influence is not None:
        if len(influence) != players:
            raise InvalidInput(f"influence needs one entry per player ({players})")
        counts = []
        names = [TILE_NAMES["en"][t] for t in TILES]
        for tiles in influence:
            unknown = set(tiles) - set(names)
            if unknown:
                raise InvalidInput(f"unknown influence type(s) {', '.join(sorted(unknown))}")
            counts.append(tuple(tiles.get(name, 0) for name in names))  # type: ignore[arg-type]
    if not 1 <= turn <= TURNS_PER_ROUND:
        raise InvalidInput(f"turn must be 1 to {TURNS_PER_ROUND}, not {turn}")
    mover = first_player if to_move is None else to_move
    for name, value in (("first_player", first_player), ("to_move", mover)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise InvalidInput(f"{name} must be a player 0 to {players - 1}, not {shown(value)}")
    step = (turn - 1) * players + (mover - first_player) % players
    pool = [t for t in TILES for _ in range(TILES_PER_TYPE)]
    for player_counts in counts:
        for t, n in zip(TILES, player_counts):
            for _ in range(n):
                if t not in pool:
                    raise InvalidInput(f"more than {TILES_PER_TYPE} tiles of type {t}")
                pool.remove(t)
    rng = make_rng(seed, "sumeria", "position")
    rng.shuffle(pool)
    if offer is None:
        offer, _ = _draw("".join(pool), opts.offer)
    for t in "".join(offer):
        if t not in pool:
            raise InvalidInput(f"offer {shown(offer)}: no tile {shown(t)} left for it")
        pool.remove(t)
    bag_size = _bag_size(opts, round)
    if len(pool) < bag_size:
        raise InvalidInput(f"round {round} needs {bag_size} tiles in the bag, but only "
                           f"{len(pool)} are left after the players' tiles and the offer: "
                           "tiles held by players come from earlier rounds")
    bag, discard = "".join(pool[:bag_size]), "".join(pool[bag_size:])
    result = _evolve(
        state, phase="turns", round=round, step=step, first_player=first_player, to_move=mover,
        traders=tuple(cells), reserve=reserve,
        row=tuple(row) if row is not None else tuple(cs.id for cs in board.city_states),
        offer=tuple(offer), bag=bag, discard=discard,
        influence=tuple(tuple(c) for c in counts))
    check_state(result)
    return result
