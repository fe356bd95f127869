"""The variant laboratory's lesson (notebook 08-variant-lab): predictions made before the
games are played.

Each exercise is a prediction (``predict=True``) about one house rule's effect; its answer is
what the notebook's own games show — the study at the notebook's sizes
(`sumer_widgets.variantlab.lab.default_verdicts`, played once a process), read as the intervals of
the paired differences allow: more, less, the same, or these games cannot tell. So the answer
follows the games if the bots or the sizes change, and the choices always include "these games
cannot tell". The learner commits in part 1 (or 3); the games are played and read in the
following part.

Parts and their exercises:

1. the Royal Game of Ur without an extra throw on a rosette — `ur-length`, `ur-edge`,
   `ur-luck`;
3. Sumeria with a linear scoring table — `sumeria-length`, `sumeria-edge`.
"""

from __future__ import annotations

from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.tasks import Tasks
from sumer_widgets.variantlab.lab import default_verdicts

#: The notebook's two studies: (game, house rule).
UR = ("royal_ur", "no-rosette-throw")
SUMERIA = ("sumeria", "linear-scoring")
#: The choices of a prediction, by measure.
CHOICES = {"length": ("more", "less", "cannot tell"), "edge": ("more", "less", "cannot tell"),
           "luck": ("more", "less", "cannot tell")}
#: Sumeria's rounds are fixed by the rules: its length choices.
FIXED_LENGTH = ("more", "less", "same")


def _verdict(which: tuple[str, str], measure: str) -> str:
    found = default_verdicts(*which)[measure]
    return "cannot tell" if found == "too few" else found


def _prediction(ex_id: str, which: tuple[str, str], measure: str, rules: tuple[str, ...],
                choices: tuple[str, ...]) -> Exercise:
    return Exercise(
        id=ex_id,
        answer=lambda: _verdict(which, measure),
        kind="choice",
        options=lambda: list(choices),
        wrong=lambda: [c for c in choices if c != _verdict(which, measure)],
        rules=rules,
        predict=True,
    )


EXERCISES = Exercises([
    _prediction("ur-length", UR, "length", ("U-OPT-ROSETTE-1", "U-TURN-1"), CHOICES["length"]),
    _prediction("ur-edge", UR, "edge", ("U-OPT-ROSETTE-1", "U-SETUP-1"), CHOICES["edge"]),
    _prediction("ur-luck", UR, "luck", ("U-OPT-ROSETTE-1",), CHOICES["luck"]),
    _prediction("sumeria-length", SUMERIA, "length", ("S-OPT-SCORING-1",), FIXED_LENGTH),
    _prediction("sumeria-edge", SUMERIA, "edge", ("S-OPT-SCORING-1", "S-SETUP-5"),
                CHOICES["edge"]),
], words=__file__)

TASKS = Tasks()
