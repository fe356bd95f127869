"""Reading a Tigris & Euphrates position from its text form (`text.py`): `position`.

``position(str(state)) == state`` for every state a game reaches, mid-conflict and players'
views included: the text carries the options, the seed, the bag in its order, the tiles swapped
away and where the turn stands (phase, who decides, the tile just placed, the conflict). A
lesson writes only what matters to it; everything not written takes the starting value, and
hands and the bag are dealt from what is left. It sits above `rules`, whose setup and
invariants it uses, as `saves` does for the save form.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from engine.core import InvalidInput, make_rng, parse_whole, shown, whole_number
from engine.tigris.board import parse_cell
from engine.tigris.moves import BuildMonument
from engine.tigris.pieces import (
    CATASTROPHE,
    CATASTROPHES,
    COLOURS,
    FLIPPED,
    LEADER,
    MONUMENTS,
    TILE,
)
from engine.tigris.rules import _check_players, check_state, new_state
from engine.tigris.state import PHASES, REVOLT, WAR, Options, State, _evolve
from engine.tigris.text import CONFLICT_KINDS, parse_tokens

_KNOWN = ("players, options, seed, hand, catastrophes, influence, treasures, swapped, monument, "
          "wonder, first, turn, actions, phase, to_move, placed, conflict, ending, viewer, "
          "unseen, bag, and grid rows starting with their number")


def position(text: str = "", *, players: int | None = None, seed: int | None = None,
             **options: Any) -> State:
    """A position from its text form (see `text.py`), for lessons and tests.

    Rows not written keep the starting layout; hands not given are drawn from the bag (in an
    order from the seed); the bag holds every tile not placed, held or discarded. `players`,
    `seed` and option keywords, when given, win over the text's ``players``, ``seed`` and
    ``options`` lines (the seed is 0 when neither gives one; a view has none).

    >>> state = position('''
    ...     3  . . . ~ ~ r* . K0 r
    ...     hand 0 rrkbgg
    ... ''')
    >>> state.hands[0]
    'krrbgg'
    >>> position(str(state)) == state
    True

    Raises:
        InvalidInput: anything malformed or inconsistent, named (the save-file checks).
    """
    if not isinstance(text, str):
        raise InvalidInput("a position is text: grid rows and lines such as 'hand 0 kkrbgg'")
    rows, facts = _split(text)
    lines = _Lines(facts)
    if players is None:
        players = lines.last_number("players", 2)
    players = _check_players(players)
    viewer = lines.last_player("viewer", players)
    given_options = {**lines.options(), **options}
    if seed is None:
        seed = lines.last_number("seed", None if viewer is not None else 0)
    start = new_state(players, 0 if seed is None else seed, **given_options)
    cells, treasures, buildings = parse_tokens(rows, start.board, players, "position")
    reading = _Reading(players, lines, start.options)
    for key, args, number in facts:
        reading.read(key, args, number)
    active = reading.active
    phase = reading.phase
    to_move = reading.to_move
    if to_move is None and phase != "over":
        to_move = active
    turn = start.options.actions
    actions = reading.actions if reading.actions is not None else (
        turn if phase == "action" else turn - 1)
    catastrophes = _catastrophes_left(cells.count(CATASTROPHE), reading.catastrophes)
    missing = len(start.board.temples) - len(treasures) - sum(reading.taken)
    if missing:
        raise InvalidInput(
            f"position: {abs(missing)} treasure(s) {'missing' if missing > 0 else 'too many'}: "
            "keep r* on the starting temples, or give taken ones to players with "
            "'treasures P N'")
    hands, swapped, bag, unseen, discard = _tiles(cells, reading, viewer, seed)
    state = _evolve(
        start, seed=seed, cells=cells, treasures=treasures, buildings=buildings, hands=hands,
        catastrophes=catastrophes, influence=tuple(reading.influence),
        treasures_taken=tuple(reading.taken), monuments=tuple(reading.monuments),
        wonder=reading.wonder, bag=bag, discard=discard, active=active, actions=actions,
        phase=phase, to_move=to_move, first_player=active if reading.first is None
        else reading.first, placed=reading.placed, conflict=reading.conflict,
        ending=reading.ending, viewer=viewer, unseen=unseen, swapped=swapped)
    check_state(state)
    return state


def _split(text: str) -> tuple[dict[int, list[str]], list[tuple[str, list[str], int]]]:
    """The grid rows by index, and the other lines as (key, words, line number)."""
    rows: dict[int, list[str]] = {}
    facts: list[tuple[str, list[str], int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("#"):
            continue
        words = line.split()
        if not words or words == list("abcdefghijklmnop"):
            continue
        row = parse_whole(words[0])
        if row is not None:
            if not 1 <= row <= 11:
                raise InvalidInput(f"position line {number}: there is no row {row} (1–11)")
            if row - 1 in rows:
                raise InvalidInput(f"position line {number}: row {row} is written twice")
            rows[row - 1] = words[1:]
            continue
        comment = words.index("#") if "#" in words else len(words)
        facts.append((words[0].lower(), words[1:comment], number))
    return rows, facts


class _Lines:
    """The lines read before the setup they change: players, viewer, seed and options."""

    def __init__(self, facts: list[tuple[str, list[str], int]]) -> None:
        self.facts = facts

    def _last(self, key: str) -> tuple[list[str], int] | None:
        found = [(args, number) for k, args, number in self.facts if k == key]
        return found[-1] if found else None

    def last_number(self, key: str, default: int | None) -> int | None:
        line = self._last(key)
        if line is None:
            return default
        args, number = line
        return whole_number(args[0] if args else "", f"position line {number}: {key}", 0)

    def last_player(self, key: str, players: int) -> int | None:
        line = self._last(key)
        return None if line is None else player_of(line[0], line[1], key, players)

    def options(self) -> dict[str, Any]:
        """The ``options`` lines' keywords: ``board=advanced``, or a variant's bare name (on)."""
        names = [f.name for f in fields(Options)]
        found: dict[str, Any] = {}
        for key, args, number in self.facts:
            if key != "options":
                continue
            for word in args:
                name, _, value = word.partition("=")
                if name not in names:
                    raise InvalidInput(f"position line {number}: unknown option {shown(name)}; "
                                       f"known: {', '.join(names)}")
                found[name] = {"": True, "true": True, "false": False}.get(value, value)
        return found


def player_of(args: list[str], number: int, key: str, players: int) -> int:
    player = parse_whole(args[0]) if args else None
    if player is None or not 0 <= player < players:
        raise InvalidInput(f"position line {number}: '{key}' needs a player 0 to "
                           f"{players - 1} first")
    return player


def _count_of(word: str, number: int, key: str) -> int:
    return whole_number(word, f"position line {number}: '{key}'", 0)


def _letters(words: list[str], number: int, what: str) -> str:
    """Tiles written as letters (``-`` for none; ``?`` for a hidden one), in colour order."""
    letters = "".join(words).replace("-", "")
    if any(ch not in COLOURS + "?" for ch in letters):
        raise InvalidInput(f"position line {number}: {what} is letters of k r b g")
    return "".join(sorted(letters, key=(COLOURS + "?").index))


class _Reading:
    """What the lines other than the grid say, each checked as it is read."""

    def __init__(self, players: int, lines: _Lines, options: Options) -> None:
        self.players = players
        self.options = options
        self.hands: list[str | None] = [None] * players
        self.swapped = [""] * players
        self.catastrophes: list[int | None] = [None] * players
        self.influence: list[tuple[int, int, int, int] | None] = [(0, 0, 0, 0)] * players
        self.taken = [0] * players
        self.monuments = [-1] * len(MONUMENTS)
        self.wonder = -1
        self.active = 0
        self.first: int | None = None
        self.actions: int | None = None
        self.phase = "action"
        self.to_move: int | None = None
        self.placed = -1
        self.conflict: tuple[int, ...] | None = None
        self.ending = False
        self.bag: str | None = None
        self.bag_size: int | None = None
        self.unseen: str | None = None

    def read(self, key: str, args: list[str], number: int) -> None:
        reader = getattr(self, f"_{key}", None) if key.isidentifier() else None
        if reader is None:
            raise InvalidInput(f"position line {number}: unknown line {shown(key)}; known: "
                               f"{_KNOWN}")
        reader(args, number)

    def _player(self, args: list[str], number: int, key: str) -> int:
        return player_of(args, number, key, self.players)

    # Read before the setup (`_Lines`); nothing more to do here.
    def _players(self, args: list[str], number: int) -> None:
        pass

    _options = _seed = _viewer = _players

    def _hand(self, args: list[str], number: int) -> None:
        self.hands[self._player(args, number, "hand")] = _letters(args[1:], number, "a hand")

    def _swapped(self, args: list[str], number: int) -> None:
        p = self._player(args, number, "swapped")
        self.swapped[p] = _letters(args[1:], number, "a player's swapped tiles")

    def _catastrophes(self, args: list[str], number: int) -> None:
        p = self._player(args, number, "catastrophes")
        self.catastrophes[p] = _count_of(args[1] if len(args) > 1 else "", number,
                                         "catastrophes")

    def _influence(self, args: list[str], number: int) -> None:
        p = self._player(args, number, "influence")
        if args[1:] == ["hidden"]:
            self.influence[p] = None
            return
        counts = [0, 0, 0, 0]
        for word in args[1:]:
            points = parse_whole(word[1:])
            if len(word) < 2 or word[0] not in COLOURS or points is None or points < 0:
                raise InvalidInput(f"position line {number}: write influence as k1 r2 b0 "
                                   f"g3 (or 'hidden' in a view), not {shown(word)}")
            counts[COLOURS.index(word[0])] = points
        self.influence[p] = (counts[0], counts[1], counts[2], counts[3])

    def _treasures(self, args: list[str], number: int) -> None:
        p = self._player(args, number, "treasures")
        self.taken[p] = _count_of(args[1] if len(args) > 1 else "", number, "treasures")

    def _monument(self, args: list[str], number: int) -> None:
        if len(args) != 2:
            raise InvalidInput(f"position line {number}: write 'monument kr f3'")
        monument = BuildMonument(args[0], args[1])
        self.monuments[MONUMENTS.index(monument.monument)] = parse_cell(monument.cell)

    def _wonder(self, args: list[str], number: int) -> None:
        if len(args) != 1:
            raise InvalidInput(f"position line {number}: write 'wonder h6'")
        self.wonder = parse_cell(args[0])

    def _first(self, args: list[str], number: int) -> None:
        self.first = self._player(args, number, "first")

    def _turn(self, args: list[str], number: int) -> None:
        self.active = self._player(args, number, "turn")

    def _actions(self, args: list[str], number: int) -> None:
        self.actions = _count_of(args[0] if args else "", number, "actions")
        turn = self.options.actions
        if not 0 <= self.actions <= turn:
            during = "0 or 1" if turn == 2 else f"0 to {turn - 1}"
            raise InvalidInput(f"position line {number}: actions are 1 "
                               f"{'or' if turn == 2 else 'to'} {turn} ({during} while an "
                               "action is being resolved)")

    def _phase(self, args: list[str], number: int) -> None:
        if len(args) != 1 or args[0] not in PHASES:
            raise InvalidInput(f"position line {number}: the phase is one of "
                               f"{', '.join(PHASES)}")
        self.phase = args[0]

    def _to_move(self, args: list[str], number: int) -> None:
        self.to_move = self._player(args, number, "to_move")

    def _placed(self, args: list[str], number: int) -> None:
        if len(args) != 1:
            raise InvalidInput(f"position line {number}: write 'placed f3', the cell of the "
                               "tile the action placed")
        self.placed = parse_cell(args[0])

    def _conflict(self, args: list[str], number: int) -> None:
        shape = (f"position line {number}: write a conflict as 'conflict war r h4 3 h6 2': "
                 "revolt or war, its colour, the attacker's leader and strength, the "
                 "defender's leader and strength, then 'support 4' once the attacker has "
                 "committed")
        if len(args) not in (6, 8) or args[0] not in CONFLICT_KINDS or args[1] not in COLOURS \
                or (len(args) == 8 and args[6] != "support"):
            raise InvalidInput(shape)
        strengths = [parse_whole(args[i]) for i in (3, 5, 7) if i < len(args)]
        if any(s is None or s < 0 for s in strengths):
            raise InvalidInput(shape)
        kind = REVOLT if args[0] == CONFLICT_KINDS[REVOLT] else WAR
        self.conflict = (kind, COLOURS.index(args[1]), parse_cell(args[2]), parse_cell(args[4]),
                         strengths[0], strengths[1], strengths[2] if len(strengths) == 3 else -1)

    def _ending(self, args: list[str], number: int) -> None:
        if args:
            raise InvalidInput(f"position line {number}: 'ending' stands alone: the bag ran "
                               "short and the game ends with this turn")
        self.ending = True

    def _unseen(self, args: list[str], number: int) -> None:
        self.unseen = _letters(args, number, "what a view hides")

    def _bag(self, args: list[str], number: int) -> None:
        count = parse_whole(args[0]) if len(args) == 1 else None
        if count is not None:
            self.bag, self.bag_size = None, _count_of(args[0], number, "bag")
            return
        letters = "".join(args).replace("-", "")
        if any(ch not in COLOURS for ch in letters):
            raise InvalidInput(f"position line {number}: write the bag as a number of tiles, "
                               "or as its tiles' letters k r b g in the order they are drawn")
        self.bag, self.bag_size = letters, None


def _catastrophes_left(placed: int, given: list[int | None]) -> tuple[int, ...]:
    """Each player's catastrophes: those given, and those on the board taken from players
    whose count is not given, in turn."""
    left = [CATASTROPHES if c is None else c for c in given]
    free = [p for p in range(len(given)) if given[p] is None]
    while placed - (CATASTROPHES * len(given) - sum(left)) > 0 and any(left[p] for p in free):
        p = next(p for p in free if left[p] == max(left[q] for q in free))
        left[p] -= 1
    return tuple(left)


def _tiles(cells: tuple[int, ...], reading: _Reading, viewer: int | None, seed: int | None
           ) -> tuple[tuple[str, ...], tuple[str, ...], str, str, tuple[int, int, int, int]]:
    """Hands, swapped tiles, bag, unseen tiles (a view's) and discard: what is written, and
    the rest of the box dealt in an order from the seed."""
    pool = dict(zip(COLOURS, reading.options.tiles))
    for code in cells:
        if TILE <= code < CATASTROPHE:
            pool[COLOURS[code - TILE]] -= 1
        elif FLIPPED <= code < LEADER:
            pool[COLOURS[code - FLIPPED]] -= 1
    written = [*(h or "" for h in reading.hands), *reading.swapped, reading.bag or "",
               reading.unseen or ""]
    for letter in "".join(written).replace("?", ""):
        pool[letter] -= 1
    short = [letter for letter, k in pool.items() if k < 0]
    if short:
        raise InvalidInput(f"position: more {', '.join(short)} tiles than the box holds")
    rest = [letter for letter, k in pool.items() for _ in range(k)]
    make_rng(seed or 0, "tigris", "position").shuffle(rest)

    def deal(count: int) -> str:
        nonlocal rest
        dealt, rest = rest[:count], rest[count:]
        return "".join(sorted(dealt, key=COLOURS.index))

    size = reading.options.hand_size
    hands = tuple(hand if hand is not None else "?" * size
                  if viewer is not None and p != viewer else deal(size)
                  for p, hand in enumerate(reading.hands))
    room = "position: the bag can hold at most {} tiles here"
    if viewer is None:
        bag = reading.bag
        if bag is None:
            size = len(rest) if reading.bag_size is None else reading.bag_size
            if size > len(rest):
                raise InvalidInput(room.format(len(rest)))
            bag, rest = "".join(rest[:size]), rest[size:]
        unseen = reading.unseen or ""
    else:
        if reading.bag is not None:
            raise InvalidInput("position: a view hides the bag's tiles: write how many it "
                               "holds ('bag 40')")
        hidden = sum(h.count("?") for h in (*hands, *reading.swapped))
        if reading.unseen is None:
            size = len(rest) - hidden if reading.bag_size is None else reading.bag_size
            if not 0 <= size <= len(rest) - hidden:
                raise InvalidInput(room.format(max(len(rest) - hidden, 0)))
            unseen = deal(hidden + size)
        else:
            unseen = reading.unseen
            size = len(unseen) - hidden if reading.bag_size is None else reading.bag_size
        bag = "?" * max(size, 0)
    discard = tuple(rest.count(letter) for letter in COLOURS)
    return hands, tuple(reading.swapped), bag, unseen, discard  # type: ignore[return-value]
