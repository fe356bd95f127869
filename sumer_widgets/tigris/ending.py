"""Why a Tigris & Euphrates game was won: the score, and the tie-break that decided.

A player's score is their lowest colour once the treasures are added; equal scores go to the
next-lowest colour, then the next, and so on, and a complete tie is shared (T-SCORE-2). The
engine ranks the players by comparing these vectors (`engine.tigris.scoring.final_vector`);
here they are said in words wherever a game's end is told — the picture's status line, the
readers' `Winners`, the board's log and its prompt — so that "Bull 3, Urn 3. Bull wins." always
comes with its reason ("…the next-lowest colour decides: Bull 4, Urn 3").

Limits: players whose points are hidden take no part (as in `final_winners`); the words are
English and Dutch (``words.<lang>.toml``, table ``WORDS`` of this module).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tigris.scoring import final_vector
from engine.tigris.state import player_name
from sumer_widgets.display import listed
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


@dataclass(frozen=True)
class Decision:
    """How the players' final vectors ranked them.

    ``tied``: the players sharing the highest score; ``steps``: each colour beyond the lowest
    that the tie went on to, as ``(place, {player: that colour})`` (place 1 is the next-lowest);
    ``winners``: who won.
    """

    vectors: dict[int, tuple[int, ...]]
    tied: tuple[int, ...]
    steps: tuple[tuple[int, dict[int, int]], ...]
    winners: tuple[int, ...]

    @property
    def score(self) -> int:
        return self.vectors[self.tied[0]][0]

    @property
    def by_tie_break(self) -> bool:
        """Whether equal scores were decided by a later colour."""
        return len(self.tied) > 1 and len(self.winners) == 1

    @property
    def place(self) -> int:
        """The colour (1 next-lowest, 2 third-lowest, 3 highest) that decided the tie."""
        return self.steps[-1][0] if self.steps else 0


def decide(influence: Sequence[Sequence[int] | None], treasures: Sequence[int]) -> Decision:
    """Rank the players by their final vectors, keeping each step of the tie-break."""
    vectors = {p: final_vector(points, treasures[p]) for p, points in enumerate(influence)
               if points is not None}
    best = max(v[0] for v in vectors.values())
    tied = tuple(p for p, v in vectors.items() if v[0] == best)
    left = list(tied)
    steps = []
    for place in range(1, 4):
        if len(left) < 2:
            break
        values = {p: vectors[p][place] for p in left}
        steps.append((place, values))
        top = max(values.values())
        left = [p for p in left if values[p] == top]
    return Decision(vectors, tied, tuple(steps), tuple(left))


def _names(players: Sequence[int], lang: str) -> str:
    return listed([player_name(p, lang) for p in players], lang)


def why(decision: Decision, lang: str = "en") -> str:
    """The winners and why, in one or two sentences: "Bull and Urn both score 3, so the tie
    goes to the next-lowest colour: Bull 4, Urn 3. Bull wins." """
    w = _w(lang)
    winners = _names(decision.winners, lang)
    verdict = w["win" if len(decision.winners) == 1 else "share"].format(names=winners)
    if len(decision.tied) == 1:
        return w["highest"].format(names=winners, n=decision.score)
    both = w["both" if len(decision.tied) == 2 else "all"]
    said = w["tied"].format(names=_names(decision.tied, lang), both=both, n=decision.score)
    steps = []
    for place, values in decision.steps:
        shown = ", ".join(f"{player_name(p, lang)} {v}" for p, v in values.items())
        steps.append(w["step" if not steps else "then"].format(colour=w["places"][place],
                                                               values=shown))
    if len(decision.winners) > 1:
        after = ", ".join(map(str, decision.vectors[decision.winners[0]]))
        return f"{said}{w['equal'].format(vector=after)} {verdict}"
    return f"{said}{''.join(steps)}. {verdict}"


def short(decision: Decision, lang: str = "en") -> str:
    """The winners in a few words, for a status line: "Bull wins on the next-lowest colour"."""
    w = _w(lang)
    names = _names(decision.winners, lang)
    if len(decision.winners) > 1:
        return w["share_short"].format(names=names)
    if decision.by_tie_break:
        return w["wins_on"].format(names=names, colour=w["places"][decision.place])
    return w["wins_short"].format(names=names)


def why_state(state: object, lang: str = "en") -> str:
    """`why` for a finished (or ongoing) state's points and treasures."""
    return why(decide(state.influence, state.treasures_taken), lang)  # type: ignore[attr-defined]


__all__ = ["Decision", "decide", "short", "why", "why_state"]
