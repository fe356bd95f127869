"""A board's decisions, in plain Python: intents in, values out — the half of every board
that the notebook's widget and the browser-only site's board page share.

The front end (``static/base.js`` plus one module per board) draws the SVG it is given and turns
clicks into *intents*: ``{"intent": "play", "move": {...}, "ply": n}``, ``undo``, ``bot``,
``resume``. `BoardCore` checks every intent through the engine and answers by updating its
values (`VALUES`), which the page draws:

- ``svg``: the picture of the shown position (the same renderer gives the static fallback);
- ``choices``: what each click may do in the shown position, computed by the engine, so the page
  can highlight at once without a round trip;
- ``log``, ``error`` (why the last intent was refused, in the board's language) and
  ``error_rule`` (the catalogue id of the rule it enforces), ``ply``/``plies`` (the history
  slider), ``status`` and the seated bots;
- ``bot_why`` and ``review_panel``: the coach's column (`sumer_widgets.coaching`, docs/coach.md
  "On the boards"): what each bot weighed, with `why_bots` on, and the game's review with the
  open key moment's puzzle.

A forged or out-of-turn intent is refused and shown in ``error``; it never changes the game.
Only the project's own errors (`SumerError`) are refusals: anything else reaching `_on_msg` is
a bug, shown as one and raised instead when `STRICT` is set (as the tests do).
Rules never live in JavaScript.

A `BoardCore` is half a board: the other half keeps its values and carries them to the page.
`sumer_widgets.base.BoardWidget` keeps them as an anywidget's synced traits (JupyterLab, Voilà,
the site's notebooks); `sumer_widgets.page.PageValues` as plain attributes that the site's board
page hands to the same ``board.js`` (no kernel, no widgets). That half gives the values of
`VALUES` as attributes and these four methods, as ipywidgets has them: ``_start_values(**values)``
(set up, with the first values), ``hold_sync()`` (a context in which many changes go to the page
as one), ``observe(handler, names=[...])`` (call ``handler(change)`` when a value changes, with
traitlets' ``change["old"]``, ``change["new"]``) and ``send(content)`` (a message to the page
alone, such as a save file to download). Nothing here imports anywidget, traitlets, ipywidgets or
IPython.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import pathlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from engine.bots import LEVEL_BLUNDERS, LEVELS, Bot, bot_for_level
from engine.core import (
    MAX_JSON_CHARS,
    Game,
    InvalidInput,
    Message,
    Named,
    SumerError,
    plain,
    shown,
)
from sumer_widgets.words import words

MAX_BOT_MOVES = 2_000  # per intent: enough for a whole game of bots, never an endless loop
#: A save file is refused by its size before it is read: the engine's limit for any JSON text.
MAX_SAVE_CHARS = MAX_JSON_CHARS

UI_WORDS = words(__file__)["UI_WORDS"]
#: The intents refused while a key moment's puzzle is open: they would change the game (or
#: the bots) while the board plays the puzzle's position. "Back to the review" first.
NOT_IN_PUZZLE = frozenset({"undo", "bot", "resume", "autoplay", "task_reset", "task_hint",
                           "level", "load"})
#: How many of a bot's decisions since the learner's last move "why" shows, and how far back
#: it looks for them (a game of bots alone never makes a refresh read its whole history).
BOT_DECISIONS = 4
BOT_LOOK_BACK = 40


#: The board's own refusals (the engines word theirs), in each language.
TEXT = words(__file__)["TEXT"]

#: A task's record before the learner has tried it (`BoardCore.task_record`).
NO_TRIES = {"tries": 0, "done": False, "hint": False, "hints": 0, "missed": 0}


def refused(key: str, *, rule: str | None = None, **values: Any) -> SumerErrorForMessage:
    """The board's refusal `key` of `TEXT`, told in every language."""
    return SumerErrorForMessage(Message(TEXT, key, **values), rule=rule)



class _ClassOrBoard:
    """``Board.load(path, **kwargs)`` opens a new board on a save file's game;
    ``board.load(path)`` plays it on this board instead."""

    def __get__(self, board: BoardCore | None, cls: type[BoardCore]) -> Callable[..., Any]:
        if board is None:
            return cls._load_new
        return board._load_into


def _option_text(value: Any) -> str:
    """An option's value as a designer wrote it: a list's items joined, text as it is."""
    if isinstance(value, (list, tuple)):
        shown_items = ", ".join(map(str, value[:12]))
        return f"[{shown_items}{', …' if len(value) > 12 else ''}]"
    return str(value)


def from_page(value: Any) -> Any:
    """A message from the page as JSON reads it, checked by `engine.core.plain` before anything
    walks it: nested deeper than a JSON file may be, or larger, it is refused as malformed
    (`InvalidInput`), never a `RecursionError` — whatever the depth of the stack it arrives on.

    In the browser-only site the kernel (Pyodide) hands a JSON ``null`` over as
    ``pyodide.ffi.jsnull``, not None: every check of an intent ("a throw's value is a whole
    number or None") would refuse it, so a click that sends a null — "Throw the dice" — did
    nothing there. It reads as None here."""
    return plain(value, Message(TEXT, "page_message"), _null)


def _null(value: Any) -> Any:
    return None if type(value).__name__ == "JsNull" else value


class BoardCore:
    """Base of the boards' decisions. Subclasses provide `picture` and `choices_for`, and may
    add intents and values; a board is one of them joined with what keeps its values (see the
    module's docstring: `sumer_widgets.base.BoardWidget`, `sumer_widgets.page.PageValues`).

    Every board takes these keywords:

    Args:
        bots: ``{player: bot}``, e.g. ``{1: GreedyBot(), 2: MCTSBot(200)}``.
        lang: ``"en"`` or ``"nl"``.
        autoplay: bots move by themselves (otherwise on “Bot moves”).
        level: ``"easy"``, ``"medium"`` or ``"hard"``: seat that level's bot at every bot seat
            (without `bots`, at every seat but the first); the board's **Bots** menu changes it.
        name: a name for the board's page element.
        why_bots: after each bot move, show the coach's three best moves for the bot (its
            chances and a reason each, the one it played marked) and quote the rules that
            allowed the move (the board's "Say why" switch).

    After a game (or during one, on request) `review` reviews it with the coach: the
    chances along the game, each player's accuracy, the luck meter and the learner's key
    moments, each a puzzle on this board ("You played X here. Find a better move.").
    """

    #: The values the page draws, with their first values (the widget's synced traits, each
    #: described there: `sumer_widgets.base.BoardWidget`). A board adds its own in its class's
    #: `VALUES`; those of every class above it count too (`values_of`).
    VALUES: ClassVar[Mapping[str, Any]] = {
        "svg": "", "choices": {}, "log": [], "error": "", "error_rule": "", "ply": 0,
        "plies": 0, "status": "", "lang": "en", "words": {}, "bot_seats": [],
        "autoplay": True, "name": "", "tools": {}, "level": "", "why_bots": False, "task": {},
        "bot_why": [], "review_panel": {}}
    #: The values the page itself may set (its model's ``set`` and ``save_changes``): the
    #: history slider's ply and the language; a board adds those its own module sets.
    FROM_PAGE: ClassVar[tuple[str, ...]] = ("ply", "lang")
    RENDER: ClassVar[Callable[..., str]]
    KEYWORDS: ClassVar[tuple[str, ...]] = ("bots", "lang", "autoplay", "name", "level",
                                           "why_bots")
    #: How many of the newest log lines the page shows: a long game's whole log would make
    #: every move's message grow with the game.
    LOG_LINES: ClassVar[int] = 500
    #: The rules that allow each kind of move (``{move class name: rule ids}``), which the log
    #: quotes after a bot's move when `why_bots` is on.
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: A board's own interface words, ``{lang: {key: text}}``, merged into `words`.
    WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: Raise an exception other than `SumerError` from an intent instead of showing it: a
    #: board shows such a bug in `error`; tests set this to see that none happens.
    STRICT: ClassVar[bool] = False

    def __init__(self, game: Game | None, *, bots: Mapping[int, Bot] | None = None,
                 lang: str = "en", autoplay: bool = True, name: str = "",
                 level: str | None = None, why_bots: bool = False):
        if lang not in UI_WORDS:
            raise ValueError(f"lang must be one of {', '.join(UI_WORDS)}, not {lang!r}")
        self._start_values(lang=lang, words=self._words_for(lang), autoplay=autoplay,
                           name=name, why_bots=why_bots is True)
        self.game = game
        self._task: Any = None
        self._hints_shown = 0
        self._task_record = dict(NO_TRIES)
        self._task_tried = False
        self._try_missed = False
        self._shown = -1
        self._last_refusal: SumerError | None = None
        self._described: dict[tuple[int, str], tuple[Any, str]] = {}
        self._weighed: dict[tuple[int, str], tuple[Any, dict[str, Any] | None]] = {}
        # The review (`review`): the coach's, the game as it was reviewed, its luck, the panel
        # shown and in which language; a key moment's puzzle, and the game it was opened
        # from while the board plays the puzzle's position.
        self._review: Any = None
        self._review_source: Game | None = None
        self._review_luck: Any = None
        self._review_shown: Any = None
        self._puzzle: Any = None
        self._moment: dict[str, Any] | None = None
        self._main_game: Game | None = None
        #: Called with the board after each review is made (a lesson keeps it in the record:
        #: `sumer_widgets.lessons.Lesson.keep_reviews`).
        self.review_listeners: list[Callable[[BoardCore], None]] = []
        self.bots: dict[int, Bot] = {}
        if bots:
            self._seat(bots)
        if level is not None:
            self._seat_level(level, every_other=not bots)
        self.observe(self._on_ply, names=["ply"])
        self.observe(self._on_lang, names=["lang"])
        self.observe(self._on_why_bots, names=["why_bots"])
        if self.game is not None:
            self._run_bots()
        self.refresh()

    @classmethod
    def values_of(cls) -> dict[str, Any]:
        """Every value the page draws, with its first value: the `VALUES` of this class and of
        every class above it."""
        found: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            found.update(vars(klass).get("VALUES", {}))
        return found

    @classmethod
    def _check_keywords(cls, kwargs: Mapping[str, Any]) -> None:
        """Unknown keywords raise a TypeError that says what was probably meant."""
        for key in kwargs:
            close = difflib.get_close_matches(key, cls.KEYWORDS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise TypeError(f"{cls.__name__} got an unexpected keyword {key!r}{hint} "
                            f"(it takes {', '.join(cls.KEYWORDS)})")

    def _seat(self, bots: Mapping[int, Bot]) -> None:
        if not isinstance(bots, Mapping):
            raise TypeError("bots must map player numbers to bots, e.g. {1: GreedyBot()}")
        players = self.game.state.players if self.game is not None else 0
        for seat, bot in bots.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"bot seat {seat!r} is not a player (0 to {players - 1})")
            if not callable(getattr(bot, "choose", None)):
                raise TypeError(f"the bot for player {seat} has no choose(view) method")
        self.bots = dict(bots)
        self.bot_seats = sorted(self.bots)

    # What Python users call --------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Play a move (object, text or dict) for the player to move, then any bots.

        Raises:
            IllegalMove, InvalidInput: as `Game.play`; the board shows the reason too.
        """
        try:
            self._play_human(move)
        except SumerError as exc:
            self._show_refusal(exc)
            raise

    def undo(self) -> None:
        """Take back the last human move (and the bot moves after it)."""
        self._undo()

    def bot_move(self) -> None:
        """Let the bot seated at the player to move play one move."""
        self._bot_step()

    def refresh(self) -> None:
        """Redraw from the game (after changing it from Python)."""
        latest = len(self.game.moves) if self.game is not None else 0
        # One message to the page for the whole change, so it never draws a half-updated board.
        with self.hold_sync():
            self._show(latest)
            self.plies = latest
            self.ply = latest
            self.log = self._log_entries()
            self.tools = self._toolbar()
            self._show_task()
            self.bot_why = self._bot_decisions()
            self._show_review()

    def set_task(self, task: Any) -> None:
        """Give the learner a board task (a `sumer_widgets.tasks.Task`) and start it; None
        takes the task away (the game stays as it is)."""
        self._task = task
        if task is None:
            self.task = {}
            return
        from sumer_widgets.games import card

        if not isinstance(self, card(task.ruleset).core):
            raise TypeError(f"task {task.id} is a {task.ruleset} task, not one for "
                            f"{type(self).__name__}")
        self._start_task()

    def send_intent(self, content: Mapping[str, Any]) -> None:
        """Handle `content` exactly as a message from the page (for tests and scripts)."""
        self._on_msg(self, content, [])

    # Intents from the page ---------------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every intent is checked; anything malformed or illegal ends up in `error`. An intent
        either completes or changes nothing (`_atomic`): a refusal, or a bug, puts the board
        back as it was before the message."""
        try:
            content = from_page(content)
            if not isinstance(content, Mapping) or not isinstance(content.get("intent"), str):
                raise refused("no_intent")
            handler = self.intents().get(content["intent"])
            if handler is None:
                raise refused("unknown_intent", intent=shown(content["intent"]))
            if self._puzzle is not None and content["intent"] in NOT_IN_PUZZLE:
                raise refused("in_puzzle", back=self._button("puzzle_back"))
            with self._atomic():
                self._show_refusal(None)
                handler(content)
        except SumerError as exc:
            self._show_refusal(exc)
        except Exception as exc:
            self._bug(exc)

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """Run an intent so that it completes or changes nothing: on any exception the game
        (in the same object, so a notebook's name for it stays true), the bots, the task and
        the board's switches are put back as they were, redrawn, and the exception goes on."""
        game = self.game
        saved = (game, game.copy() if game is not None else None, dict(self.bots),
                 self.level, self._task, dict(self._task_record), self._hints_shown,
                 self._task_tried, self._try_missed, self.autoplay, self.why_bots)
        reviewed = (self._review, self._review_source, self._review_luck,
                    copy.copy(self._puzzle), self._main_game, self.review_panel, self._moment)
        ply = self.ply
        try:
            yield
        except BaseException:
            (self.game, game_copy, bots, self.level, self._task, self._task_record,
             self._hints_shown, self._task_tried, self._try_missed, self.autoplay,
             self.why_bots) = saved
            (self._review, self._review_source, self._review_luck, self._puzzle,
             self._main_game, self.review_panel, self._moment) = reviewed
            self._review_shown = None
            if game is not None:
                game.restore(game_copy)
            self.bots = bots
            self.bot_seats = sorted(bots)
            if self._task is None:
                self.task = {}
            with contextlib.suppress(Exception):
                self.refresh()
                # The learner keeps looking at the position they were looking at.
                if ply != self.ply and 0 <= ply <= self.plies:
                    self.ply = ply
            raise

    def _show_refusal(self, exc: SumerError | None) -> None:
        """Show why an intent was refused (nothing for None), in the board's language."""
        self._last_refusal = exc
        with self.hold_sync():
            self.error = "" if exc is None else exc.describe(self.lang)
            self.error_rule = "" if exc is None or exc.rule is None else exc.rule

    def _bug(self, exc: Exception) -> None:
        """The last resort for an exception no intent should raise: shown, never hidden."""
        if self.STRICT:
            raise exc
        self._show_refusal(refused("bug", error=f"{type(exc).__name__}: {shown(str(exc))}"))

    def intents(self) -> dict[str, Callable[[Mapping[str, Any]], None]]:
        return {"play": self._intent_play, "undo": lambda _: self._undo(),
                "bot": lambda _: self._bot_step(), "resume": self._intent_resume,
                "autoplay": self._intent_autoplay, "task_reset": self._intent_task_reset,
                "task_hint": self._intent_task_hint, "level": self._intent_level,
                "save": self._intent_save, "load": self._intent_load,
                "why_bots": self._intent_why_bots, "review": self._intent_review,
                "review_moment": self._intent_review_moment,
                "review_show": self._intent_review_show, "review_back": self._intent_review_back,
                "review_close": self._intent_review_close}

    def _intent_why_bots(self, content: Mapping[str, Any]) -> None:
        self.why_bots = content.get("value") is True
        self.refresh()

    # The coach: a bot's reasons, the review and its puzzles ------------------------------

    def _on_why_bots(self, _change: Mapping[str, Any]) -> None:
        # Set from Python (``board.why_bots = True``, as the lessons' closing games do) as well
        # as by the switch: the reasons appear or go at once.
        try:
            self.bot_why = self._bot_decisions()
            self.log = self._log_entries()
        except Exception as exc:
            self._bug(exc)

    def _bot_decisions(self) -> list[dict[str, Any]]:
        """The bots' decisions since the learner last moved, each with the coach's three best
        moves from that bot's view (`coaching.bot_decision`); [] with `why_bots` off — then
        nothing is computed — and during a puzzle. Each decision is weighed once a language."""
        game = self.game
        if not self.why_bots or game is None or self._puzzle is not None:
            return []
        from sumer_widgets import coaching

        history, moves = game.history, game.moves
        rules = game.rules()
        found: list[dict[str, Any]] = []
        cache = self._weighed
        n = len(moves) - 1
        while n >= 0 and len(moves) - n <= BOT_LOOK_BACK and len(found) < BOT_DECISIONS:
            state = history[n]
            if state.to_move not in self.bots:
                # The learner's own throw (or another move chance decides) since then does
                # not hide what the bot weighed; the learner's last decision ends the list.
                if coaching.is_decision(state):
                    break
                n -= 1
                continue
            key = (id(state), self.lang)
            hit = cache.get(key)
            if hit is None or hit[0] is not state:
                told = coaching.bot_decision(
                    rules, state, moves[n], n,
                    self.player_named(state.to_move).describe(self.lang), self.lang) \
                    if coaching.is_decision(state) else None
                hit = cache[key] = (state, told)
            if hit[1] is not None:
                found.append(hit[1])
            n -= 1
        if len(cache) > 4 * BOT_LOOK_BACK:
            self._weighed = {key: hit for key, hit in cache.items()
                             if any(hit[0] is game.history[m] for m in range(
                                 max(0, len(moves) - BOT_LOOK_BACK), len(moves)))}
        return found[::-1]

    def _button(self, key: str) -> Named:
        """A button's label (`UI_WORDS`) in every language, for a refusal that names it."""
        return Named(**{lang: self._words_for(lang)[key] for lang in UI_WORDS})

    @property
    def answer_hidden(self) -> bool:
        """Whether a key moment's puzzle waits for the learner's try: a board that labels
        moves with their values (the Royal Game of Ur's chances) hides them meanwhile."""
        puzzle = self._puzzle
        return puzzle is not None and not (puzzle.found or puzzle.shown)

    def learner_seat(self) -> int:
        """The seat whose key moments a review shows: the first seat no bot plays (the first
        seat when bots play them all)."""
        players = self.game.state.players if self.game is not None else 0
        return next((seat for seat in range(players) if seat not in self.bots), 0)

    def review(self) -> Any:
        """Review the game with the coach (`engine.coach.review`) and show the review beside
        the board: the chances along the game, each player's accuracy, the luck meter and the
        learner's key moments, each a puzzle to open. Works mid-game too. Returns the coach's
        `Review`.

        Raises:
            InvalidInput: no game, or no move played yet (the board shows why, too).
        """
        try:
            with self._atomic():
                self._make_review()
        except SumerError as exc:
            self._show_refusal(exc)
            raise
        return self._review

    def review_record(self) -> dict[str, Any] | None:
        """The last review as the learner's record keeps it (`sumer_widgets.record`: the
        learner's seat, accuracy, decisions and key moments with their positions); None
        before any review, or when the learner had no decision to grade."""
        if self._review is None:
            return None
        from sumer_widgets.coaching import review_record

        return review_record(self._review, self._review_source, self.learner_seat())

    def _intent_review(self, _content: Mapping[str, Any]) -> None:
        if self._puzzle is not None:
            raise refused("in_puzzle", back=self._button("puzzle_back"))
        self._make_review()

    def _make_review(self) -> None:
        from engine import coach

        game = self.game
        if game is None:
            raise InvalidInput(Message(TEXT, "no_game_to_review"))
        if not game.moves:
            raise InvalidInput(Message(TEXT, "nothing_to_review"))
        source = game.copy()
        # After the game every hand is known; during it, each decision is judged by what its
        # player could see, so that a review asked for mid-game tells nothing hidden.
        sees = "all" if game.is_over else "player"
        self._review = coach.review(source, sees=sees)
        self._review_luck = coach.luck(source, sees=sees)
        self._review_source = source
        self._review_shown = None
        self.refresh()
        for listener in list(self.review_listeners):
            listener(self)

    def _intent_review_moment(self, content: Mapping[str, Any]) -> None:
        from sumer_widgets.coaching import Puzzle

        if self._review is None:
            raise refused("no_review")
        moments = self._review.key_moments(self.learner_seat())
        index = content.get("moment")
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(moments)):
            raise refused("no_moment", moment=shown(index), count=len(moments))
        decision = moments[index]
        position = self._review_source.copy()
        position.truncate(decision.ply)
        if self._puzzle is None:
            self._main_game = self.game
        self._puzzle = Puzzle(index, decision, position.state,
                              player_view=self._review.sees == "player")
        self.game = position
        self.refresh()

    def open_moment(self, moment: Mapping[str, Any]) -> None:
        """Open a key moment a learner's record keeps (`sumer_widgets.record`, "Reviews": the
        move played and the game up to it, ``position``) as a puzzle on this board — a
        warm-up's "You played X here. Find a better move." — judged as a review's puzzles
        are, the answer only after a try. The board plays from the moment's position; its
        "Try again" sets the position up once more.

        Raises:
            InvalidInput: the moment is not one of this board's game, its position does not
                load, the game there is over, or the move it names is not legal there.
        """
        from engine import coach
        from sumer_widgets.coaching import Puzzle

        if not isinstance(moment, Mapping) or not isinstance(moment.get("move"), str) or (
                not isinstance(moment.get("position"), str)):
            raise InvalidInput(Message(TEXT, "bad_moment"))
        game_class = type(self.game) if self.game is not None else None
        if game_class is None:
            raise InvalidInput(Message(TEXT, "no_game_to_review"))
        position = _parse_save(moment.get("position"), game_class)
        if position.is_over:
            raise InvalidInput(Message(TEXT, "bad_moment"))
        values = coach.move_values(position.state, player_view=False)
        if moment["move"] not in values:
            raise InvalidInput(Message(TEXT, "bad_moment"))
        best = max(values, key=values.__getitem__)
        lost = max(0.0, values[best] - values[moment["move"]])
        decision = coach.Decision(ply=len(position.moves), player=position.state.to_move,
                                  move=moment["move"], best=best, before=values[best],
                                  after=values[moment["move"]], lost=lost,
                                  grade=coach.grade(lost), choices=len(values))
        with self._atomic():
            self._end_review()
            self._moment = dict(moment)
            self._main_game = position.copy()
            self._puzzle = Puzzle(0, decision, position.state, values=values)
            self.game = position
            self.refresh()

    def _puzzle_try(self, move: Any) -> None:
        """A move in a key moment's puzzle: as good as the coach's best (within 2 points), it
        stays on the board and the answer is told; else it is taken back and the learner is
        told how it does — never which move is better."""
        puzzle, game = self._puzzle, self.game
        if puzzle.found or len(game.moves) != puzzle.decision.ply:
            raise refused("puzzle_done", back=self._button("puzzle_back"))
        game.play(move)
        if not puzzle.judge(game.moves[-1]):
            game.undo()
        self.refresh()

    def _intent_review_show(self, _content: Mapping[str, Any]) -> None:
        puzzle = self._puzzle
        if puzzle is None:
            raise refused("no_puzzle")
        if not puzzle.tries:
            # Commit before reveal: the answer comes after a try of the learner's own.
            raise refused("try_first")
        puzzle.shown = True
        self.refresh()

    def _intent_review_back(self, _content: Mapping[str, Any]) -> None:
        if self._puzzle is None:
            raise refused("no_puzzle")
        if self._review is None and self._moment is not None:
            self.open_moment(self._moment)  # a stored moment: its position once more
            return
        self._close_puzzle()
        self.refresh()

    def _intent_review_close(self, _content: Mapping[str, Any]) -> None:
        if self._review is None:
            raise refused("no_review")
        self._end_review()
        self.refresh()

    def _close_puzzle(self) -> None:
        if self._puzzle is not None:
            self.game = self._main_game
            self._puzzle = None
            self._main_game = None

    def _end_review(self) -> None:
        self._close_puzzle()
        self._moment = None
        self._review = self._review_source = self._review_luck = None
        self._review_shown = None
        self.review_panel = {}

    def _show_review(self) -> None:
        """The review panel (`coaching.review_panel`), made again only when the language or
        the puzzle changed."""
        from sumer_widgets import coaching

        puzzle = self._puzzle
        if self._review is None:
            # A stored key moment (`open_moment`) is a puzzle without a review around it.
            self.review_panel = {} if puzzle is None else coaching.moment_panel(
                puzzle, self.game.rules(), self.lang)
            self._review_shown = None
            return
        key = (self.lang, None if puzzle is None else (
            puzzle.index, puzzle.tries, puzzle.found, puzzle.shown, puzzle.last))
        if key == self._review_shown:
            return
        source = self._review_source
        names = [self.player_named(p).describe(self.lang)
                 for p in range(source.state.players)]
        panel = coaching.review_panel(self._review, self._review_luck, names,
                                      self.learner_seat(), source.rules(), source, self.lang)
        if puzzle is not None:
            panel["puzzle"] = puzzle.panel(source.rules(), self.lang)
        self.review_panel = panel
        self._review_shown = key

    def _intent_task_reset(self, _content: Mapping[str, Any]) -> None:
        if self._task is None:
            raise refused("no_task_to_reset")
        self._start_task()

    def _intent_task_hint(self, _content: Mapping[str, Any]) -> None:
        if self._task is None:
            raise refused("no_task")
        self._hints_shown = min(self._hints_shown + 1, len(self._task.hints()))
        self._show_task()

    def _intent_play(self, content: Mapping[str, Any]) -> None:
        if self.game is None:
            raise refused("no_game_to_play")
        seen = content.get("ply")
        if not _is_ply(seen, len(self.game.moves)) or self.ply != len(self.game.moves):
            raise refused("stale")
        move = content.get("move")
        if not isinstance(move, Mapping):
            raise refused("move_not_object")
        self._play_human(self.game.rules().move_from_dict(move))

    def _intent_resume(self, _content: Mapping[str, Any]) -> None:
        if self.game is None:
            return
        self.game.truncate(self.ply)
        self.refresh()

    def _intent_autoplay(self, content: Mapping[str, Any]) -> None:
        self.autoplay = bool(content.get("value"))
        if self.autoplay:
            self._run_bots()
            self.refresh()

    def _check_persons_turn(self, game: Game) -> None:
        """Refuse a person's click when the game is over or a bot is to move (whose turn it
        is, and the button that makes the bot move)."""
        if game.is_over:
            raise refused("over")
        if game.to_move in self.bots:
            raise refused("bot_turn", player=self.player_named(game.to_move),
                          button=Named(**{lang: self._words_for(lang)["bot"]
                                          for lang in UI_WORDS}))

    def _play_human(self, move: Any) -> None:
        game = self.game
        if game is None:
            raise refused("no_game")
        if self.ply != len(game.moves):
            # The learner sees an earlier position: whatever the click meant, it was not for
            # the game as it is now.
            raise refused("stale")
        if self._puzzle is not None:
            self._puzzle_try(move)
            return
        self._check_persons_turn(game)
        game.play(move)
        self._run_bots()
        self.refresh()

    def _run_bots(self) -> None:
        if not self.autoplay:
            return
        game = self.game
        for _ in range(MAX_BOT_MOVES):
            if game is None or game.is_over or game.to_move not in self.bots:
                return
            player = game.to_move
            game.play(self.bots[player].choose(game.state.view(player)))

    def _bot_step(self) -> None:
        game = self.game
        if game is None or game.is_over or game.to_move not in self.bots:
            raise refused("no_bot")
        player = game.to_move
        game.play(self.bots[player].choose(game.state.view(player)))
        self.refresh()

    def _undo(self) -> None:
        game = self.game
        if game is None:
            raise refused("no_game_to_undo")
        if not game.moves:
            raise refused("nothing_to_undo")
        game.undo()
        # Take back the bots' replies too, to the last position a human decides in.
        while game.moves and game.to_move in self.bots:
            game.undo()
        self.refresh()

    # A class's controls: the toolbar, bot levels, saved games -------------------------------

    def _toolbar(self) -> dict[str, Any]:
        """What the toolbar offers now: Undo and the history only where a game is played,
        "Bot moves" only where bots sit (with why it cannot be pressed on a person's turn),
        the levels only where bots sit, Save and Load only with a game."""
        game = self.game
        words = self._words_for(self.lang)
        bot: str | None = None
        if game is not None and self.bots:
            bot = ""
            if game.is_over:
                bot = refused("bot_over").describe(self.lang)
            elif game.to_move not in self.bots:
                bot = refused("bot_not_now", player=self.player_named(game.to_move),
                              button=Named(**{lang: self._words_for(lang)["bot"]
                                              for lang in UI_WORDS})).describe(self.lang)
        levels = [[level, words[level]] for level in LEVELS] if game is not None and self.bots \
            else []
        playing = self.level_playing()
        mixed = words["level_mixed"] if playing in ("", *LEVELS) else words.get(
            f"kind_{playing}", playing)
        reviewing = game is not None and bool(game.moves) and self._puzzle is None
        return {"undo": game is not None, "history": game is not None, "bot": bot,
                "why_bots": words["why_bots"] if game is not None and self.bots else None,
                "review": words["review"] if reviewing else None,
                "save": game is not None, "levels": levels,
                "level": playing if playing in LEVELS else "", "level_mixed": mixed}

    def level_playing(self) -> str:
        """The level the seated bots play at (one of `LEVELS`), or the kind of bot they all
        are ("random", "greedy", "mcts", …), or '' when they differ."""
        if self.level:
            return self.level
        kinds = {_level_of(bot) for bot in self.bots.values()}
        return kinds.pop() if len(kinds) == 1 else ""

    def set_level(self, level: str) -> None:
        """Seat a bot of `level` ("easy", "medium" or "hard") at every bot seat; bots whose
        turn it is then move (with autoplay).

        Raises:
            InvalidInput: an unknown level, or no bot on this board.
        """
        try:
            self._intent_level({"level": level})
        except SumerError as exc:
            self._show_refusal(exc)
            raise

    def _intent_level(self, content: Mapping[str, Any]) -> None:
        if self.game is None or not self.bots:
            raise refused("no_bots_for_level")
        self._seat_level(content.get("level"), every_other=False)
        self._run_bots()
        self.refresh()

    def _seat_level(self, level: Any, *, every_other: bool) -> None:
        """Seat `engine.bots.bot_for_level` bots at the bot seats (every seat but the first
        with `every_other`); each seat's bot gets its own fixed seed."""
        if not isinstance(level, str) or level not in LEVELS:
            raise InvalidInput(Message(TEXT, "bad_level", level=shown(level)))
        if self.game is None:
            raise TypeError("level= chooses the bots of a game: this board has none")
        seats = range(1, self.game.state.players) if every_other else sorted(self.bots)
        self._seat({seat: bot_for_level(self.game.RULES, level, seed=seat) for seat in seats})
        self.level = level

    def save(self, path: str | pathlib.Path) -> pathlib.Path:
        """Write the game (its start and every move) to a JSON save file; returns the path.
        ``board.load(path)`` plays it on again; ``Board.load(path)`` opens a new board.

        Raises:
            InvalidInput: the board has no game (an explorer).
        """
        game = self._main_game if self._puzzle is not None else self.game
        if game is None:
            raise InvalidInput(Message(TEXT, "no_game_to_save"))
        target = pathlib.Path(path)
        target.write_text(game.to_json(), encoding="utf-8")
        return target

    def _load_into(self, path: str | pathlib.Path) -> None:
        """Replace this board's game by the save file's (bots and level stay)."""
        self.load_text(_read_save(path))

    @classmethod
    def _load_new(cls, path: str | pathlib.Path, **kwargs: Any) -> BoardCore:
        """A new board with the game of a save file, every move replayed through the rules."""
        return cls(_parse_save(_read_save(path), Game), **kwargs)

    load = _ClassOrBoard()

    def load_text(self, text: str) -> None:
        """Play the saved game `text` (a save file's contents) on this board. A file that is
        not a save file of this board's game is refused and the board stays as it was.

        Raises:
            InvalidInput: not a save file of this game (the board shows why, too).
        """
        try:
            if self.game is None:
                raise InvalidInput(Message(TEXT, "no_game_to_save"))
            if isinstance(text, str) and len(text) > MAX_SAVE_CHARS:
                raise InvalidInput(Message(TEXT, "load_too_big", size=f"{len(text):,}",
                                           limit=f"{MAX_SAVE_CHARS:,}"))
            game = _parse_save(text, type(self.game))
            with self._atomic():
                self._replace_game(game)
        except SumerError as exc:
            self._show_refusal(exc)
            raise

    def replace_game(self, game: Game) -> None:
        """Play `game` on this board from now on, as a loaded save file is played
        (`load_text`): bots stay at their seats, a level's bots are seated anew, a task ends."""
        if not isinstance(game, Game) or self.game is None or \
                game.RULES != self.game.RULES:
            raise TypeError(f"{type(self).__name__} plays games of its own ruleset")
        with self._atomic():
            self._replace_game(game)

    def _replace_game(self, game: Game) -> None:
        """Play `game` on this board from now on: bots stay at the seats it has (a level's bots
        are seated anew for its players), and a task ends, as its goal speaks of its own game;
        a review ends too."""
        self._end_review()
        self.game = game
        players = game.state.players
        kept = {seat: bot for seat, bot in self.bots.items() if seat < players}
        if self.level and kept:
            kept = {seat: bot_for_level(game.RULES, self.level, seed=seat) for seat in kept}
        self.bots = kept
        self.bot_seats = sorted(kept)
        if self._task is not None:
            self._task = None
            self.task = {}
        self._show_refusal(None)
        self._run_bots()
        self.refresh()

    def _intent_save(self, _content: Mapping[str, Any]) -> None:
        # During a puzzle the game saved is the game, not the puzzle's position.
        game = self._main_game if self._puzzle is not None else self.game
        if game is None:
            raise refused("no_game_to_save")
        # Only to the page that asked: the page offers the text as a download.
        self.send({"kind": "save", "text": game.to_json(),
                   "file": f"{game.RULES}-move-{len(game.moves)}.json"})

    def _intent_load(self, content: Mapping[str, Any]) -> None:
        text = content.get("text")
        if not isinstance(text, str):
            raise refused("load_not_text")
        self.load_text(text)

    # Tasks --------------------------------------------------------------------------------

    @property
    def task_record(self) -> dict[str, Any]:
        """How the learner got on with the board's task, as plain data for the record: the
        tries (starts with a move played), whether the goal was ever reached, whether a hint
        was asked for, and — until the goal was first reached, for its stars — the hint steps
        shown and the tries that missed."""
        return dict(self._task_record)

    def _start_task(self) -> None:
        self._end_review()
        self.game = self._task.new_game()
        self._hints_shown = 0
        self._task_tried = False
        self._try_missed = False
        self._run_bots()
        self.refresh()

    def _show_task(self) -> None:
        task = self._task
        if task is None or self.game is None:
            return
        from sumer_widgets.tasks import Verdict, say

        try:
            verdict = task.verdict(self.game)
        except Exception as exc:
            if self.STRICT:
                raise
            # The move was legal and stays played; the goal's check is what failed.
            verdict = Verdict("todo", refused("bug", error=f"{type(exc).__name__}: "
                                                          f"{shown(str(exc))}"))
        record = self._task_record
        if self.game.moves and not self._task_tried:
            self._task_tried = True
            record["tries"] += 1
        if not record["done"]:
            record["hints"] = max(record["hints"], self._hints_shown)
            if verdict.status == "missed" and not self._try_missed:
                self._try_missed = True
                record["missed"] += 1
        record["done"] = record["done"] or verdict.done
        record["hint"] = record["hint"] or self._hints_shown > 0
        told = task.words(self.lang)
        why = verdict.why.describe(self.lang) if isinstance(verdict.why, SumerError) \
            else say(verdict.why, self.lang)
        steps = task.hints()
        from sumer_widgets.record import stars

        earned = stars(record["done"], record["hints"], record["missed"])
        told.update(status=verdict.status, why=why,
                    stars="★" * earned + "☆" * (3 - earned) if record["done"] else "",
                    hint=" ".join(say(step, self.lang) for step in steps[:self._hints_shown]),
                    hints_left=len(steps) - self._hints_shown)
        self.task = told

    # Drawing ------------------------------------------------------------------------------

    def _on_ply(self, change: Mapping[str, Any]) -> None:
        try:
            ply = int(change["new"])
            if ply == self._shown:
                return
            latest = len(self.game.moves) if self.game is not None else 0
            if not 0 <= ply <= latest:
                self._show_refusal(refused("no_position", ply=ply, latest=latest))
                self.ply = latest
                return
            with self.hold_sync():
                self._show(ply)
        except Exception as exc:
            self._bug(exc)

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        # An observer's exception would be swallowed by traitlets, or raised at whoever set
        # the language: it is shown like any other bug instead.
        try:
            if change["new"] not in UI_WORDS:
                self.lang = change["old"]
                self._show_refusal(refused("unknown_language", lang=shown(change["new"])))
                return
            self.words = self._words_for(change["new"])
            if self._last_refusal is not None:
                self._show_refusal(self._last_refusal)
            self.refresh()
        except Exception as exc:
            self._bug(exc)

    @classmethod
    def _words_for(cls, lang: str) -> dict[str, str]:
        return {**UI_WORDS[lang], **cls.WORDS.get(lang, {})}

    def _show(self, ply: int) -> None:
        self._shown = ply
        state = self.game.history[ply] if self.game is not None else None
        self.svg = self.picture(state)
        self.status = self.status_of(state) + self._house_rules(state) if state is not None \
            else ""
        latest = self.game is not None and ply == len(self.game.moves)
        self.choices = self.choices_for(state) if latest or self.game is None else {
            "mode": "history"}
        self.after_show(ply)

    @property
    def shown(self) -> int:
        """The ply being drawn (what `picture` and `choices_for` are asked about)."""
        return self._shown

    def status_of(self, state: Any) -> str:
        """The status line for `state` (a board whose states speak `lang` tells it there)."""
        return state.summary()

    def _house_rules(self, state: Any) -> str:
        """The house rules in force, after the status line: a designer's game says so."""
        options = getattr(state, "options", None)
        rules = options.house_rules() if hasattr(options, "house_rules") else {}
        if not rules:
            return ""
        told = ", ".join(f"{name} = {_option_text(value)}" for name, value in rules.items())
        return " " + self.words["house_rules"].format(rules=told)

    def player_named(self, player: int) -> Named:
        """A player as the board's messages name them, in each language."""
        return Named(**{lang: TEXT[lang]["player"].format(number=player) for lang in TEXT})

    def after_show(self, ply: int) -> None:
        """Called after the board has drawn `ply`: update a board's own traits here."""

    def in_log(self, event: Any) -> bool:
        """Whether the log lists `event` (a board may leave out detail it shows elsewhere)."""
        return True

    def _log_entries(self) -> list[dict[str, Any]]:
        """The newest `LOG_LINES` lines of the log (all of it is in ``game.log``)."""
        if self.game is None:
            return []
        # Events are immutable and the game keeps the same objects: describe each once.
        cache = self._described
        entries: list[dict[str, Any]] = []
        # From the newest move back, so a long game costs no more per move than a short one.
        log = self.game.log
        history = self.game.history
        for n in range(len(log) - 1, -1, -1):
            lines = []
            for event in log[n][1]:
                if not self.in_log(event):
                    continue
                key = (id(event), self.lang)
                hit = cache.get(key)
                if hit is None or hit[0] is not event:
                    hit = cache[key] = (event, self.tell(event, history[n + 1]))
                if hit[1]:
                    lines.append({"ply": n + 1, "text": hit[1]})
            if self.why_bots and history[n].to_move in self.bots:
                lines.append({"ply": n + 1, "text": self.why(self.game.moves[n], history[n]),
                              "why": True})
            entries[:0] = lines
            if len(entries) >= self.LOG_LINES:
                break
        if len(cache) > 4 * self.LOG_LINES + 1000:
            self._described = {}
        return entries[-self.LOG_LINES:]

    def tell(self, event: Any, after: Any) -> str:
        """A log line: `event` as a sentence in `lang`, told by its ruleset's teller
        (`display.register_teller`: Mesopotamia's fields in words) given the position
        `after` the move; '' leaves it out."""
        from sumer_widgets.display import told

        lines = told([event], self.lang, after).lines()
        return " ".join(lines)

    def why(self, move: Any, before: Any) -> str:
        """Why the rules allowed `move` in the position `before` it, in `lang`: the move in
        words and the sentences of the rules that allow its kind (`MOVE_RULES`)."""
        from sumer_widgets.catalogue import rule_text
        from sumer_widgets.display import move_words

        words = self._words_for(self.lang)
        player = self.player_named(before.to_move).describe(self.lang)
        said = move_words(move, self.lang)
        rules = self.MOVE_RULES.get(type(move).__name__, ())
        if not rules:
            return words["why_move"].format(player=player, move=said)
        told = "; ".join(f"{rule_text(rule, self.lang)} ({rule})" for rule in rules)
        return words["why_line"].format(player=player, move=said, rules=told)

    def picture(self, state: Any) -> str:
        """The SVG of `state` (or of the board without a game)."""
        return type(self).RENDER(state, lang=self.lang)

    def choices_for(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def is_human(self, player: int | None) -> bool:
        return player is not None and player not in self.bots

    def __repr__(self) -> str:
        what = self.game.state.summary() if self.game is not None else "no game"
        return f"<{type(self).__name__}: {what}>"


class SumerErrorForMessage(SumerError):
    """An intent from the page that cannot be carried out (stale, out of turn, malformed)."""


def _level_of(bot: Bot) -> str:
    """A seated bot's level (`LEVELS`), known by its blunder rate if it is the expert of
    `bot_for_level`; else its kind."""
    blunder = getattr(bot, "blunder", None)
    if getattr(bot, "name", "") == "expert" and blunder is not None:
        for level, rate in LEVEL_BLUNDERS.items():
            if rate == blunder:
                return level
    return getattr(bot, "name", "bot")


def _is_ply(value: Any, latest: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value == latest



def _read_save(path: str | pathlib.Path) -> str:
    source = pathlib.Path(path)
    if not source.exists():
        raise InvalidInput(f"no save file at {source}")
    return source.read_text(encoding="utf-8")


def _parse_save(text: Any, game_class: type[Game]) -> Game:
    """The game of save file `text`, every move replayed through `game_class`'s rules
    (`Game` itself: the ruleset the file names); refused in a friendly line that gives the
    engine's reason."""
    if not isinstance(text, (str, bytes)):
        raise refused("load_not_text")
    try:
        return game_class.from_json(text)
    except SumerError as exc:
        raise InvalidInput(Message(TEXT, "load_bad", why=exc.message or exc.reason),
                           rule=exc.rule) from None

