"""The Priest-Kings lesson (notebook 04-priest-kings): positions, exercises, board tasks.

Every answer is computed by the engine from the positions below — targets from
``legal_moves``, vassals from the results of battles, odds from many seeded battles of the dice
model; the notebook only names the exercises and tasks by id (``lesson.ask("ur-targets")``,
``lesson.task("make-uruk-a-vassal")``) and the positions by name (``start("turn-one")``).
The words are in ``words.<lang>.toml`` beside it; the board tasks are data, in ``tasks.toml``
(a start of `POSITIONS`, a goal kind of ``goals.py`` with its parameters, a par of moves).

A board task whose goal needs a dice battle starts where the learner's city is the last to
choose (or its battle is the only one), and the position's seed decides the dice: each task's
solution is certain, and each recorded miss misses whatever the dice would do (a test plays
both). No task seats a bot, so none depends on how a bot chooses. Where fixed dice decide a
task (`hold-kish`), its verdict says so, and says what the odds over many battles are.

**Commit before reveal.** Whatever shows an exercise's answer — the demo battle, the refusal,
the full table — is its `reveal` (made fresh from a lesson position, so it never changes the
notebook's own games), shown only once the learner has answered; its `tells` are the phrases
the leak test looks for where the answer is short.

Parts of the notebook and what they practise:

1. the cities, the map and the armies — `ur-targets`, `bows-in-army`, `centre-me`;
2. a turn: choosing and attacking — `battles-when`, `second-attacker`, `attacked-may`,
   `kish-reach`, `vassal-targets`, task `attack-ur-from-kish`;
3. battles: broken and beaten — `who-is-beaten`, `attacker-breaks`, `army-after-battle`,
   `beaten-not-broken`, task `make-uruk-a-vassal`;
4. a battle with the dice — `blade-beats-bow`, task `fight-with-the-dice`,
   `why-lagash-broke` (read in the task's battle report), `points-scored`;
5. sacrifices and reorganization — `sacrifice-twice`, `rerolls-both`, `sacrifice-odds`,
   `ap-after-reorganizing`, `bows-after-two`, task `hold-kish`;
6. vassals and the end — `won-for-overlord`, `who-is-free`, `beaten-by-a-vassal`,
   `follows-overlord`, `called-off`, `winners`, tasks `set-uruk-and-ur-free`,
   `share-the-win`;
7. playing on the table — `impossible-result`, `orders-to-enter`, tasks
   `record-a-table-battle`, `enter-the-order`;
8. for programmers — `avenues-kish-to-ur`, and the dice model in full: `who-meets-whom`,
   `general-factor`, `centre-shatters`;

and the notebook ends with a whole campaign against the bots (`against_bots(why=True)`).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from engine import priest_kings as pk
from engine.core import Game, IllegalMove, InvalidInput, make_rng
from engine.priest_kings import events as ev
from engine.priest_kings.army import REORGANIZE_FROM, command_me2
from engine.priest_kings.battle import battle_form
from sumer_widgets.display import Sentence, attempt, attempts, picture_options, show
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.priest_kings import readers
from sumer_widgets.taskfile import Check, lesson_tasks
from sumer_widgets.tasks import Verdict
from sumer_widgets.words import Section, Told

KISH, LAGASH, URUK, UR = range(4)
CITIES = ("kish", "lagash", "uruk", "ur")
#: How wide the lesson's pictures of the map are, in pixels (the boards size themselves).
PICTURE_WIDTH = 640
ARMY = pk.Army.standard()
#: The lesson's own sentences: ``[lesson.<name>]`` of the words files.
LESSON = Section(__file__, "lesson")


def name(city: int | str) -> str:
    """A city's name, from its number or id."""
    cmap = pk.CampaignMap.standard()
    return cmap.city_name(city if isinstance(city, int) else cmap.index_of(city))


def _after(state: pk.State, *moves: str) -> pk.State:
    for text in moves:
        state, _ = pk.apply(state, pk.parse_move(text))
    return state


def _events(state: pk.State, *moves: str) -> list[Any]:
    out: list[Any] = []
    for text in moves:
        state, happened = pk.apply(state, pk.parse_move(text))
        out.extend(happened)
    return out


def _targets(state: pk.State) -> set[str]:
    return {m.target for m in pk.legal_moves(state) if isinstance(m, pk.Attack)}


def _first_to_choose(city: str, overlords: dict[str, str] | None = None,
                     **options: Any) -> pk.State:
    """Turn 1 with `city` first to choose (the others after it, in map order)."""
    return pk.position(overlords, order=[city, *(c for c in CITIES if c != city)], **options)


# Positions -----------------------------------------------------------------------------------

#: The campaign the notebook follows through a turn (parts 2 and 3): Uruk, Ur, Kish, Lagash.
TURN_SEED = 2024
TURN_ONE = ("attack kish", "attack lagash", "sacrifice", "sacrifice")


def turn_one() -> Game:
    """A new campaign (seed 2024): turn 1, Uruk first to choose, then Ur, Kish and Lagash."""
    return pk.new_game(seed=TURN_SEED)


def turn_one_battles() -> Game:
    """The same campaign once every city has chosen: Uruk attacked Kish, Ur attacked Lagash,
    Kish and Lagash made sacrifices. The two battles are to be fought."""
    game = turn_one()
    for text in TURN_ONE:
        game.play(text)
    return game


def second_battle() -> Game:
    """The same campaign after its first battle (Uruk's army broke against Kish): Ur's battle
    against Lagash is to be fought."""
    game = turn_one_battles()
    game.play("dice")
    return game


def dice_battle() -> pk.State:
    """Kish's battle against Lagash, to be fought with the dice; nobody made sacrifices."""
    return pk.position(phase="battles", order=["kish", "lagash", "uruk", "ur"],
                       attacks=[("kish", "lagash")], seed=31)


def tracker() -> Game:
    """A campaign whose battles are fought on the table and typed in (seed 1704)."""
    return pk.new_game(seed=1704, battles="recorded")


def table_order() -> Game:
    """A campaign whose order of activation is rolled at the table and typed in each turn,
    and whose battles are typed in too."""
    return pk.new_game(seed=1704, battles="recorded", activation="recorded")


# The vassal rules, each a recorded battle (part 6)


def vassal_attacks() -> pk.State:
    """Uruk, Kish's vassal, chooses first (a campaign of typed-in battles)."""
    return pk.position({"uruk": "kish"}, order=["uruk", "kish", "lagash", "ur"],
                       battles="recorded")


def liberation() -> pk.State:
    """Kish rules Uruk and Ur; Lagash, independent, chooses first."""
    return pk.position({"uruk": "kish", "ur": "kish"}, order=["lagash", "kish", "uruk", "ur"],
                       battles="recorded")


def vassal_defends() -> pk.State:
    """Ur is Uruk's vassal; Lagash chooses first."""
    return pk.position({"ur": "uruk"}, order=["lagash", "kish", "uruk", "ur"],
                       battles="recorded")


def followers() -> pk.State:
    """Ur is Uruk's vassal; Lagash chooses first, then Ur."""
    return pk.position({"ur": "uruk"}, order=["lagash", "ur", "kish", "uruk"],
                       battles="recorded")


def last_battle() -> pk.State:
    """Kish rules Uruk and Ur; Uruk won Ur for Kish earlier. Kish chooses first: Lagash is the
    last free city."""
    return pk.position({"uruk": "kish", "ur": "kish"}, made={("uruk", "kish"): 1},
                       order=["kish", "ur", "lagash", "uruk"], battles="recorded")


#: The moves that end the campaign of `last_battle`: Kish attacks Lagash and breaks its army.
LAST_BATTLE = ("attack lagash", "sacrifice", "sacrifice", "sacrifice", "record defender 100 20")


# The board tasks' starts (tasks.toml). A task whose goal needs a dice battle starts where the
# learner's city is the last to choose (or its battle is the only one): the seed decides the
# dice.


def attack_from_kish() -> pk.State:
    """Turn 1: Uruk is Kish's vassal; Kish chooses first."""
    return _first_to_choose("kish", {"uruk": "kish"})


HOLD_SEED = 5


def hold_kish() -> pk.State:
    """Turn 1: Uruk has attacked Kish; Lagash and Ur have chosen; Kish chooses last."""
    return pk.position(order=["uruk", "lagash", "ur", "kish"], attacks=[("uruk", "kish")],
                       step=3, seed=HOLD_SEED)


VASSAL_SEED = 9


def make_uruk_a_vassal() -> pk.State:
    """Turn 1: Kish, Lagash and Uruk have chosen (Uruk made sacrifices); Ur chooses last."""
    return pk.position(order=["kish", "lagash", "uruk", "ur"], step=3, blessed=["uruk"],
                       seed=VASSAL_SEED)


def table_battle() -> pk.State:
    """A campaign of battles fought on the table: Lagash has attacked Ur; the battle is to be
    typed in."""
    return pk.position(phase="battles", order=["lagash", "kish", "uruk", "ur"],
                       attacks=[("lagash", "ur")], battles="recorded")


FREE_SEED = 48


def set_free() -> pk.State:
    """Turn 1: Kish rules Uruk and Ur and has made sacrifices; Lagash chooses last."""
    return pk.position({"uruk": "kish", "ur": "kish"}, order=["kish", "uruk", "ur", "lagash"],
                       step=3, blessed=["kish"], seed=FREE_SEED)


WIN_SEED = 14


def share_the_win() -> pk.State:
    """Turn 1: Kish rules Lagash and Ur; Uruk, the last free city, made sacrifices. Kish, Ur
    and Uruk have chosen; Lagash chooses last."""
    return pk.position({"lagash": "kish", "ur": "kish"}, order=["kish", "ur", "uruk", "lagash"],
                       step=3, blessed=["uruk"], seed=WIN_SEED)


def enter_order() -> pk.State:
    """The start of a campaign whose order of activation is rolled at the table."""
    return pk.position(phase="activation", activation="recorded", battles="recorded")


POSITIONS: dict[str, Callable[[], pk.State | Game]] = {
    "setup": lambda: pk.new_state(seed=TURN_SEED), "turn-one": turn_one,
    "turn-one-battles": turn_one_battles, "second-battle": second_battle,
    "dice-battle": dice_battle,
    "vassal-attacks": vassal_attacks, "liberation": liberation,
    "vassal-defends": vassal_defends, "followers": followers, "last-battle": last_battle,
    "table-battle": table_battle, "tracker": tracker, "table-order": table_order,
    "attack-from-kish": attack_from_kish, "hold-kish": hold_kish,
    "make-uruk-a-vassal": make_uruk_a_vassal, "set-free": set_free,
    "share-the-win": share_the_win, "enter-order": enter_order,
}


def start(name: str) -> Game:
    """A campaign at the lesson's position `name` (see `POSITIONS`), e.g.
    ``start("turn-one")``, drawn 640 pixels wide wherever `show` and `attempt` draw it."""
    if name not in POSITIONS:
        raise InvalidInput(f"no position {name!r}; known: {', '.join(POSITIONS)}")
    made = POSITIONS[name]()
    game = made.copy() if isinstance(made, Game) else pk.Game(made)
    return picture_options(game, width=PICTURE_WIDTH)


# Boards and campaigns ------------------------------------------------------------------------


def against_bots(lang: str = "en", seed: int = 7, level: str = "medium", you: str = "kish",
                 name: str = "play", why: bool = False, **options: Any) -> Any:
    """A campaign map on which the learner plays `you` (Kish) against bots of `level` in the
    other three cities — the campaign is always for four — from `seed` (with 7, Kish chooses
    first). With `why`, the log says after each bot move why the rules allowed it."""
    from engine.bots import bot_for_level
    from sumer_widgets.priest_kings.board import CampaignMap

    game = pk.new_game(seed=seed, **options)
    me = game.state.map.index_of(you)
    bots = {seat: bot_for_level("priest_kings", level, seed=seed + seat)
            for seat in range(game.state.players) if seat != me}
    made = CampaignMap(game, bots=bots, lang=lang, name=name)
    made.why_bots = why
    return made


def explorer(lang: str = "en", name: str = "explorer", **overlords: str) -> Any:
    """The map without a campaign: click a city to see whom it may attack; make cities
    vassals (``explorer(uruk="kish")`` starts with Uruk as Kish's vassal)."""
    from sumer_widgets.priest_kings.board import CampaignMap

    return CampaignMap(overlords=overlords or None, lang=lang, name=name)


def board(game: Game, lang: str = "en", name: str = "watch") -> Any:
    """A campaign map of `game` (any game of the lesson): play on, or step through it with
    the slider."""
    from sumer_widgets.priest_kings.board import CampaignMap

    return CampaignMap(game, lang=lang, name=name)


def bot_campaign(level: str = "medium", seed: int = 3) -> Game:
    """A whole campaign played by four bots of one `level`, from `seed`."""
    from engine.bots import bot_for_level
    from engine.core import play_out

    game = pk.new_game(seed=seed)
    bots = [bot_for_level("priest_kings", level, seed=10 + seat) for seat in range(4)]
    return play_out(game, lambda state: bots[state.to_move].choose(state.view(state.to_move)))


# Odds of the dice model ----------------------------------------------------------------------

#: Battles per situation in the odds table: enough that a sacrifice's change (about 7 in 100)
#: stands well clear of the noise (an interval of about ±2 in 100), few enough to run in about
#: a second. With 600 a 13-point gap between equal armies once showed up from noise alone.
ODDS_BATTLES = 4000
#: The situations of the odds table, by id (their words: ``[lesson.situations]``).
EQUAL = "equal"
REORGANIZED = ARMY.reorganize("centre").reorganize("right").reorganize("left")
SITUATIONS = {
    EQUAL: (ARMY, ARMY, (False, False)),
    "invader-sacrificed": (ARMY, ARMY, (True, False)),
    "defender-sacrificed": (ARMY, ARMY, (False, True)),
    "invader-reorganized": (REORGANIZED, ARMY, (False, False)),
}
#: A situation `odds` fights beside `SITUATIONS`, for the rerolls' count.
BOTH_SACRIFICED = "both-sacrificed"


def situation(key: str, lang: str = "en") -> str:
    """A situation of `SITUATIONS` (or `BOTH_SACRIFICED`) in words: "equal armies"."""
    return LESSON.say("situations", key).describe(lang)


@functools.cache
def odds(key: str, battles: int = ODDS_BATTLES, reroll_limit: str = "battle"
         ) -> tuple[pk.Outcome, ...]:
    """The outcomes of `battles` seeded battles of the dice model in the situation `key` of
    `SITUATIONS` (or `BOTH_SACRIFICED`): the same seeds for every situation."""
    if key == BOTH_SACRIFICED:
        attacker, defender, rerolls = ARMY, ARMY, (True, True)
    else:
        attacker, defender, rerolls = SITUATIONS[key]
    return tuple(pk.fight(attacker, defender, rerolls, make_rng(seed, "lesson", "odds"),
                          reroll_limit=reroll_limit) for seed in range(battles))


def odds_by_situation(lang: str = "en") -> dict[str, tuple[pk.Outcome, ...]]:
    """The battles of every situation of `SITUATIONS`, by its words in `lang` (for
    `readers.odds_table` and `plots.plot_battle_odds`)."""
    return {situation(key, lang): odds(key) for key in SITUATIONS}


def odds_table(lang: str = "en") -> Any:
    """How often each outcome came in `ODDS_BATTLES` battles of each situation, with its
    interval, and each situation's change against equal armies, battle by battle."""
    return readers.odds_table(odds_by_situation(lang), lang, baseline=situation(EQUAL, lang))


def odds_said(lang: str = "en") -> Sentence:
    """What the odds table says, in sentences (`readers.odds_text`)."""
    return readers.odds_text(odds_by_situation(lang), situation(EQUAL, lang), lang)


def _defender_breaks(outcomes: Sequence[pk.Outcome]) -> float:
    return sum(o.broken in ("defender", "both") for o in outcomes) / len(outcomes)


# Board tasks ---------------------------------------------------------------------------------
# Each is data (tasks.toml): a start of `POSITIONS`, a goal kind of the game (goals.py) and its
# words ([task.<id>]); `hold-kish` alone checks its goal here, to tell the odds beside the dice.


def _rerolls(game: Game, city: int) -> int:
    city_name = name(city)
    return sum(1 for _, happened in game.log for e in happened if isinstance(e, ev.DuelFought)
               for who, _ in e.rerolls if who == city_name)


def _hold_odds(say: Any) -> Any:
    """What a sacrifice is worth to a defender over many battles, in a sentence: the fixed
    dice of `hold-kish` are one battle, not the odds."""
    blessed, plain = odds("defender-sacrificed"), odds(EQUAL)
    return say("odds", battles=f"{len(plain):,}",
               blessed=Told(lambda lang: readers.broke_rate(blessed, "defender", lang)),
               plain=Told(lambda lang: readers.broke_rate(plain, "defender", lang)))


def _hold_kish(game: Game, say: Any) -> Verdict:
    """Goal kind `stay-free` for Kish this turn, told with whether Kish's reroll turned the
    battle, and what a sacrifice is worth over many battles."""
    from sumer_widgets.priest_kings.goals import stay_free

    orders = [e for _, happened in game.log for e in happened
              if isinstance(e, (ev.SacrificeMade, ev.ArmyReorganized)) and e.player == KISH]
    told = {"reroll": say("reroll-used" if _rerolls(game, KISH) else "reroll-unused"),
            # Told only when said: the odds are thousands of battles, fought once.
            "odds": Told(lambda lang: _hold_odds(say).describe(lang)),
            "chosen": orders[-1] if orders else ""}

    def said(key: str, /, **values: Any) -> Any:
        return say(key, **{**told, **values})
    return stay_free(game, said, city="kish", turns=1)


CHECKS = {"hold-kish": Check(_hold_kish, sentences=(
    "done", "quiet", "missed", "choose", "others", "fight", "reroll-used", "reroll-unused",
    "odds"))}

TASKS = lesson_tasks(__file__, POSITIONS, CHECKS)


# Exercises -----------------------------------------------------------------------------------


def _cities(*ids: str) -> Callable[[], list[tuple[str, str]]]:
    return lambda: [(c, name(c)) for c in ids]


def _kinds(state: pk.State) -> set[str]:
    return {type(m).KIND for m in pk.legal_moves(state)}


def _refused(state: pk.State, text: str) -> bool:
    try:
        pk.apply(state, pk.parse_move(text))
    except IllegalMove:
        return True
    return False


def _battles_when() -> str:
    state = _after(pk.new_state(seed=TURN_SEED), "attack kish")
    if state.phase == "battles":
        return "at-once"
    state = _after(state, "attack lagash", "sacrifice", "sacrifice")
    return "after-all" if state.phase == "battles" and state.turn == 1 else "next-turn"


def _beaten(record: str) -> str:
    state = pk.position(phase="battles", order=["kish", "ur", "lagash", "uruk"],
                        attacks=[("kish", "lagash")], battles="recorded")
    ended = next(e for e in _events(state, record) if isinstance(e, ev.BattleEnded))
    return {KISH: "attacker", LAGASH: "defender", None: "nobody"}[ended.beaten]


def _fate(state: pk.State, city: int, *moves: str) -> str:
    """What became of `city`: "free", or the id of its overlord."""
    lord = _after(state, *moves).overlord[city]
    return "free" if lord < 0 else CITIES[lord]


def _blade_beats_bow() -> int:
    command = battle_form(ARMY)[0]
    blade = command.factors[command.labels.index("Reg Bd (F)")]
    bow = command.factors[command.labels.index(REORGANIZE_FROM)]
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + blade > b + bow)


def _first_meetings() -> str:
    """Whom each command met in the first bound of `dice_battle`: "same" when every command
    met the one in the same place of the enemy's list (the model pairs them by place, not by
    where they would stand on a field: a right wing meets the enemy's right wing)."""
    names = [c.name for c in ARMY.commands]
    bound_one = [e for e in _events(dice_battle(), "dice")
                 if isinstance(e, ev.DuelFought) and e.bound == 1]
    if all(names.index(e.attacker_command) == names.index(e.defender_command)
           for e in bound_one) and len(bound_one) == len(names):
        return "same"
    return "random"


#: Why an army broke (`why-lagash-broke`): its C-in-C's command fled, or half its morale was in
#: broken and fled commands; "elements" is a slip (the model counts morale, not elements).
WHY_BROKE = ("centre", "half", "elements")


def _why_broke(events: Sequence[Any], city: int) -> str:
    """Why `city`'s army broke in a dice battle's `events`: "centre" when its C-in-C's command
    (its list's first) had fled, "half" when its broken and fled commands held half its ME.

    Raises:
        RuntimeError: the army did not break, or both held at once (the question would have
            two right answers).
    """
    army = ARMY
    status: dict[str, str] = {}
    for event in events:
        if isinstance(event, ev.CommandMoraleChanged) and event.player == city:
            status[event.command] = event.status
        elif isinstance(event, ev.ArmyBroke) and event.player == city:
            fled = status.get(army.commands[0].id) == "shattered"
            gone = sum(command_me2(army, c) for c in army.commands
                       if status.get(c.id) in ("broken", "shattered"))
            half = 2 * gone >= sum(command_me2(army, c) for c in army.commands)
            if fled != half:
                return "centre" if fled else "half"
            break
    raise RuntimeError(f"why-lagash-broke: {name(city)}'s army broke for no single reason")


def _shattered_at(command_id: str) -> float:
    return readers.limits(ARMY, ARMY.command(command_id))[2]


def _max_rerolls(reroll_limit: str) -> int:
    return max(sum(o.rerolled) for o in odds(BOTH_SACRIFICED, 300, reroll_limit))


def _sacrifice_odds() -> str:
    gain = (_defender_breaks(odds("invader-sacrificed"))
            - _defender_breaks(odds(EQUAL)))
    if gain < 0.02:
        return "same"
    return "twice" if gain > 0.3 else "few"


def _who_is_free() -> set[str]:
    state = _after(liberation(), "attack kish", "sacrifice", "sacrifice", "sacrifice",
                   "record none 60 40")
    return {CITIES[c] for c in state.independent}


def _called_off() -> str:
    happened = _events(followers(), "attack uruk", "attack lagash", "sacrifice", "sacrifice",
                       "record defender 50 50")
    if any(isinstance(e, ev.BattleCalledOff) for e in happened):
        return "called-off"
    return "fought"


def _winners() -> set[str]:
    return {CITIES[w] for w in _after(last_battle(), *LAST_BATTLE).winners()}


# What shows each answer, once the learner has committed (`Exercise.reveal`) -------------------


def _fresh(position: str | Callable[[], pk.State]) -> Game:
    """A new game at a lesson position (a name of `POSITIONS` or a function making a state),
    drawn as `start` draws it: a reveal never plays on the notebook's own games."""
    if isinstance(position, str):
        return start(position)
    return picture_options(pk.Game(position()), width=PICTURE_WIDTH)


def _tried(position: str | Callable[[], pk.State], moves: Sequence[str], lang: str,
           **options: Any) -> Any:
    """What the `moves` do at a fresh `position`: the last one's refusal, or all their events
    and the picture after (``picture=False`` for the events and battle report alone)."""
    return attempts(_fresh(position), list(moves), lang, **options)


def _after_move(position: str | Callable[[], pk.State], *moves: str) -> Game:
    game = _fresh(position)
    for text in moves:
        game.play(text)
    return game


def _refused_then(position: str | Callable[[], pk.State], before: Sequence[str], tried: str,
                  lang: str) -> Any:
    """The refusal of `tried` once `before` has been played at a fresh `position`."""
    return attempt(_after_move(position, *before), tried, lang)


def _targets_after(position: Callable[[], pk.State], lang: str) -> Sentence:
    return readers.targets_text(position(), lang)


def _both_sacrificed() -> pk.State:
    """Kish's battle against Lagash, both having made sacrifices (seed 1: Kish is the first to
    need its reroll, in the first bound)."""
    return pk.position(phase="battles", order=["kish", "lagash", "uruk", "ur"],
                       attacks=[("kish", "lagash")], blessed=["kish", "lagash"], seed=1)


def _rerolls_counted(lang: str) -> Sentence:
    outcomes = odds(BOTH_SACRIFICED)
    counts = Counter(sum(o.rerolled) for o in outcomes)
    return Sentence(readers.WORDS.get(lang, readers.WORDS["en"])["rerolls_count"].format(
        n=f"{len(outcomes):,}", one=f"{counts[1]:,}", none=f"{counts[0]:,}",
        two=f"{counts[2]:,}"))


def _kish_blessed() -> pk.State:
    """Kish, which made sacrifices last turn, chooses first."""
    return pk.position(order=["kish", "lagash", "uruk", "ur"], blessed=["kish"])


def _beaten_position() -> pk.State:
    return pk.position(phase="battles", order=["kish", "ur", "lagash", "uruk"],
                       attacks=[("kish", "lagash")], battles="recorded")


def _beaten_by_vassal() -> pk.State:
    return pk.position({"ur": "kish", "uruk": "lagash"}, order=["uruk", "kish", "lagash", "ur"],
                       battles="recorded")


def _shortest_way(lang: str) -> Sentence:
    cmap = pk.CampaignMap.standard()
    way = nx.shortest_path(cmap.graph, "kish", "ur")
    names = " – ".join(cmap.city_name(cmap.index_of(c)) for c in way)
    return Sentence(LESSON.say("shortest-way", "said", names=names, n=len(way) - 1)
                    .describe(lang))


RESULTS = ("record defender 120 45", "record none 0 0", "record both 60 60",
           "record defender 250 10")


def _result_label(text: str) -> Any:
    result = pk.parse_move(text)
    broke = Told(lambda lang: readers.broke_text(result.broken, "Lagash", "Ur", lang))
    return LESSON.say("result", "label", broke=broke, ap=result.attacker_points,
                      dp=result.defender_points)


def _impossible_result() -> str:
    state = table_battle()
    refused = [text for text in RESULTS if _refused(state, text)]
    return refused[0] if len(refused) == 1 else "none"


EXERCISES = Exercises([
    # Part 1 — the cities, the map and the armies
    Exercise(
        id="ur-targets",
        answer=lambda: _targets(_first_to_choose("ur")),
        kind="choices",
        options=_cities("kish", "lagash", "uruk"),
        wrong=lambda: [{"kish", "lagash", "uruk"}, {"uruk"}, {"lagash"}, {"kish"}],
        rules=("P-MAP-1", "P-ATTACK-1"),
        predict=True,
        reveal=lambda lang: [_targets_after(lambda: _first_to_choose("ur"), lang),
                             _tried(lambda: _first_to_choose("ur"), ["attack kish"], lang)],
        tells=(r"Ur may attack (?:Lagash and Uruk|Uruk and Lagash)",
               r"none between Kish and Ur", r"no avenue (?:between Ur and Kish|between Kish "
               r"and Ur|to Kish)"),
    ),
    Exercise(
        id="bows-in-army",
        answer=lambda: sum(c.count(REORGANIZE_FROM) for c in ARMY.commands),
        wrong=lambda: [8, 16, 12, 44],
        rules=("P-SETUP-2",),
        reveal=lambda lang: readers.army_table(ARMY, lang),
    ),
    Exercise(
        id="centre-me",
        answer=lambda: command_me2(ARMY, ARMY.command("centre")) // 2,
        wrong=lambda: [16, 12, 39, 10],
        rules=("P-SETUP-2", "P-BATTLE-DICE-1"),
        reveal=lambda lang: readers.army_table(ARMY, lang, thresholds=False),
        # The centre's row of a table with the morale column: its 8th cell is the ME.
        tells=(r"\b14 ME\b", r"= 14\b", r"C-in-C\)(?: \S+){7} 14\b"),
    ),
    # Part 2 — a turn: choosing and attacking
    Exercise(
        id="battles-when",
        answer=_battles_when,
        kind="choice",
        options=lambda: ["at-once", "after-all", "next-turn"],
        wrong=lambda: ["at-once", "next-turn"],
        rules=("P-TURN-3",),
        predict=True,
        reveal=lambda lang: _tried("turn-one", TURN_ONE, lang),
        tells=(r"once all (?:four|4) (?:cities )?have chosen", r"decide first",
               r"battles come (?:once|after)"),
        facts=((r"battles?",
                r"(?:after|once|when) (?:every|all|each)(?: four)? (?:city|cities)",
                r"chos|decid"),),
    ),
    Exercise(
        id="second-attacker",
        answer=lambda: "no" if _refused(_after(pk.new_state(seed=TURN_SEED), "attack kish"),
                                        "attack kish") else "yes",
        kind="choice",
        options=lambda: ["yes", "no"],
        wrong=lambda: ["yes"],
        rules=("P-ATTACK-4",),
        reveal=lambda lang: _refused_then("turn-one", ["attack kish"], "attack kish", lang),
        tells=(r"Kish is already attacked by Uruk", r"Ur (?:may not|cannot) attack Kish"),
        facts=((r"no city|cannot|can't|never|may not",
                r"two attackers|attacked (?:twice|by (?:more than one|two))"),),
    ),
    Exercise(
        id="attacked-may",
        answer=lambda: _kinds(_after(pk.new_state(seed=TURN_SEED), "attack kish",
                                     "attack lagash")) & {"attack", "sacrifice", "reorganize"},
        kind="choices",
        options=lambda: ["attack", "sacrifice", "reorganize"],
        wrong=lambda: [{"attack", "sacrifice", "reorganize"}, {"sacrifice"}, {"attack"},
                       {"reorganize"}],
        rules=("P-ATTACK-3", "P-TURN-2"),
        reveal=lambda lang: _refused_then("turn-one", ["attack kish", "attack lagash"],
                                          "attack lagash", lang),
        tells=(r"Kish (?:may|can) (?:still )?(?:only )?(?:make sacrifices|sacrifice) or "
               r"reorgani", r"Kish has been attacked this turn by Uruk: an attacked city"),
        facts=((r"attacked", r"cannot attack|can't attack|may not attack|no longer attack"),
               (r"attacked", r"(?:still )?(?:make|makes|making) sacrifices|reorgani[sz]e")),
    ),
    Exercise(
        id="kish-reach",
        answer=lambda: _targets(attack_from_kish()),
        kind="choices",
        options=_cities("lagash", "uruk", "ur"),
        wrong=lambda: [{"lagash"}, {"lagash", "uruk"}, {"lagash", "uruk", "ur"}, {"ur"}],
        rules=("P-ATTACK-1", "P-ATTACK-5"),
        predict=True,
        reveal=lambda lang: [_targets_after(attack_from_kish, lang),
                             _tried(attack_from_kish, ["attack uruk"], lang)],
        tells=(r"Kish may attack (?:Lagash and Ur|Ur and Lagash)",),
    ),
    Exercise(
        id="vassal-targets",
        answer=lambda: _targets(_first_to_choose("lagash", {"uruk": "kish", "lagash": "kish"})),
        kind="choices",
        options=_cities("kish", "uruk", "ur"),
        wrong=lambda: [{"kish", "uruk", "ur"}, {"uruk", "ur"}, {"kish", "ur"}, set()],
        rules=("P-ATTACK-5",),
        reveal=lambda lang: _targets_after(
            lambda: _first_to_choose("lagash", {"uruk": "kish", "lagash": "kish"}), lang),
        tells=(r"Lagash may attack Ur\b", r"[Oo]nly Ur\b"),
    ),
    # Part 3 — battles: broken and beaten
    Exercise(
        id="who-is-beaten",
        answer=lambda: _beaten("record none 30 45"),
        kind="choice",
        options=lambda: ["attacker", "defender", "nobody"],
        wrong=lambda: ["defender", "nobody"],
        rules=("P-BATTLE-3", "P-BATTLE-2"),
        reveal=lambda lang: _tried(_beaten_position, ["record none 30 45"], lang,
                                   picture=False),
        tells=(r"the invader is beaten", r"Kish is beaten", r"30 against 45"),
    ),
    Exercise(
        id="attacker-breaks",
        answer=lambda: "vassal" if _fate(turn_one_battles().state, URUK, "dice") == "kish"
        else "free",
        kind="choice",
        options=lambda: ["vassal", "free", "out"],
        wrong=lambda: ["vassal", "out"],
        rules=("P-VASSAL-1", "P-ATTACK-2"),
        predict=True,
        reveal=lambda lang: _tried("turn-one-battles", ["dice"], lang),
        tells=(r"Uruk (?:just )?goes home",),
        facts=((r"invader|attacker", r"goes home|go home|stays? independent|still independent|"
                r"nothing happens"),
               (r"only (?:a|the) defender", r"vassal")),
    ),
    Exercise(
        id="army-after-battle",
        answer=lambda: _after(_first_to_choose("kish", battles="recorded"), "attack lagash",
                              "sacrifice", "sacrifice", "sacrifice",
                              "record none 30 96").armies[KISH].total_ap,
        wrong=lambda: [104, 96, 0],
        rules=("P-BATTLE-1",),
        predict=True,
        reveal=lambda lang: [readers.next_army_text(second_battle().state, KISH, lang),
                             show(_fresh("second-battle"), lang)],
        tells=(r"army is worth 200 AP again", r"Kish fights its next battle with (?:all )?200"),
        facts=(r"rebuilt|rebuild|at full size|(?:every|all|any) loss(?:es)? recovered|"
               r"recover(?:s|ing)? (?:every|all|any) loss",),
    ),
    Exercise(
        id="beaten-not-broken",
        answer=lambda: "free" if _fate(_first_to_choose("ur", battles="recorded"), URUK,
                                       "attack uruk", "sacrifice", "sacrifice", "sacrifice",
                                       "record none 60 40") == "free" else "vassal",
        kind="choice",
        options=lambda: ["vassal", "free"],
        wrong=lambda: ["vassal"],
        rules=("P-VASSAL-1", "P-BATTLE-3"),
        reveal=lambda lang: _tried(lambda: _first_to_choose("ur", battles="recorded"),
                                   ["attack uruk", "sacrifice", "sacrifice", "sacrifice",
                                    "record none 60 40"], lang),
        tells=(r"Uruk stays independent", r"beaten but not broken, (?:Uruk )?stays"),
        facts=((r"beaten",
                r"not broken|without breaking|did not break|no army broke",
                r"stays? (?:independent|free)|nothing happens"),),
    ),
    # Part 4 — inside the dice battle
    Exercise(
        id="who-meets-whom",
        answer=_first_meetings,
        kind="choice",
        options=lambda: ["same", "facing", "centre", "random"],
        wrong=lambda: ["facing", "centre", "random"],
        rules=("P-BATTLE-DICE-2",),
        reveal=lambda lang: readers.first_bound(_events(dice_battle(), "dice"), lang),
        tells=(r"right wing (?:meets|against|fights) (?:the defender's |Lagash's |the "
               r"enemy's )?right wing",),
    ),
    Exercise(
        id="general-factor",
        answer=lambda: battle_form(ARMY)[0].factors[-1],
        wrong=lambda: [5, 7, 4],
        rules=("P-BATTLE-DICE-3",),
        reveal=lambda lang: readers.troops_table(ARMY, lang),
        tells=(r"\(general 6\)", r"general 6\b", r"5 \+ 1 = 6"),
    ),
    Exercise(
        id="blade-beats-bow",
        answer=_blade_beats_bow,
        wrong=lambda: [30, 18, 35, 27],
        rules=("P-BATTLE-DICE-3",),
        predict=True,
        reveal=lambda lang: readers.duel_grid(ARMY, "Reg Bd (F)", REORGANIZE_FROM, lang),
    ),
    Exercise(
        id="why-lagash-broke",
        answer=lambda: _why_broke(_events(dice_battle(), "dice"), LAGASH),
        kind="choice",
        options=lambda: list(WHY_BROKE),
        wrong=lambda: [w for w in WHY_BROKE if w != _why_broke(_events(dice_battle(), "dice"),
                                                               LAGASH)],
        rules=("P-BATTLE-DICE-5", "P-BATTLE-DICE-4"),
        reveal=lambda lang: readers.battle_report(_after_move("dice-battle", "dice"), lang=lang),
        facts=((r"Lagash", r"centre|C-in-C|commander-in-chief", r"shattered|fle[de]\b|fled"),),
    ),
    Exercise(
        id="centre-shatters",
        answer=lambda: int(_shattered_at("centre")),
        wrong=lambda: [14, 4, 5, 10],
        rules=("P-BATTLE-DICE-4",),
        reveal=lambda lang: readers.army_table(ARMY, lang),
        tells=(r"3½ · 5 · 7", r"\b7 of (?:its )?14", r"shattered (?:at|after|once it has "
               r"lost) 7"),
    ),
    Exercise(
        id="points-scored",
        answer=lambda: (3 * ARMY.troops_named("Reg Bd (F)").ap
                        + 4 * ARMY.troops_named(REORGANIZE_FROM).ap),
        wrong=lambda: [7, 28, 30, 42],
        rules=("P-BATTLE-DICE-6",),
    ),
    # Part 5 — sacrifices and reorganization
    Exercise(
        id="sacrifice-twice",
        answer=lambda: int(_after(hold_kish(), "sacrifice").blessed[KISH]),
        wrong=lambda: [2, 0],
        rules=("P-SACRIFICE-1", "P-SACRIFICE-2"),
        reveal=lambda lang: _tried(_kish_blessed, ["sacrifice"], lang, picture=False),
        tells=(r"Kish (?:still )?(?:has|may reroll) (?:only )?one (?:die|reroll)",
               r"still one: the favour does not stack"),
    ),
    Exercise(
        id="rerolls-both",
        answer=lambda: _max_rerolls("battle"),
        wrong=lambda: [2, 0],
        rules=("P-SACRIFICE-2", "P-SACRIFICE-3"),
        predict=True,
        reveal=lambda lang: [_tried(_both_sacrificed, ["dice"], lang, picture=False),
                             _rerolls_counted(lang)],
        tells=(r"exactly one reroll", r"[Aa]t most one die is rerolled"),
        facts=(r"no more than one reroll",
               (r"one reroll|a single reroll|one die", r"(?:in|per) (?:a|the|each|one) battle"),
               (r"both sides?", r"first (?:side )?to need|spent unused|only one")),
    ),
    Exercise(
        id="sacrifice-odds",
        answer=_sacrifice_odds,
        kind="choice",
        options=lambda: ["same", "few", "twice"],
        wrong=lambda: ["same", "twice"],
        rules=("P-SACRIFICE-1", "P-BATTLE-DICE-7"),
        predict=True,
        reveal=lambda lang: [odds_table(lang), odds_said(lang)],
        tells=(r"[+−]\d+ in 100 \[", r"a few (?:more )?battles (?:more )?in every hundred"),
    ),
    Exercise(
        id="ap-after-reorganizing",
        answer=lambda: ARMY.reorganize("centre").total_ap,
        wrong=lambda: [200, 196, 184, 206],
        rules=("P-REORG-1",),
        reveal=lambda lang: _tried("turn-one", ["reorganize left"], lang),
    ),
    Exercise(
        id="bows-after-two",
        answer=lambda: ARMY.reorganize("left").reorganize("left").command("left").count(
            REORGANIZE_FROM),
        wrong=lambda: [4, 6, 2],
        rules=("P-REORG-1", "P-REORG-2"),
        reveal=lambda lang: readers.army_picture(ARMY.reorganize("left").reorganize("left"),
                                                 lang, start=ARMY),
        tells=(r"no bow(?:men|s)? (?:are )?left", r"none are left"),
    ),
    # Part 6 — vassals and the end
    Exercise(
        id="won-for-overlord",
        answer=lambda: _fate(vassal_attacks(), UR, "attack ur", "sacrifice", "sacrifice",
                             "sacrifice", "record defender 70 40"),
        kind="choice",
        options=lambda: ["kish", "uruk", "free"],
        wrong=lambda: ["uruk", "free"],
        rules=("P-VASSAL-2", "P-VASSAL-5"),
        predict=True,
        reveal=lambda lang: _tried("vassal-attacks", ["attack ur", "sacrifice", "sacrifice",
                                                      "sacrifice", "record defender 70 40"],
                                   lang),
        tells=(r"Ur becomes a vassal of Kish",),
        facts=((r"vassal'?s?'? (?:victories|wins?|conquests?)", r"overlord"),
               r"(?:more )?vassals for (?:his|its|the) overlord"),
    ),
    Exercise(
        id="who-is-free",
        answer=_who_is_free,
        kind="choices",
        options=_cities("kish", "lagash", "uruk", "ur"),
        wrong=lambda: [{"lagash", "uruk", "ur"}, {"lagash"}, {"kish", "lagash"}],
        rules=("P-VASSAL-3", "P-VASSAL-1"),
        reveal=lambda lang: _tried("liberation", ["attack kish", "sacrifice", "sacrifice",
                                                  "sacrifice", "record none 60 40"], lang),
        tells=(r"Kish, Lagash, Uruk and Ur are independent", r"Uruk and Ur are free",
               r"[Aa]ll four (?:cities )?(?:are )?(?:independent|free)"),
    ),
    Exercise(
        id="beaten-by-a-vassal",
        answer=lambda: "yes" if _fate(_beaten_by_vassal(), UR, "attack kish", "sacrifice",
                                      "sacrifice", "sacrifice",
                                      "record none 60 40") == "free" else "no",
        kind="choice",
        options=lambda: ["yes", "no"],
        wrong=lambda: ["yes"],
        rules=("P-VASSAL-3",),
        reveal=lambda lang: [_tried(_beaten_by_vassal, ["attack kish", "sacrifice", "sacrifice",
                                                        "sacrifice", "record none 60 40"],
                                    lang, picture=False),
                             readers.realms_text(_after(_beaten_by_vassal(), "attack kish",
                                                        "sacrifice", "sacrifice", "sacrifice",
                                                        "record none 60 40"), lang)],
        tells=(r"[Bb]eaten by a vassal, it keeps", r"Ur still serves Kish",
               r"Kish rules Ur\b"),
    ),
    Exercise(
        id="follows-overlord",
        answer=lambda: _fate(vassal_defends(), UR, "attack uruk", "sacrifice", "sacrifice",
                             "sacrifice", "record defender 50 50"),
        kind="choice",
        options=lambda: ["uruk", "lagash", "free"],
        wrong=lambda: ["uruk", "free"],
        rules=("P-VASSAL-5", "P-BATTLE-3"),
        reveal=lambda lang: _tried("vassal-defends", ["attack uruk", "sacrifice", "sacrifice",
                                                      "sacrifice", "record defender 50 50"],
                                   lang),
        tells=(r"Ur becomes a vassal of Lagash, following", r"Lagash rules Uruk and Ur"),
    ),
    Exercise(
        id="called-off",
        answer=_called_off,
        kind="choice",
        options=lambda: ["fought", "called-off"],
        wrong=lambda: ["fought"],
        rules=("P-ATTACK-6", "P-VASSAL-5"),
        predict=True,
        reveal=lambda lang: _tried("followers", ["attack uruk", "attack lagash", "sacrifice",
                                                 "sacrifice", "record defender 50 50"], lang),
        tells=(r"battle of Ur against Lagash is called off", r"both now serve Lagash"),
        facts=((r"called off|not fought|cancel", r"same overlord|one realm|same realm|"
                r"change nothing"),),
    ),
    Exercise(
        id="winners",
        answer=_winners,
        kind="choices",
        options=_cities("kish", "lagash", "uruk", "ur"),
        wrong=lambda: [{"kish"}, {"kish", "uruk", "ur"}, {"kish", "uruk", "ur", "lagash"}],
        rules=("P-END-1", "P-END-2"),
        reveal=lambda lang: [_tried(last_battle, LAST_BATTLE, lang),
                             readers.winners_text(_after(last_battle(), *LAST_BATTLE), lang)],
        tells=(r"[Ww]inners:? (?:are )?Kish and Uruk", r"[Ww]inners:? (?:are )?Uruk and Kish"),
    ),
    # Part 7 — playing on the table
    Exercise(
        id="impossible-result",
        answer=_impossible_result,
        kind="choice",
        options=lambda: [(text, _result_label(text)) for text in RESULTS],
        wrong=lambda: [text for text in RESULTS if text != "record defender 250 10"],
        rules=("P-BATTLE-2",),
        reveal=lambda lang: _tried(table_battle, ["record defender 250 10"], lang),
        facts=((r"\b250\b", r"refus|cannot|impossible|more than"),),
    ),
    Exercise(
        id="orders-to-enter",
        answer=lambda: len(pk.legal_moves(enter_order())),
        wrong=lambda: [4, 16, 12, 256],
        rules=("P-TURN-4", "P-SETUP-1"),
    ),
    # Part 8 — for programmers
    Exercise(
        id="avenues-kish-to-ur",
        answer=lambda: nx.shortest_path_length(pk.CampaignMap.standard().graph, "kish", "ur"),
        wrong=lambda: [1, 3],
        rules=("P-MAP-1",),
        reveal=_shortest_way,
        tells=(r"Kish\s*–\s*(?:Uruk|Lagash)\s*–\s*Ur\b",),
    ),
], words=__file__)
