"""`RoyalUrCore`: the decisions of the Royal Game of Ur board, hot-seat or against bots — the
widget `RoyalUrBoard` (JupyterLab) and the site's board page wrap it (`sumer_widgets.core`).

A turn is two clicks' worth of decisions, as in the rules: “Throw the dice” (the engine throws
from the game's seed; a game played at a real board may type the throw in), then a piece.
Click one of your pieces — or your waiting pieces in the gap beside square 1 — and the square it
lands on is ringed at once, from `choices` (no round trip); click that square (or press Enter on
it) to play. A throw that allows no move offers “Pass”. On request the board traces each
player's path (`show_paths`) and labels every possible move with its chance of winning under
perfect play (`show_chances`), from the solved table where one exists (the 3-piece game, and
the endgames of larger games). Bots, undo, the history slider, save and load and the log work
as on every Sumer board. Python decides everything; the page only draws and forwards clicks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine import royal_ur
from engine.bots import Bot
from engine.core import InvalidInput, Message, Named, shown
from engine.royal_ur import Enter, MovePiece, Pass, State, Throw, cell_name
from engine.royal_ur.events import Thrown
from engine.royal_ur.state import PLAYER_IDS, PLAYER_NAMES
from sumer_widgets.core import BoardCore, SumerErrorForMessage
from sumer_widgets.royal_ur.picture import render
from sumer_widgets.words import words

#: The board's own refusals (the engine words those of the rules).
TEXT = words(__file__)["TEXT"]
#: The board's own interface words (merged into `words`).
WORDS = words(__file__)["WORDS"]
#: What `show_paths` may hold.
PATH_CHOICES = {"light": [0], "dark": [1], "both": [0, 1], "none": []}


class RoyalUrCore(BoardCore):
    """The decisions of an interactive Royal Game of Ur board.

    Args:
        game: a `royal_ur.Game` to play (default: a new game with Finkel's rules).
        paths: ``"light"``, ``"dark"``, ``"both"`` or ``"none"`` (default): whose path to trace.
        chances: label each possible move with its chance of winning, where the game is solved.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    WORDS = WORDS
    #: The rules that allow each kind of move, quoted after a bot's move with "Say why".
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Throw": ("U-TURN-1", "U-THROW-1"),
        "Enter": ("U-MOVE-1",),
        "MovePiece": ("U-MOVE-2", "U-MOVE-3"),
        "Pass": ("U-PASS-1",),
    }
    KEYWORDS = (*BoardCore.KEYWORDS, "paths", "chances")

    #: The board's own values (`BoardCore.VALUES`; the widget's traits).
    VALUES: ClassVar[Mapping[str, Any]] = {"show_paths": [], "show_chances": False}


    def __init__(self, game: royal_ur.Game | None = None, *, paths: str = "none",
                 chances: bool = False, bots: Mapping[int, Bot] | None = None,
                 lang: str = "en", autoplay: bool = True, name: str = "",
                 level: str | None = None, why_bots: bool = False,
                 **kwargs: Any):
        self._check_keywords(kwargs)
        if game is None:
            game = royal_ur.new_game()
        if not isinstance(game, royal_ur.Game):
            raise TypeError(f"game must be a royal_ur.Game, not {type(game).__name__}")
        self._paths = _paths(paths)
        self._chances = chances is True
        super().__init__(game, bots=bots, lang=lang, autoplay=autoplay, name=name, level=level,
                         why_bots=why_bots)

    # Drawing ------------------------------------------------------------------------------

    def picture(self, state: State | None) -> str:
        state = state if state is not None else self.game.state
        moves = self._moves(state) if self._is_latest(state) else {}
        chances = {m["to"]: m["chance"] for m in moves.values() if m.get("chance") is not None}
        return render(state, lang=self.lang, dice=self._dice(self.shown), paths=self._paths,
                      chances=chances if self._labelled() else None,
                      moves={place: m["to"] for place, m in moves.items()})

    def _is_latest(self, state: State) -> bool:
        """Whether `state` is the position now, a person to move: only then are its pieces
        named with where they land."""
        return self.shown == len(self.game.moves) and self.is_human(state.to_move)

    def _dice(self, ply: int) -> tuple[int, ...] | None:
        """The dice of the throw pending at `ply`, as the engine threw them (None for a throw
        typed in, or none pending)."""
        history = self.game.history
        if not 0 <= ply < len(history) or history[ply].throw is None:
            return None
        for n in range(ply - 1, -1, -1):
            for event in self.game.log[n][1]:
                if isinstance(event, Thrown):
                    return event.dice or None
        return None

    def _moves(self, state: State) -> dict[str, dict[str, Any]]:
        """Each piece that may move with the pending throw, by its place (``"b1"``, or
        ``"pool-light"`` for the waiting pieces): the move, where it lands, whether it captures
        or lands on a rosette, and its chance of winning where the game is solved."""
        if state.is_over or state.throw is None:
            return {}
        player = state.to_move
        pair = state.path
        values = royal_ur.move_values(state) if self._labelled() else None
        out: dict[str, dict[str, Any]] = {}
        for move in royal_ur.legal_moves(state):
            if isinstance(move, Pass):
                continue
            source = 0 if isinstance(move, Enter) else move.square
            target = source + state.throw
            place = (f"pool-{PLAYER_IDS[player]}" if source == 0
                     else cell_name(pair.cell(player, source)))  # type: ignore[arg-type]
            if target > pair.length:
                to, capture, rosette = f"off-{PLAYER_IDS[player]}", False, False
            else:
                cell = pair.cell(player, target)  # type: ignore[arg-type]
                to = cell_name(cell)
                capture = state.occupant(cell) is not None
                rosette = pair.rosettes[target]
            out[place] = {"move": move.to_dict(), "to": to, "capture": capture,
                          "rosette": rosette,
                          "chance": None if values is None else round(values[move], 4)}
        return out

    def choices_for(self, state: State | None) -> dict[str, Any]:
        """What a click may do, from the engine: throw, each piece's landing place, or pass."""
        state = state if state is not None else self.game.state
        player = state.to_move
        out: dict[str, Any] = {"mode": "game", "player": player, "human": self.is_human(player),
                               "ply": len(self.game.moves), "paths": self._paths,
                               "chances": self._labelled(),
                               "solved": royal_ur.win_chance(state) is not None
                               if not state.is_over else False}
        if state.is_over:
            out["phase"] = "over"
            return out
        legal = royal_ur.legal_moves(state)
        if state.throw is None:
            out["phase"] = "throw"
            out["throw"] = Throw() in legal
            out["typed"] = [m.value for m in legal if isinstance(m, Throw) and m.value is not None]
            return out
        out["phase"] = "move"
        out["value"] = state.throw
        out["pass"] = legal == [Pass()]
        out["moves"] = self._moves(state)
        return out

    def status_of(self, state: State) -> str:
        from sumer_widgets.royal_ur.picture import status

        return status(state, self.lang)

    def player_named(self, player: int) -> Named:
        return PLAYER_NAMES[player]

    # Intents ------------------------------------------------------------------------------

    def intents(self) -> dict[str, Any]:
        return {**super().intents(), "explain": self._explain, "paths": self._intent_paths,
                "chances": self._intent_chances}

    def _intent_paths(self, content: Mapping[str, Any]) -> None:
        self._paths = _paths(content.get("value"))
        self.refresh()

    def _intent_chances(self, content: Mapping[str, Any]) -> None:
        self._chances = content.get("value") is True
        self.refresh()

    def set_paths(self, which: str) -> None:
        """Trace the path of ``"light"``, ``"dark"``, ``"both"`` or ``"none"``."""
        self._intent_paths({"value": which})

    def set_chances(self, on: bool = True) -> None:
        """Label each possible move with its chance of winning (where the game is solved)."""
        self._intent_chances({"value": on})

    def _explain(self, content: Mapping[str, Any]) -> None:
        """A click that `choices` does not make a move of: the move it would be goes to the
        engine, whose refusal says why it is not allowed (throw first, a blocked piece, …);
        a click on a square that holds nothing of the learner's is answered here."""
        game = self.game
        self._check_persons_turn(game)
        state = game.state
        player = state.to_move
        place = content.get("place")
        if isinstance(place, str) and place.startswith("off-") and place[4:] in PLAYER_IDS:
            raise _refused("borne_off", owner=PLAYER_NAMES[PLAYER_IDS.index(place[4:])])
        if isinstance(place, str) and place.startswith("pool-") and place[5:] in PLAYER_IDS:
            owner = PLAYER_IDS.index(place[5:])
            if owner != player:
                raise _refused("not_your_pool", owner=PLAYER_NAMES[owner],
                               player=PLAYER_NAMES[player])
            self._play_human(Enter())
            return
        try:
            cell = royal_ur.cell_of(place)
        except InvalidInput:
            raise _refused("not_a_square", value=shown(place)) from None
        found = state.occupant(cell)
        if found is None:
            raise _refused("empty_square", where=place)
        owner, square = found
        if owner != player:
            raise _refused("not_yours", where=place, owner=PLAYER_NAMES[owner],
                           player=PLAYER_NAMES[player])
        self._play_human(MovePiece(square))

    @property
    def paths(self) -> list[int]:
        """The players whose paths are traced."""
        return list(self._paths)

    def after_show(self, ply: int) -> None:
        self.show_paths = list(self._paths)
        self.show_chances = self._labelled()

    def _labelled(self) -> bool:
        """Whether moves are labelled with their chances now: asked for, and no key moment's
        puzzle waiting for a try (the labels would give its answer away)."""
        return self._chances and not self.answer_hidden


def _paths(value: Any) -> list[int]:
    if not isinstance(value, str) or value not in PATH_CHOICES:
        raise InvalidInput(Message(TEXT, "no_such_path", value=shown(value)))
    return list(PATH_CHOICES[value])


def _refused(key: str, rule: str | None = None, **values: Any) -> SumerErrorForMessage:
    return SumerErrorForMessage(Message(TEXT, key, **values), rule=rule)
