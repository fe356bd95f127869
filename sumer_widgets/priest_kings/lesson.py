"""The Priest-Kings lesson (notebook 04-priest-kings): positions, exercises, board tasks.

Every answer is computed by the engine from the positions below — targets from
``legal_moves``, vassals from the results of battles, odds from many seeded battles of the dice
model; the notebook only names the exercises and tasks by id (``lesson.ask("ur-targets")``,
``lesson.task("make-uruk-a-vassal")``) and the positions by name (``start("turn-one")``).

A board task whose goal needs a dice battle starts where the learner's city is the last to
choose (or its battle is the only one), and the position's seed decides the dice: each task's
solution is certain, and each recorded miss misses whatever the dice would do (a test plays
both). No task seats a bot, so none depends on how a bot chooses.

Parts of the notebook and what they practise:

1. the cities, the map and the armies — `ur-targets`, `bows-in-army`, `centre-me`;
2. a turn: choosing and attacking — `battles-when`, `second-attacker`, `attacked-may`,
   `kish-reach`, `vassal-targets`, task `attack-ur-from-kish`;
3. battles: broken and beaten — `who-is-beaten`, `attacker-breaks`, `beaten-not-broken`,
   `army-after-battle`, task `make-uruk-a-vassal`;
4. inside the dice battle — `general-factor`, `blade-beats-bow`, `who-meets-whom`,
   `centre-shatters`, `points-scored`;
5. sacrifices and reorganization — `sacrifice-twice`, `rerolls-both`, `sacrifice-odds`,
   `bows-after-two`, `ap-after-reorganizing`, task `hold-kish`;
6. vassals and the end — `won-for-overlord`, `who-is-free`, `beaten-by-a-vassal`,
   `follows-overlord`, `called-off`, `winners`, tasks `set-uruk-and-ur-free`,
   `share-the-win`;
7. playing on the table — `impossible-result`, `orders-to-enter`, tasks
   `record-a-table-battle`, `enter-the-order`;
8. for programmers — `avenues-kish-to-ur`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from engine import priest_kings as pk
from engine.core import Game, IllegalMove, InvalidInput, make_rng
from engine.priest_kings import events as ev
from engine.priest_kings.army import REORGANIZE_FROM, command_me2
from engine.priest_kings.battle import battle_form
from sumer_widgets.display import picture_options
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.priest_kings import readers
from sumer_widgets.tasks import Task, Tasks, Verdict, missed, not_yet, reached

KISH, LAGASH, URUK, UR = range(4)
CITIES = ("kish", "lagash", "uruk", "ur")
#: How wide the lesson's pictures of the map are, in pixels (the boards size themselves).
PICTURE_WIDTH = 640
ARMY = pk.Army.standard()


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
    """Kish rules Lagash and Ur; Lagash has won a city for Kish earlier. Kish chooses first."""
    return pk.position({"lagash": "kish", "ur": "kish"}, made={("lagash", "kish"): 1},
                       order=["kish", "ur", "lagash", "uruk"], battles="recorded")


POSITIONS: dict[str, Callable[[], pk.State | Game]] = {
    "setup": lambda: pk.new_state(seed=TURN_SEED), "turn-one": turn_one,
    "turn-one-battles": turn_one_battles, "dice-battle": dice_battle,
    "vassal-attacks": vassal_attacks, "liberation": liberation,
    "vassal-defends": vassal_defends, "followers": followers, "last-battle": last_battle,
    "table-battle": lambda: table_battle(), "tracker": tracker, "table-order": table_order,
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
                 name: str = "play", **options: Any) -> Any:
    """A campaign map on which the learner plays `you` (Kish) against bots of `level` in the
    other three cities, from `seed` (with 7, Kish chooses first)."""
    from engine.bots import bot_for_level
    from sumer_widgets.priest_kings.board import CampaignMap

    game = pk.new_game(seed=seed, **options)
    me = game.state.map.index_of(you)
    bots = {seat: bot_for_level("priest_kings", level, seed=seed + seat)
            for seat in range(game.state.players) if seat != me}
    return CampaignMap(game, bots=bots, lang=lang, name=name)


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

#: Battles per situation in the odds table: enough for a difference of a few in a hundred to
#: show, few enough to run in well under a second.
ODDS_BATTLES = 600
REORGANIZED = ARMY.reorganize("centre").reorganize("right").reorganize("left")
SITUATIONS = {
    "equal armies": (ARMY, ARMY, (False, False)),
    "the invader made sacrifices": (ARMY, ARMY, (True, False)),
    "the defender made sacrifices": (ARMY, ARMY, (False, True)),
    "the invader reorganized all three corps": (REORGANIZED, ARMY, (False, False)),
}


@functools.cache
def odds(situation: str, battles: int = ODDS_BATTLES, reroll_limit: str = "battle"
         ) -> tuple[pk.Outcome, ...]:
    """The outcomes of `battles` seeded battles of the dice model in a situation of
    `SITUATIONS` (or ``"both made sacrifices"``): the same seeds for every situation."""
    if situation == "both made sacrifices":
        attacker, defender, rerolls = ARMY, ARMY, (True, True)
    else:
        attacker, defender, rerolls = SITUATIONS[situation]
    return tuple(pk.fight(attacker, defender, rerolls, make_rng(seed, "lesson", "odds"),
                          reroll_limit=reroll_limit) for seed in range(battles))


def odds_table(lang: str = "en") -> Any:
    """How often each outcome came in `ODDS_BATTLES` battles of each situation."""
    return readers.odds_table({label: odds(label) for label in SITUATIONS}, lang)


def _defender_breaks(outcomes: Sequence[pk.Outcome]) -> float:
    return sum(o.broken in ("defender", "both") for o in outcomes) / len(outcomes)


# Board tasks ---------------------------------------------------------------------------------


def _log(game: Game) -> list[Any]:
    return [event for _, happened in game.log for event in happened]


def _choice_of(game: Game, city: int) -> str | None:
    """What `city` chose in the task's turn, told as a sentence (None if it has not yet)."""
    for event in _log(game):
        if isinstance(event, ev.AttackDeclared) and event.attacker == city:
            return event.describe()
        if isinstance(event, (ev.SacrificeMade, ev.ArmyReorganized)) and event.player == city:
            return event.describe()
    return None


def _battle(game: Game, attacker: int, defender: int | None = None) -> ev.BattleEnded | None:
    """The result of `attacker`'s first battle (against `defender`), if fought."""
    for event in _log(game):
        if (isinstance(event, ev.BattleEnded) and event.attacker == attacker
                and (defender is None or event.defender == defender)):
            return event
    return None


def _declared(game: Game, attacker: int) -> ev.AttackDeclared | None:
    return next((e for e in _log(game) if isinstance(e, ev.AttackDeclared)
                 and e.attacker == attacker), None)


def _state_after(game: Game, ended: ev.BattleEnded) -> pk.State:
    """The position right after the move that fought the battle that ended with `ended`."""
    for ply, (_, happened) in enumerate(game.log):
        if any(event is ended for event in happened):
            return game.history[ply + 1]
    return game.state


def attack_from_kish() -> pk.State:
    """Turn 1: Uruk is Kish's vassal; Kish chooses first."""
    return _first_to_choose("kish", {"uruk": "kish"})


def _attack_ur_from_kish(game: Game) -> Verdict:
    declared = _declared(game, KISH)
    if declared is not None and declared.defender == UR:
        return reached("Kish attacks Ur along the avenue from its vassal Uruk: Kish has no "
                       "avenue of its own to Ur, but a realm attacks along its vassals' "
                       "avenues too.")
    chosen = _choice_of(game, KISH)
    if chosen is not None:
        return missed(f"{chosen} That is not an attack on Ur. Start again.")
    return not_yet("Kish has not chosen yet.")


HOLD_SEED = 5


def hold_kish() -> pk.State:
    """Turn 1: Uruk has attacked Kish; Lagash and Ur have chosen; Kish chooses last."""
    return pk.position(order=["uruk", "lagash", "ur", "kish"], attacks=[("uruk", "kish")],
                       step=3, seed=HOLD_SEED)


def _rerolls(game: Game, city: int) -> int:
    city_name = name(city)
    return sum(1 for e in _log(game) if isinstance(e, ev.DuelFought)
               for who, _ in e.rerolls if who == city_name)


def _hold_kish(game: Game) -> Verdict:
    ended = _battle(game, URUK, KISH)
    if ended is not None:
        lords = _state_after(game, ended).overlord
        told = readers.broke_text(ended.broken, "Uruk", "Kish")
        if lords[KISH] < 0:
            rerolled = _rerolls(game, KISH)
            used = ("Kish called on its god once in the battle" if rerolled
                    else "Kish did not need its reroll")
            return reached(f"Kish is still free: {told}. Kish's sacrifices gave it one reroll; "
                           f"{used}.")
        return missed(f"{told}, and Kish became Uruk's vassal. A reorganization swaps bows "
                      "for blades, but here it did not save Kish. Start again: what else "
                      "may an attacked city do?")
    chosen = _choice_of(game, KISH)
    if chosen is not None:
        return not_yet(f"{chosen} Now fight Uruk's battle: press “Fight it with the dice”.")
    return not_yet("Kish is attacked, so it cannot attack. Choose one of its two other "
                   "activities.")


VASSAL_SEED = 9


def make_uruk_a_vassal() -> pk.State:
    """Turn 1: Kish, Lagash and Uruk have chosen (Uruk made sacrifices); Ur chooses last."""
    return pk.position(order=["kish", "lagash", "uruk", "ur"], step=3, blessed=["uruk"],
                       seed=VASSAL_SEED)


def _make_uruk_a_vassal(game: Game) -> Verdict:
    ended = _battle(game, UR)
    if ended is not None:
        lords = _state_after(game, ended).overlord
        if lords[URUK] == UR:
            return reached(f"{ended.describe()} The defender's army broke, so Uruk is not "
                           "eliminated: it plays on as Ur's vassal.")
        return missed(f"{ended.describe()} Uruk is not Ur's vassal. Start again.")
    declared = _declared(game, UR)
    if declared is not None and declared.defender == URUK:
        return not_yet("Ur attacks Uruk. Now fight the battle: press “Fight it with the "
                       "dice”.")
    chosen = _choice_of(game, UR)
    if chosen is not None:
        return missed(f"{chosen} Only a battle against Uruk can make Uruk Ur's vassal. Start "
                      "again.")
    return not_yet("Ur has not chosen yet.")


TABLE_RESULT = pk.RecordedBattle("defender", 80, 35)


def table_battle() -> pk.State:
    """A campaign of battles fought on the table: Lagash has attacked Ur; the battle is to be
    typed in."""
    return pk.position(phase="battles", order=["lagash", "kish", "uruk", "ur"],
                       attacks=[("lagash", "ur")], battles="recorded")


def _record_a_table_battle(game: Game) -> Verdict:
    ended = _battle(game, LAGASH, UR)
    if ended is None:
        return not_yet("Enter the result in the form: whose army broke, and the points each "
                       "side scored.")
    entered = (ended.broken, ended.attacker_points, ended.defender_points)
    wanted = (TABLE_RESULT.broken, TABLE_RESULT.attacker_points, TABLE_RESULT.defender_points)
    if entered == wanted:
        return reached(f"{ended.describe()} Ur's army broke, so Ur is now Lagash's vassal; the "
                       "engine checked that neither side scored more than the other army is "
                       "worth.")
    said = readers.broke_text(ended.broken, "Lagash", "Ur")
    if ended.broken != TABLE_RESULT.broken:
        return missed(f"You entered “{said}”; at the table it was Ur's army that broke. Start "
                      "again.")
    return missed(f"You entered Lagash {ended.attacker_points} points and Ur "
                  f"{ended.defender_points}: the points are the other way round. Lagash "
                  "scored the 80 points of Ur's elements it destroyed. Start again.")


FREE_SEED = 48


def set_free() -> pk.State:
    """Turn 1: Kish rules Uruk and Ur and has made sacrifices; Lagash chooses last."""
    return pk.position({"uruk": "kish", "ur": "kish"}, order=["kish", "uruk", "ur", "lagash"],
                       step=3, blessed=["kish"], seed=FREE_SEED)


def _set_uruk_and_ur_free(game: Game) -> Verdict:
    ended = _battle(game, LAGASH)
    if ended is not None:
        after_battle = _state_after(game, ended)
        lords = after_battle.overlord
        after = readers.realms_text(after_battle)
        if lords[URUK] < 0 and lords[UR] < 0:
            though = (" — even though Lagash's own army broke"
                      if ended.broken in ("attacker", "both") else "")
            return reached(f"{ended.describe()} Kish scored fewer points, so Kish is beaten by "
                           f"an independent city: its vassals are free{though}. Now: {after}")
        return missed(f"{ended.describe()} Now: {after} Only beating the overlord itself "
                      "frees all its vassals. Start again.")
    declared = _declared(game, LAGASH)
    if declared is not None:
        return not_yet(f"{declared.describe()} Now fight the battle: press “Fight it with the "
                       "dice”.")
    chosen = _choice_of(game, LAGASH)
    if chosen is not None:
        return missed(f"{chosen} Without a battle nobody is set free. Start again.")
    return not_yet("Lagash has not chosen yet.")


WIN_SEED = 14


def share_the_win() -> pk.State:
    """Turn 1: Kish rules Lagash and Ur; Uruk, the last free city, made sacrifices. Kish, Ur
    and Uruk have chosen; Lagash chooses last."""
    return pk.position({"lagash": "kish", "ur": "kish"}, order=["kish", "ur", "uruk", "lagash"],
                       step=3, blessed=["uruk"], seed=WIN_SEED)


def _share_the_win(game: Game) -> Verdict:
    over = next((e for e in _log(game) if isinstance(e, ev.CampaignEnded)), None)
    if over is not None:
        if LAGASH in over.winners:
            return reached(f"{readers.event_text(over)} Lagash won Uruk for its overlord, so "
                           "it shares the win.")
        return missed(f"{readers.event_text(over)} Lagash is not among them. Start again.")
    ended = _battle(game, LAGASH)
    if ended is not None:
        return missed(f"{ended.describe()} The campaign goes on. Start again.")
    declared = _declared(game, LAGASH)
    if declared is not None:
        return not_yet(f"{declared.describe()} Now fight the battle: press “Fight it with the "
                       "dice”.")
    chosen = _choice_of(game, LAGASH)
    if chosen is not None:
        return missed(f"{chosen} No battle this turn, so the campaign goes on, and Lagash has "
                      "made no vassal for Kish. Start again.")
    return not_yet("Lagash has not chosen yet.")


ROLLED = ("ur", "kish", "lagash", "uruk")


def enter_order() -> pk.State:
    """The start of a campaign whose order of activation is rolled at the table."""
    return pk.position(phase="activation", activation="recorded", battles="recorded")


def _enter_the_order(game: Game) -> Verdict:
    entered = next((e for e in _log(game) if isinstance(e, ev.OrderRecorded)), None)
    if entered is None:
        return not_yet("Click the cities in the order rolled, the first to act first.")
    wanted = tuple(name(c) for c in ROLLED)
    if tuple(entered.names) == wanted:
        return reached(f"{entered.describe()} Ur chooses first now.")
    return missed(f"You entered {', '.join(entered.names)}; the table rolled "
                  f"{', '.join(wanted)}. Start again.")


TASKS = Tasks([
    Task(
        id="attack-ur-from-kish",
        ruleset="priest_kings",
        goal="Uruk is Kish's vassal. Kish has no avenue of its own to Ur: attack Ur with Kish "
             "all the same.",
        start=attack_from_kish,
        check=_attack_ur_from_kish,
        rules=("P-ATTACK-1", "P-ATTACK-2", "P-TURN-2"),
        hint="Which avenues may a realm attack along? Look at the cities joined to Uruk.",
        solution=("attack ur",),
        misses=(("attack lagash",), ("sacrifice",)),
        explanation="A target must be joined by an avenue to the attacker's city or to one of "
                    "its vassals' cities. Uruk, Kish's vassal, is joined to Ur, so Kish may "
                    "attack Ur along Uruk's avenue.",
        options={"name": "task-attack-ur-from-kish"},
    ),
    Task(
        id="make-uruk-a-vassal",
        ruleset="priest_kings",
        goal="Make Uruk a vassal of Ur.",
        start=make_uruk_a_vassal,
        check=_make_uruk_a_vassal,
        rules=("P-VASSAL-1", "P-ATTACK-2", "P-BATTLE-4", "P-BATTLE-DICE-8"),
        hint="A city becomes a vassal when its army breaks — but only in one of the two roles "
             "of a battle. Which one must Uruk have?",
        solution=("attack uruk", "dice"),
        misses=(("attack lagash", "dice"), ("sacrifice",)),
        explanation="Ur attacks Uruk, so Uruk is the defender; the dice (from the campaign's "
                    "seed) break Uruk's army, and a defender whose army breaks becomes the "
                    "vassal of the attacker.",
        options={"name": "task-make-uruk-a-vassal"},
    ),
    Task(
        id="hold-kish",
        ruleset="priest_kings",
        goal="Uruk has attacked Kish. Keep Kish free: choose Kish's activity, then fight "
             "Uruk's battle with the dice.",
        start=hold_kish,
        check=_hold_kish,
        rules=("P-ATTACK-3", "P-SACRIFICE-1", "P-BATTLE-DICE-7", "P-BATTLE-DICE-5",
               "P-VASSAL-1"),
        hint="An attacked city cannot attack. Of the two things it may still do, which one "
             "changes the dice of its next battle?",
        solution=("sacrifice", "dice"),
        misses=(("reorganize left", "dice"), ("reorganize centre", "dice")),
        explanation="Kish makes sacrifices: in the battle it may reroll one die, the first "
                    "time it is about to lose a blade or its general. With this campaign's "
                    "dice that one reroll turns the battle: Uruk's army breaks, and Kish stays "
                    "free (without it, Kish's army would break). Reorganized instead, Kish's "
                    "army breaks and Kish becomes Uruk's vassal.",
        options={"name": "task-hold-kish"},
    ),
    Task(
        id="set-uruk-and-ur-free",
        ruleset="priest_kings",
        goal="Kish rules Uruk and Ur. Set both free, with Lagash.",
        start=set_free,
        check=_set_uruk_and_ur_free,
        rules=("P-VASSAL-3", "P-BATTLE-3", "P-VASSAL-4"),
        hint="Vassals go free when something happens to their overlord. Who must Lagash "
             "fight, and what must happen in that battle?",
        solution=("attack kish", "dice"),
        misses=(("attack uruk", "dice"), ("attack ur", "dice"), ("sacrifice",)),
        explanation="Lagash attacks Kish itself. In the battle Lagash's army breaks, but Lagash "
                    "scores more points than Kish: Kish is beaten by an independent city, so "
                    "Uruk and Ur are free. Beating a vassal instead only makes that vassal "
                    "Lagash's.",
        options={"name": "task-set-uruk-and-ur-free"},
    ),
    Task(
        id="share-the-win",
        ruleset="priest_kings",
        goal="Lagash is Kish's vassal. End the campaign with Lagash among the winners.",
        start=share_the_win,
        check=_share_the_win,
        rules=("P-VASSAL-2", "P-END-1", "P-END-2"),
        hint="Which vassals share the overlord's win? Which city is still free?",
        solution=("attack uruk", "dice"),
        misses=(("sacrifice",), ("reorganize right",)),
        explanation="Lagash attacks Uruk, the last free city, and breaks its army: Uruk becomes "
                    "a vassal of Kish — Lagash's overlord — and Lagash is credited with it. "
                    "All cities now serve Kish, so the campaign is over; the winners are Kish "
                    "and Lagash, the vassal that made a vassal for it.",
        options={"name": "task-share-the-win"},
    ),
    Task(
        id="record-a-table-battle",
        ruleset="priest_kings",
        goal="Lagash and Ur fought on the table. Ur's army broke; Lagash destroyed 80 AP of "
             "Ur's elements and Ur 35 AP of Lagash's. Enter the result.",
        start=table_battle,
        check=_record_a_table_battle,
        rules=("P-BATTLE-2", "P-BATTLE-4", "P-VASSAL-1"),
        hint="Each side scores the points of the enemy's elements it destroyed. Lagash is the "
             "invader.",
        solution=(str(TABLE_RESULT),),
        misses=(("record defender 35 80",), ("record attacker 80 35",)),
        explanation="Whose army broke: the defender's (Ur). Lagash, the invader, scored 80 "
                    "points, Ur 35. The engine checks that neither side scored more than the "
                    "enemy army is worth, and Ur becomes Lagash's vassal.",
        options={"name": "task-record-a-table-battle"},
    ),
    Task(
        id="enter-the-order",
        ruleset="priest_kings",
        goal="Your group rolled the order of activation at the table: Ur first, then Kish, "
             "Lagash and Uruk. Enter it on the map.",
        start=enter_order,
        check=_enter_the_order,
        rules=("P-TURN-4", "P-TURN-1"),
        hint="Click the cities one by one, the first to act first.",
        solution=("order " + " ".join(ROLLED),),
        misses=(("order kish lagash uruk ur",), ("order ur kish uruk lagash",)),
        explanation="With the option activation=\"recorded\" each turn starts by entering the "
                    "order rolled at the table, every city once; the engine checks it.",
        options={"name": "task-enter-the-order"},
    ),
])


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
    met the one in the same place of the enemy's list."""
    names = [c.name for c in ARMY.commands]
    bound_one = [e for e in _events(dice_battle(), "dice")
                 if isinstance(e, ev.DuelFought) and e.bound == 1]
    if all(names.index(e.attacker_command) == names.index(e.defender_command)
           for e in bound_one) and len(bound_one) == len(names):
        return "same"
    return "random"


def _shattered_at(command_id: str) -> float:
    return readers.limits(ARMY, ARMY.command(command_id))[2]


def _max_rerolls(reroll_limit: str) -> int:
    return max(sum(o.rerolled) for o in odds("both made sacrifices", 300, reroll_limit))


def _sacrifice_odds() -> str:
    gain = (_defender_breaks(odds("the invader made sacrifices"))
            - _defender_breaks(odds("equal armies")))
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
    state = _after(pk.position({"uruk": "kish", "ur": "kish"}, made={("uruk", "kish"): 1},
                               order=["kish", "ur", "lagash", "uruk"], battles="recorded"),
                   "attack lagash", "sacrifice", "sacrifice", "sacrifice",
                   "record defender 100 20")
    return {CITIES[w] for w in state.winners()}


RESULTS = ("record defender 120 45", "record none 0 0", "record both 60 60",
           "record defender 250 10")


def _result_label(text: str) -> str:
    result = pk.parse_move(text)
    broke = readers.broke_text(result.broken, "Lagash", "Ur")
    return f"{broke}; Lagash {result.attacker_points} points, Ur {result.defender_points}"


def _impossible_result() -> str:
    state = table_battle()
    refused = [text for text in RESULTS if _refused(state, text)]
    return refused[0] if len(refused) == 1 else "none"


EXERCISES = Exercises([
    # Part 1 — the cities, the map and the armies
    Exercise(
        id="ur-targets",
        question="At the start of the campaign, which cities may Ur attack?",
        answer=lambda: _targets(_first_to_choose("ur")),
        kind="choices",
        options=_cities("kish", "lagash", "uruk"),
        hint="Follow the dark green avenues that leave Ur.",
        explanation="Two avenues leave Ur: to Uruk and to Lagash. There is no avenue between "
                    "Ur and Kish on our map.",
        wrong=lambda: [{"kish", "lagash", "uruk"}, {"uruk"}, {"lagash"}, {"kish"}],
        rules=("P-MAP-1", "P-ATTACK-1"),
        predict=True,
    ),
    Exercise(
        id="bows-in-army",
        question="How many bow elements (Reg Bw (I)) does a whole army have?",
        answer=lambda: sum(c.count(REORGANIZE_FROM) for c in ARMY.commands),
        hint="Look at the Bw column of the army's table.",
        explanation="Eight in each of the three commands: 24 bows — more than half of the 44 "
                    "elements.",
        wrong=lambda: [8, 16, 12, 44],
        rules=("P-SETUP-2",),
    ),
    Exercise(
        id="centre-me",
        question="How many morale equivalents (ME) does the centre have?",
        answer=lambda: command_me2(ARMY, ARMY.command("centre")) // 2,
        hint="The general's element counts 4 ME, each other blade 1, each bow and each "
             "skirmisher ½. Count the centre's elements.",
        explanation="4 for the general's element, 5 blades × 1, 8 bows × ½ and 2 skirmishers × "
                    "½: 4 + 5 + 4 + 1 = 14 ME.",
        wrong=lambda: [16, 12, 39, 10],
        rules=("P-SETUP-2", "P-BATTLE-DICE-1"),
    ),
    # Part 2 — a turn: choosing and attacking
    Exercise(
        id="battles-when",
        question="Uruk chooses first this turn and attacks Kish. When is that battle fought?",
        answer=_battles_when,
        kind="choice",
        options=lambda: [("at-once", "At once, before the next city chooses"),
                         ("after-all", "Once all four cities have chosen, this turn"),
                         ("next-turn", "At the start of the next turn")],
        hint="Can Kish still prepare for the battle when its own turn to choose comes?",
        explanation="Every city decides first, in the order of activation; then the battles "
                    "are fought, in the order the attacks were declared. That is how an "
                    "attacked city can still make sacrifices or reorganize before its battle "
                    "(our ruling R-P7).",
        wrong=lambda: ["at-once", "next-turn"],
        rules=("P-TURN-3",),
        predict=True,
    ),
    Exercise(
        id="second-attacker",
        question="Uruk has attacked Kish. Now Ur chooses, and would like to attack Kish too. "
                 "May it?",
        answer=lambda: "no" if _refused(_after(pk.new_state(seed=TURN_SEED), "attack kish"),
                                        "attack kish") else "yes",
        kind="choice",
        options=lambda: [("yes", "Yes: two armies against one"),
                         ("no", "No: Kish is already attacked this turn")],
        hint="How many enemies may attack one city in a turn?",
        explanation="A city cannot be attacked by more than one city in a turn: Ur must "
                    "choose another target, or another activity.",
        wrong=lambda: ["yes"],
        rules=("P-ATTACK-4",),
    ),
    Exercise(
        id="attacked-may",
        question="Kish was attacked by Uruk before its own turn to choose came. What may Kish "
                 "do now?",
        answer=lambda: _kinds(_after(pk.new_state(seed=TURN_SEED), "attack kish",
                                     "attack lagash")) & {"attack", "sacrifice", "reorganize"},
        kind="choices",
        options=lambda: [("attack", "attack a neighbour"),
                         ("sacrifice", "make sacrifices"),
                         ("reorganize", "reorganize its army")],
        hint="Read the rule again: what can an attacked player not do, and what can he "
             "still do?",
        explanation="An attacked city cannot attack another city, but may still make "
                    "sacrifices or reorganize before its battle is played.",
        wrong=lambda: [{"attack", "sacrifice", "reorganize"}, {"sacrifice"}, {"attack"},
                       {"reorganize"}],
        rules=("P-ATTACK-3", "P-TURN-2"),
    ),
    Exercise(
        id="kish-reach",
        question="Uruk is Kish's vassal, and it is Kish's turn. Which cities may Kish attack?",
        answer=lambda: _targets(attack_from_kish()),
        kind="choices",
        options=_cities("lagash", "uruk", "ur"),
        hint="Kish attacks along its own avenues — and along whose else?",
        explanation="Lagash along Kish's own avenue, and Ur along the avenue of Kish's vassal "
                    "Uruk. Uruk itself is no target: an overlord does not attack its own "
                    "vassal.",
        wrong=lambda: [{"lagash"}, {"lagash", "uruk"}, {"lagash", "uruk", "ur"}, {"ur"}],
        rules=("P-ATTACK-1", "P-ATTACK-5"),
        predict=True,
    ),
    Exercise(
        id="vassal-targets",
        question="Uruk and Lagash are both Kish's vassals; Ur is free. Which cities may "
                 "Lagash attack?",
        answer=lambda: _targets(_first_to_choose("lagash", {"uruk": "kish", "lagash": "kish"})),
        kind="choices",
        options=_cities("kish", "uruk", "ur"),
        hint="A vassal may attack other cities — but not two kinds of city. Which?",
        explanation="Only Ur. A vassal never attacks its overlord (Kish) or its overlord's "
                    "other vassals (Uruk), and a vassal attacks along its own avenues only.",
        wrong=lambda: [{"kish", "uruk", "ur"}, {"uruk", "ur"}, {"kish", "ur"}, set()],
        rules=("P-ATTACK-5",),
    ),
    # Part 3 — battles: broken and beaten
    Exercise(
        id="who-is-beaten",
        question="A battle ends with no army broken: the invader scored 30 points, the "
                 "defender 45. Who is beaten?",
        answer=lambda: _beaten("record none 30 45"),
        kind="choice",
        options=lambda: [("attacker", "the invader"), ("defender", "the defender"),
                         ("nobody", "nobody: no army broke")],
        hint="Being beaten is not about breaking. Read the definition in the rules again.",
        explanation="Being beaten means scoring fewer points than the enemy: the invader, 30 "
                    "against 45 — although its army did not break.",
        wrong=lambda: ["defender", "nobody"],
        rules=("P-BATTLE-3", "P-BATTLE-2"),
    ),
    Exercise(
        id="attacker-breaks",
        question="Uruk attacks Ur. Uruk's army breaks; Uruk scores 20 points, Ur 70. What "
                 "becomes of Uruk?",
        answer=lambda: "vassal" if _fate(_first_to_choose("uruk", battles="recorded"), URUK,
                                         "attack ur", "sacrifice", "sacrifice", "sacrifice",
                                         "record attacker 20 70") == "ur" else "free",
        kind="choice",
        options=lambda: [("vassal", "Uruk becomes Ur's vassal"),
                         ("free", "Nothing: Uruk stays independent"),
                         ("out", "Uruk is out of the campaign")],
        hint="Whose broken army makes a vassal: the invader's, the defender's, or either?",
        explanation="Only a defender whose army breaks becomes a vassal. Uruk was the invader: "
                    "it lost, but it stays independent, and its army is rebuilt for the next "
                    "battle.",
        wrong=lambda: ["vassal", "out"],
        rules=("P-VASSAL-1", "P-ATTACK-2"),
        predict=True,
    ),
    Exercise(
        id="beaten-not-broken",
        question="Ur attacks Uruk, which is independent. No army breaks; Ur scores 60 points, "
                 "Uruk 40. What becomes of Uruk?",
        answer=lambda: "free" if _fate(_first_to_choose("ur", battles="recorded"), URUK,
                                       "attack uruk", "sacrifice", "sacrifice", "sacrifice",
                                       "record none 60 40") == "free" else "vassal",
        kind="choice",
        options=lambda: [("vassal", "Uruk becomes Ur's vassal: it was beaten"),
                         ("free", "Nothing: Uruk stays independent")],
        hint="Uruk is beaten. Is that what makes an independent defender a vassal?",
        explanation="An independent defender becomes a vassal only if its army breaks. Beaten "
                    "but not broken, Uruk stays free (our ruling R-P4).",
        wrong=lambda: ["vassal"],
        rules=("P-VASSAL-1", "P-BATTLE-3"),
    ),
    Exercise(
        id="army-after-battle",
        question="In its last battle Kish lost elements worth 96 AP. How many AP is Kish's "
                 "army worth in its next battle?",
        answer=lambda: _after(_first_to_choose("kish", battles="recorded"), "attack lagash",
                              "sacrifice", "sacrifice", "sacrifice",
                              "record none 30 96").armies[KISH].total_ap,
        hint="What happens to the armies once a battle is over?",
        explanation="Once a battle is over both armies are rebuilt at their size, every loss "
                    "recovered: 200 AP. Only a reorganization changes an army for good.",
        wrong=lambda: [104, 96, 0],
        rules=("P-BATTLE-1",),
    ),
    # Part 4 — inside the dice battle
    Exercise(
        id="general-factor",
        question="What is the combat factor of a general's element of blades, Reg Bd (F), in "
                 "the dice model?",
        answer=lambda: battle_form(ARMY)[0].factors[-1],
        hint="Start from the factor of blades; then the grade, then the general.",
        explanation="Blades 5; the grade F (fast) changes nothing; the general +1: 6.",
        wrong=lambda: [5, 7, 4],
        rules=("P-BATTLE-DICE-3",),
    ),
    Exercise(
        id="blade-beats-bow",
        question="A blade (Reg Bd (F)) meets a bow (Reg Bw (I)). Each rolls a die. Of the 36 "
                 "equally likely pairs of dice, in how many does the blade win?",
        answer=_blade_beats_bow,
        hint="Work out both factors first. How far ahead is the blade before the dice are "
             "rolled? Then count the pairs where the bow catches up.",
        explanation="The blade has 5, the inferior bow 2 − 1 = 1: the blade is 4 ahead. The "
                    "bow only draws with 1–5 and 2–6 and wins with 1–6: the blade wins the "
                    "other 33.",
        wrong=lambda: [30, 18, 35, 27],
        rules=("P-BATTLE-DICE-3",),
        predict=True,
    ),
    Exercise(
        id="who-meets-whom",
        question="In the first bound of a battle between two armies of the standard list, "
                 "whom does the invader's right wing meet?",
        answer=_first_meetings,
        kind="choice",
        options=lambda: [("same", "the defender's right wing"),
                         ("centre", "the defender's centre, with the C-in-C"),
                         ("random", "a command drawn at random")],
        hint="Read how the commands meet in the model: by what?",
        explanation="Commands meet by position: the first against the first, the second "
                    "against the second — so wing meets wing. Only when its opposite number "
                    "has left the field does a command fall on the enemy's first command still "
                    "there, with +1 for the overlap.",
        wrong=lambda: ["centre", "random"],
        rules=("P-BATTLE-DICE-2",),
    ),
    Exercise(
        id="centre-shatters",
        question="The centre has 14 ME. How many ME must it lose to be shattered and leave the "
                 "field?",
        answer=lambda: int(_shattered_at("centre")),
        hint="Disheartened at a quarter, broken at a third, shattered at …?",
        explanation="A command is shattered when it has lost half its ME: 7 of 14.",
        wrong=lambda: [14, 4, 5, 10],
        rules=("P-BATTLE-DICE-4",),
    ),
    Exercise(
        id="points-scored",
        question="In a battle Uruk loses 3 blades and 4 bows (no command shattered). How many "
                 "points did its enemy score?",
        answer=lambda: (3 * ARMY.troops_named("Reg Bd (F)").ap
                        + 4 * ARMY.troops_named(REORGANIZE_FROM).ap),
        hint="Each side scores what the enemy's lost elements cost. Find the cost of a blade "
             "and of a bow in the troops' table.",
        explanation="A blade costs 6 AP and a bow 4: 3 × 6 + 4 × 4 = 34 points.",
        wrong=lambda: [7, 28, 30, 42],
        rules=("P-BATTLE-DICE-6",),
    ),
    # Part 5 — sacrifices and reorganization
    Exercise(
        id="sacrifice-twice",
        question="Kish made sacrifices last turn and makes sacrifices again this turn, before "
                 "its next battle. How many dice may it reroll in that battle?",
        answer=lambda: int(_after(hold_kish(), "sacrifice").blessed[KISH]),
        hint="Does the god's favour add up?",
        explanation="One: the favour does not stack — a city that sacrifices again still has "
                    "one reroll for its next battle (our ruling R-P11).",
        wrong=lambda: [2, 0],
        rules=("P-SACRIFICE-1", "P-SACRIFICE-2"),
    ),
    Exercise(
        id="rerolls-both",
        question="Both sides made sacrifices before a battle, and the campaign plays the text's "
                 "rule, one reroll in a battle. At most how many dice are rerolled in that "
                 "battle?",
        answer=lambda: _max_rerolls("battle"),
        hint="Read the last sentence of the sacrifice rule again, word for word.",
        explanation="One: the first side to need it rerolls, and the other side's favour is "
                    "spent unused. A group that reads the rule as one reroll per side sets "
                    "reroll_limit=\"side\": then up to two.",
        wrong=lambda: [2, 0],
        rules=("P-SACRIFICE-2", "P-SACRIFICE-3"),
    ),
    Exercise(
        id="sacrifice-odds",
        question="Two equal armies fight many battles of the dice model. When the invader made "
                 "sacrifices, how much more often does the defender's army break?",
        answer=_sacrifice_odds,
        kind="choice",
        options=lambda: [("same", "about as often: one die hardly matters"),
                         ("few", "a few battles more in every hundred"),
                         ("twice", "about twice as often")],
        hint="One reroll changes one meeting of dozens. Can it still change a battle?",
        explanation="A few in every hundred (see the table): one reroll saves one element once, "
                    "and now and then that one element decides the battle.",
        wrong=lambda: ["same", "twice"],
        rules=("P-SACRIFICE-1", "P-BATTLE-DICE-7"),
        predict=True,
    ),
    Exercise(
        id="bows-after-two",
        question="Kish reorganizes its left wing twice, in two turns. How many bows are left in "
                 "the left wing?",
        answer=lambda: ARMY.reorganize("left").reorganize("left").command("left").count(
            REORGANIZE_FROM),
        hint="How many bows does one reorganization take, and how many does the wing start "
             "with?",
        explanation="Each reorganization swaps 4 bows for 1 blade; the wing starts with 8 "
                    "bows: none are left, and it cannot be reorganized a third time.",
        wrong=lambda: [4, 6, 2],
        rules=("P-REORG-1", "P-REORG-2"),
    ),
    Exercise(
        id="ap-after-reorganizing",
        question="How many AP is an army worth after one reorganization?",
        answer=lambda: ARMY.reorganize("centre").total_ap,
        hint="What do 4 bows cost, and what does 1 blade cost?",
        explanation="4 bows × 4 AP = 16 AP leave, 1 blade of 6 AP comes in: 200 − 16 + 6 = "
                    "190 AP. The army has fewer elements and 1 ME less, but more blades.",
        wrong=lambda: [200, 196, 184, 206],
        rules=("P-REORG-1",),
    ),
    # Part 6 — vassals and the end
    Exercise(
        id="won-for-overlord",
        question="Uruk is Kish's vassal. Uruk attacks Ur and breaks Ur's army. Whose vassal is "
                 "Ur now?",
        answer=lambda: _fate(vassal_attacks(), UR, "attack ur", "sacrifice", "sacrifice",
                             "sacrifice", "record defender 70 40"),
        kind="choice",
        options=lambda: [("kish", "Kish's"), ("uruk", "Uruk's"), ("free", "nobody's: Ur is "
                                                                          "free")],
        hint="Can a vassal have vassals of its own?",
        explanation="Kish's: a vassal that wins a battle makes more vassals for its overlord, "
                    "and is credited with them. Realms are flat: no vassal of a vassal.",
        wrong=lambda: ["uruk", "free"],
        rules=("P-VASSAL-2", "P-VASSAL-5"),
    ),
    Exercise(
        id="who-is-free",
        question="Kish rules Uruk and Ur. Lagash, independent, attacks Kish: no army breaks, "
                 "Lagash scores 60 points and Kish 40. Which cities are independent "
                 "afterwards?",
        answer=_who_is_free,
        kind="choices",
        options=_cities("kish", "lagash", "uruk", "ur"),
        hint="Kish is beaten, but is it broken? And what does being beaten do to Kish's "
             "vassals?",
        explanation="All four. Kish, beaten by an independent city, loses its vassals — Uruk "
                    "and Ur are free. Kish itself was the defender but its army did not break, "
                    "so it stays independent too.",
        wrong=lambda: [{"lagash", "uruk", "ur"}, {"lagash"}, {"kish", "lagash"}],
        rules=("P-VASSAL-3", "P-VASSAL-1"),
    ),
    Exercise(
        id="beaten-by-a-vassal",
        question="Kish rules Ur; Uruk is Lagash's vassal. Uruk attacks Kish: no army breaks, "
                 "Uruk scores 60 points and Kish 40. Is Ur free now?",
        answer=lambda: "yes" if _fate(pk.position({"ur": "kish", "uruk": "lagash"},
                                                  order=["uruk", "kish", "lagash", "ur"],
                                                  battles="recorded"), UR,
                                      "attack kish", "sacrifice", "sacrifice", "sacrifice",
                                      "record none 60 40") == "free" else "no",
        kind="choice",
        options=lambda: [("yes", "Yes: Kish was beaten"),
                         ("no", "No: Ur still serves Kish")],
        hint="Read who must beat an overlord to free its vassals.",
        explanation="No. Vassals go free when their overlord is beaten by another "
                    "independent city; Uruk is a vassal itself (our ruling R-P4).",
        wrong=lambda: ["yes"],
        rules=("P-VASSAL-3",),
    ),
    Exercise(
        id="follows-overlord",
        question="Ur is Uruk's vassal. Lagash attacks Uruk: Uruk's army breaks, and both sides "
                 "score 50 points. Whose vassal is Ur afterwards?",
        answer=lambda: _fate(vassal_defends(), UR, "attack uruk", "sacrifice", "sacrifice",
                             "sacrifice", "record defender 50 50"),
        kind="choice",
        options=lambda: [("uruk", "still Uruk's"), ("lagash", "Lagash's"),
                         ("free", "nobody's: Ur is free")],
        hint="Was Uruk beaten? If not, its vassals were not freed — and then where do they go "
             "when Uruk submits?",
        explanation="Lagash's. With equal points nobody is beaten, so Uruk keeps its vassal; "
                    "Uruk's army broke, so Uruk submits to Lagash — and brings Ur along.",
        wrong=lambda: ["uruk", "free"],
        rules=("P-VASSAL-5", "P-BATTLE-3"),
    ),
    Exercise(
        id="called-off",
        question="Ur is Uruk's vassal. This turn Lagash attacks Uruk, then Ur attacks Lagash. "
                 "In the first battle Uruk's army breaks (50 points each). What happens to Ur's "
                 "battle against Lagash?",
        answer=_called_off,
        kind="choice",
        options=lambda: [("fought", "It is fought as declared"),
                         ("called-off", "It is called off")],
        hint="After the first battle, whom do Ur and Lagash serve?",
        explanation="Uruk submitted to Lagash and brought Ur along: Ur now serves Lagash, and a "
                    "battle between two cities of one realm is called off — it could change "
                    "nothing.",
        wrong=lambda: ["fought"],
        rules=("P-ATTACK-6", "P-VASSAL-5"),
        predict=True,
    ),
    Exercise(
        id="winners",
        question="Kish rules Uruk and Ur; Uruk won Ur for Kish earlier. Now Kish breaks "
                 "Lagash's army, and the campaign is over. Who are the winners?",
        answer=_winners,
        kind="choices",
        options=_cities("kish", "lagash", "uruk", "ur"),
        hint="The overlord wins. Which vassals share the win?",
        explanation="Kish, the overlord of all, and Uruk, the vassal that made a vassal (Ur) "
                    "for it.",
        wrong=lambda: [{"kish"}, {"kish", "uruk", "ur"}, {"kish", "uruk", "ur", "lagash"}],
        rules=("P-END-1", "P-END-2"),
    ),
    # Part 7 — playing on the table
    Exercise(
        id="impossible-result",
        question="Lagash (invader) fought Ur on the table. Which of these results does the "
                 "engine refuse?",
        answer=_impossible_result,
        kind="choice",
        options=lambda: [(text, _result_label(text)) for text in RESULTS],
        hint="How much is an army worth, at most?",
        explanation="Ur's army is worth 200 AP: Lagash cannot have scored 250 points of it. A "
                    "day in which nobody lost anything, or both armies broke, can happen.",
        wrong=lambda: [text for text in RESULTS if text != "record defender 250 10"],
        rules=("P-BATTLE-2",),
    ),
    Exercise(
        id="orders-to-enter",
        question="At the start of a turn the order of activation is to be entered. How many "
                 "different orders of the four cities could the table have rolled?",
        answer=lambda: len(pk.legal_moves(enter_order())),
        hint="Any of the four may be first; then how many for second place?",
        explanation="4 × 3 × 2 × 1 = 24 orders: the engine accepts each of them, every city "
                    "once.",
        wrong=lambda: [4, 16, 12, 256],
        rules=("P-TURN-4", "P-SETUP-1"),
    ),
    # Part 8 — for programmers
    Exercise(
        id="avenues-kish-to-ur",
        question="How many avenues does the shortest way from Kish to Ur take? Reason it out, "
                 "then check with nx.shortest_path(cmap.graph, \"kish\", \"ur\").",
        answer=lambda: nx.shortest_path_length(pk.CampaignMap.standard().graph, "kish", "ur"),
        hint="Is there an avenue between Kish and Ur?",
        explanation="No direct avenue: Kish – Uruk – Ur (or Kish – Lagash – Ur), two avenues.",
        wrong=lambda: [1, 3],
        rules=("P-MAP-1",),
    ),
])
