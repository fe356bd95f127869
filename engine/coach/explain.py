"""Why a move is worth what it is: its reasons, one short sentence each, in the board's
language.

The ruleset's reader (``engine.coach.<ruleset>.reasons``) weighs what the move does — its
events (a capture, a rosette, a scoring) and how it changes the named terms of the ruleset's
own evaluation (`royal_ur.heuristic.terms`, `sumeria.heuristic.terms`, `tigris.expert.terms`,
`mesopotamia.expert.terms`, the terms of `priest_kings.expert.order_values`) — and the
strongest `MAX_REASONS` are told, strongest first, from ``words.json`` with the position's
values filled in ("captures Dark's piece on b2", "makes green, your weakest colour,
stronger"); a change too small to matter (below the reader's ``MIN_WEIGHT``) is not told. The
move is played on the position as the player to move sees it
(`inputs.seen`), so the reasons never tell what the player cannot know.
"""

from __future__ import annotations

from typing import Any

from engine.coach import inputs
from engine.coach.words import say

#: The most reasons told for one move.
MAX_REASONS = 3


def explain(state: Any, move: Any, lang: str = "en", *,
            player_view: bool = True) -> list[str]:
    """The reasons for `move`'s value in `state`, strongest first: short sentences whose
    subject is the move ("lands on the rosette d1: another throw").

    Raises:
        InvalidInput: `state` is not a state of one of the rulesets, the game is over, `move`
            is not a move of that game, or `lang` is not a language of the boards.
        IllegalMove: `move` is not legal in `state` (the rules' own reason).
    """
    rules = inputs.ruleset_of(state)
    inputs.live(state)
    lang = inputs.language(lang)
    sees = "player" if inputs.flag(player_view, "player_view") else "all"
    player = state.to_move
    read = inputs.seen(state, player, sees)
    move = inputs.move_in(rules, read, move)
    after, events = rules.apply(read, move)
    reader = inputs.coach_of(rules)
    found = [r for r in reader.reasons(read, move, after, events, player)
             if r.weight >= reader.MIN_WEIGHT]
    found.sort(key=lambda reason: -reason.weight)
    told: list[str] = []
    for reason in found:
        text = reason.message.describe(lang)
        if text not in told:
            told.append(text)
        if len(told) == MAX_REASONS:
            break
    return told or [say("common", "nothing").describe(lang)]
