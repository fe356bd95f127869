"""The coach: each move's chance of winning, the reasons for it, a review of a whole game,
and the luck in it — for every ruleset, over the engine contract, in pure Python (it runs in
the browser-only site as it runs in a notebook). docs/coach.md tells how each figure is made.

>>> from engine import coach, royal_ur
>>> state = royal_ur.position(pieces=3, light=[2, 6], dark=[5], throw=2)
>>> {move: round(chance, 3) for move, chance in coach.move_values(state).items()}
{'move 2': 0.594, 'move 6': 0.617}
>>> coach.explain(state, "move 6")[0]
'lands on the rosette d2: another throw'

- `move_values(state)` → ``{move text: chance}``: for each legal move, the chance that the
  player to move wins after it (Priest-Kings: is among the winners); `win_chance(state,
  player)`; `candidates(state)`: the best few moves with their chances and reasons (a bot
  saying why). A player's coach sees what that player may see (``player_view=True``).
- `explain(state, move, lang)` → the move's reasons, short sentences from the named terms of
  the ruleset's evaluation and what the move did, in English or Dutch (``words.json``).
- `review(game)` → a `Review`: every decision graded (`GRADES`, `THRESHOLDS`) against the
  coach's best move, each player's accuracy, the key moments, the chances along the game;
  it saves as plain data (`Review.to_dict` / `Review.from_dict`).
- `luck(game)` → for each player, its result split into start, luck, its own choices, the
  others' choices and what the coach could not explain.

Where the chances come from: the Royal Game of Ur's solved tables wherever one exists (the
shipped small games, any table solved in the session, the local cache's — the full 7-piece
game once built), the expert's expectimax search elsewhere; in the four modern games, the
expert's own evaluation of each move turned into a chance by curves fitted on expert
self-play (`calibration`).
"""

from engine.coach.calibration import Curve
from engine.coach.explain import explain
from engine.coach.luck import luck
from engine.coach.reading import Chances
from engine.coach.review import GRADES, THRESHOLDS, Decision, Review, grade, review
from engine.coach.values import Candidate, analyse, candidates, move_values, win_chance

__all__ = ["GRADES", "THRESHOLDS", "Candidate", "Chances", "Curve", "Decision", "Review",
           "analyse", "candidates", "explain", "grade", "luck", "move_values", "review",
           "win_chance"]
