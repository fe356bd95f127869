"""Bots that play any ruleset through the engine contract alone.

A bot sees only a view (``state.view(player)``) and answers with one of the view's legal moves.
Where it looks ahead it first *determinizes* the view — fills in what the player cannot see
(the order of a bag, other players' hands) at random — through the ruleset's ``determinize``.

- `RandomBot`: a uniformly random legal move.
- `GreedyBot`: one ply: the move after which the ruleset's ``evaluate`` (a documented
  heuristic in each ruleset) is best for the bot; ties broken at random.
- `ExpertBot`: the ruleset's own player, ``engine/<ruleset>/expert.py``: heuristics that name
  the rules they exploit, as a decent human plays; with `blunder` it sometimes plays at random
  instead (the boards' easier levels).
- `MCTSBot`: Monte Carlo tree search (UCT) with random playouts by the ruleset's fast
  ``random_playout``. With hidden information it is single-observer information-set MCTS: a new
  determinization each iteration, and a child is only considered where its move is legal.

Every bot takes a `seed`; with the same seed and the same views it makes the same choices.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from typing import Any

from engine.core import InvalidInput, fresh_seed, make_rng, parse_whole, rules_of, shown

__all__ = ["LEVELS", "LEVEL_BLUNDERS", "Bot", "ExpertBot", "GreedyBot", "MCTSBot", "RandomBot",
           "bot_for_level", "make_bot"]


class Bot:
    """Base of the bots: `choose(view)` returns a legal move for ``view.to_move``."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.seed = fresh_seed() if seed is None else seed
        self.rng = make_rng(self.seed, "bot", self.name)

    def choose(self, view: Any) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def _legal(view: Any) -> tuple[Any, list[Any]]:
    rules = rules_of(view)
    if view.is_over:
        raise InvalidInput("the game is over: there is no move to choose")
    moves = rules.legal_moves(view)
    if not moves:
        raise InvalidInput(f"no legal move in {view.summary()}")
    return rules, moves


class RandomBot(Bot):
    """Chooses uniformly among the legal moves: ``moves[rng.randrange(len(moves))]``.

    That is also how the rulesets' fast ``random_playout`` draws, so a `RandomBot` seated
    everywhere with one generator plays exactly the game the fast path plays.
    """

    name = "random"

    def choose(self, view: Any) -> Any:
        _, moves = _legal(view)
        return moves[self.rng.randrange(len(moves))]


class GreedyBot(Bot):
    """Looks one move ahead and takes the move the ruleset's ``evaluate`` likes best."""

    name = "greedy"

    def choose(self, view: Any) -> Any:
        rules, moves = _legal(view)
        if len(moves) == 1:
            return moves[0]
        player = view.to_move
        state = rules.determinize(view, self.rng)
        best: list[Any] = []
        best_value = -math.inf
        for move, value in zip(moves, _move_values(rules, state, moves, player)):
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value >= best_value - 1e-9:
                best.append(move)
        return best[self.rng.randrange(len(best))]


def _move_values(rules: Any, state: Any, moves: list[Any], player: int) -> list[float]:
    """``rules.evaluate(rules.apply(state, move)[0], player)`` for each move — by the
    ruleset's quicker ``evaluate_moves`` or ``successor`` where it has one (the same values:
    the moves are legal, so nothing needs checking or telling)."""
    quick = getattr(rules, "evaluate_moves", None)
    if quick is not None:
        return quick(state, moves, player)  # type: ignore[no-any-return]
    successor = getattr(rules, "successor", None)
    if successor is not None:
        return [rules.evaluate(successor(state, move), player) for move in moves]
    return [rules.evaluate(rules.apply(state, move)[0], player) for move in moves]


class ExpertBot(Bot):
    """Plays as the ruleset's ``expert.choose(view, moves, rng)`` says; with probability
    `blunder` (0 to 1) a uniformly random legal move instead."""

    name = "expert"

    def __init__(self, seed: int | None = None, blunder: float = 0.0):
        if isinstance(blunder, bool) or not isinstance(blunder, (int, float)) or not (
                0.0 <= blunder <= 1.0):
            raise InvalidInput(f"blunder must be a chance from 0 to 1, not {shown(blunder)}")
        super().__init__(seed)
        self.blunder = float(blunder)

    def __repr__(self) -> str:
        extra = f", blunder={self.blunder:g}" if self.blunder else ""
        return f"ExpertBot(seed={self.seed}{extra})"

    def choose(self, view: Any) -> Any:
        rules, moves = _legal(view)
        if len(moves) == 1:
            return moves[0]
        if self.blunder and self.rng.random() < self.blunder:
            return moves[self.rng.randrange(len(moves))]
        expert = importlib.import_module(f"{rules.__name__}.expert")
        return expert.choose(view, moves, self.rng)


class _Node:
    __slots__ = ("available", "children", "move", "parent", "player", "reward", "visits")

    def __init__(self, parent: _Node | None, move: Any, player: int | None):
        self.parent = parent
        self.move = move
        self.player = player  # who chose `move`
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


#: The most iterations (and playout decisions) an MCTS bot may be given: a few minutes a move
#: already, so that a mistyped budget is refused rather than run for days.
MAX_BUDGET = 1_000_000


class MCTSBot(Bot):
    """UCT with random playouts; `iterations` playouts per decision.

    Rewards are each player's share of the win (1 for a sole winner, 1/k for k sharing it);
    a node is valued for the player who made its move, so the search works for any number of
    players. A playout stops after `horizon` decisions if the game has not ended (some games
    run to thousands of moves under random play); the players the ruleset's ``evaluate`` then
    rates best share the reward.
    """

    name = "mcts"

    def __init__(self, iterations: int = 200, seed: int | None = None,
                 exploration: float = 1.0, horizon: int = 500):
        for label, value in (("iterations", iterations), ("horizon", horizon)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= (
                    MAX_BUDGET):
                raise InvalidInput(f"{label} must be a whole number from 1 to {MAX_BUDGET:,}, "
                                   f"not {shown(value)}")
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.horizon = horizon

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations}, seed={self.seed})"

    def choose(self, view: Any) -> Any:
        rules, moves = _legal(view)
        if len(moves) == 1:
            return moves[0]
        root = _Node(None, None, None)
        rng = self.rng
        for _ in range(self.iterations):
            state = rules.determinize(view, rng)
            node = root
            # Selection and expansion: descend while every legal move has been tried.
            while not state.is_over:
                legal = rules.legal_moves(state)
                # Each legal move's child, looked up once (a move's hash is not free).
                get = node.children.get
                kids = [get(m) for m in legal]
                untried = [m for m, kid in zip(legal, kids) if kid is None]
                if untried:
                    move = untried[rng.randrange(len(untried))]
                    child = _Node(node, move, state.to_move)
                    node.children[move] = child
                    for kid in kids:
                        if kid is not None:
                            kid.available += 1
                    child.available += 1
                    state, _ = rules.apply(state, move)
                    node = child
                    break
                for kid in kids:
                    kid.available += 1
                node = self._select(kids)
                state, _ = rules.apply(state, node.move)
            final = rules.random_playout(state, rng, None, self.horizon)
            shares = _shares(final, rules)
            while node is not None:
                node.visits += 1
                if node.player is not None:
                    node.reward += shares[node.player]
                node = node.parent
        best = max(root.children.values(), key=lambda c: (c.visits, c.reward))
        return best.move

    def _select(self, kids: Sequence[_Node]) -> _Node:
        """The child of the legal moves (in their order) with the best UCT value."""
        best, best_value = None, -math.inf
        exploration, log, sqrt = self.exploration, math.log, math.sqrt
        for child in kids:
            value = child.reward / child.visits + exploration * sqrt(
                log(max(child.available, 1)) / child.visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best


def _shares(final: Any, rules: Any) -> list[float]:
    """Each player's share of the win; past the horizon, of the best evaluation."""
    if final.is_over:
        winners = final.winners()
    else:
        values = [rules.evaluate(final, p) for p in range(final.players)]
        best = max(values)
        winners = {p for p, v in enumerate(values) if v >= best - 1e-9}
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in range(final.players)]


BOTS = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot, "mcts": MCTSBot}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from a short spec: ``"random"``, ``"greedy"``, ``"expert"``, ``"mcts"`` or
    ``"mcts:500"``.

    Raises:
        InvalidInput: an unknown bot name or a malformed budget.
    """
    if isinstance(spec, Bot):
        return spec
    name, _, budget = str(spec).partition(":")
    if name not in BOTS:
        raise InvalidInput(f"unknown bot {shown(spec)}; choose from {', '.join(BOTS)} "
                           "(mcts takes a budget, e.g. mcts:500)")
    if budget:
        iterations = parse_whole(budget)
        if name != "mcts" or iterations is None or iterations < 1:
            why = "its budget is" if name == "mcts" else "only mcts takes a budget,"
            raise InvalidInput(f"bad bot spec {shown(spec)}: {why} a whole number of "
                               "iterations such as mcts:500")
        return MCTSBot(iterations, seed=seed)
    return BOTS[name](seed=seed)



#: The opponents a teacher chooses on a board, weakest first: each is the ruleset's expert,
#: careless with this chance (a random legal move instead of its own). Measured per ruleset in
#: benchmarks/results/ladder-<ruleset>.json and docs/teachers.md: the careless expert of "easy"
#: still beats random play most of the time, but a learner who thinks wins; "hard" is the expert
#: at full strength (a move well under a second on one core).
LEVEL_BLUNDERS = {"easy": 0.6, "medium": 0.25, "hard": 0.0}
LEVELS = tuple(LEVEL_BLUNDERS)


def bot_for_level(ruleset: str, level: str, seed: int | None = None) -> Bot:
    """The bot a board seats for a difficulty `level` of `LEVELS` in `ruleset`.

    Raises:
        InvalidInput: an unknown ruleset or level.
    """
    rules_of(ruleset)
    if level not in LEVEL_BLUNDERS:
        raise InvalidInput(f"unknown level {shown(level)}; choose from {', '.join(LEVELS)}")
    return ExpertBot(seed=seed, blunder=LEVEL_BLUNDERS[level])
