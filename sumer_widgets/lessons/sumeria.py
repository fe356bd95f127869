"""The Sumeria lesson (notebooks 01-sumeria and 01-sumeria-nl): exercises and board tasks.

Every answer is computed by the engine from the positions below; the notebooks only name the
exercises and tasks by id.
"""

from __future__ import annotations

from engine import sumeria
from engine.core import Game
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.tasks import Task, Tasks, missed, reached

BOARD = sumeria.Board.standard()
ROW = ["nippur", "umma", "kish", "lagash", "eridu", "ur", "larsa", "uruk"]


def city_state_name(cs_id: str) -> str:
    return BOARD.city_state(cs_id).name


# Positions -----------------------------------------------------------------------------------


def umma_second() -> sumeria.State:
    """Umma second in the row; Blue's trader in Nippur town 2 can reach Umma over Orange."""
    return sumeria.position(3, {"nippur.town2": 0, "nippur.village2": 1, "kish.city": 2},
                            row=ROW)


# Board tasks ---------------------------------------------------------------------------------


def _umma_first(game: Game) -> object:
    move = game.moves[0]
    row = game.state.row
    if not isinstance(move, sumeria.MoveTrader):
        return missed({"en": "that was not a move along a trade route: start again and move "
                             "one of your traders",
                       "nl": "dat was geen verplaatsing langs een handelsroute: begin opnieuw "
                             "en verplaats een van je handelaren"})
    if row[0] == "umma":
        return reached({"en": "Umma gained influence and swapped places with Nippur",
                        "nl": "Umma won invloed en wisselde van plaats met Nippur"})
    first = city_state_name(row[0])
    return missed({"en": f"{first} is still first: a trader must end its move in Umma, "
                         "a different city-state from the one it left",
                   "nl": f"{first} staat nog steeds eerst: een handelaar moet zijn beweging "
                         "in Umma eindigen, een andere stadstaat dan waar hij vertrok"})


TASKS = Tasks([
    Task(
        id="umma-first",
        ruleset="sumeria",
        goal={"en": "Move Blue's trader so that Umma becomes first in the row of importance.",
              "nl": "Verplaats de handelaar van Blauw zodat Umma vooraan in de rij komt."},
        start=umma_second,
        check=_umma_first,
        rules=("S-MOVE-2", "S-MOVE-3", "S-MOVE-5"),
        hint={"en": "Click Blue's trader in Nippur: which of its destinations lies in Umma?",
              "nl": "Klik op de handelaar van Blauw in Nippur: welke bestemming ligt in Umma?"},
        solution=("move nippur.town2 umma.village1",),
        misses=(("move nippur.town2 nippur.city",), ("add umma.town2",)),
        explanation={
            "en": "Blue jumps Orange's trader in Nippur village 2 and stops at the first empty "
                  "location, Umma village 1. It ended in another city-state, so Umma gains "
                  "influence: its tile swaps with Nippur's, the one to its left.",
            "nl": "Blauw springt over de handelaar van Oranje in Nippur dorp 2 en stopt op de "
                  "eerste lege plaats, Umma dorp 1. Hij eindigt in een andere stadstaat, dus "
                  "Umma wint invloed: zijn tegel wisselt met die van Nippur, links ervan."},
        options={"name": "task-umma-first"},
    ),
])


# Exercises -----------------------------------------------------------------------------------


def _reach_from_nippur() -> frozenset[str]:
    state = umma_second()
    return BOARD.reachable("nippur.town2", state.occupied)


EXERCISES = Exercises([
    Exercise(
        id="traders-after-setup",
        question={"en": "How many traders are on the board after the set-up of a 4-player "
                        "game?",
                  "nl": "Hoeveel handelaren staan er op het bord na de voorbereiding van een "
                        "spel met vier spelers?"},
        answer=lambda: 4 * sumeria.INITIAL_TRADERS[4],
        hint={"en": "Each player places the same number of traders before the first turn.",
              "nl": "Elke speler zet hetzelfde aantal handelaren neer voor de eerste beurt."},
        explanation={"en": "Each of the four players places five traders: 4 × 5.",
                     "nl": "Elk van de vier spelers zet vijf handelaren neer: 4 × 5."},
        wrong=lambda: [5, 40, 4 * sumeria.TRADERS[4]],
        rules=("S-SETUP-1", "S-SETUP-6"),
    ),
    Exercise(
        id="reach-from-nippur",
        question={"en": "Blue's trader stands in Nippur town 2, Orange's in Nippur village 2. "
                        "Where can Blue's trader go?",
                  "nl": "De handelaar van Blauw staat in Nippur stad 2, die van Oranje in "
                        "Nippur dorp 2. Waar kan de handelaar van Blauw naartoe?"},
        answer=_reach_from_nippur,
        kind="choices",
        options=lambda: [(loc, {"en": BOARD.label(loc, "en"), "nl": BOARD.label(loc, "nl")})
                         for loc in ("nippur.city", "nippur.village2", "umma.village1",
                                     "umma.town1", "kish.village1")],
        hint={"en": "A trader jumps occupied locations and stops at the first empty one, in "
                    "either direction along its route.",
              "nl": "Een handelaar springt over bezette plaatsen en stopt op de eerste lege, "
                    "in beide richtingen langs zijn route."},
        explanation={"en": "Towards Nippur the next location, the city, is empty. The other "
                           "way it jumps Orange and stops at Umma village 1.",
                     "nl": "Richting Nippur is de volgende plaats, de hoofdstad, leeg. De "
                           "andere kant op springt hij over Oranje en stopt in Umma dorp 1."},
        wrong=lambda: [{"nippur.village2"}, {"umma.village1"}, {"nippur.city"},
                       {"nippur.city", "umma.village1", "umma.town1"}],
        rules=("S-MOVE-1", "S-MOVE-2", "S-MOVE-3"),
        predict=True,
    ),
])
