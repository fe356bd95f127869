"""When and where each game is set: the ``setting`` of each game's ``card.json``.

A setting belongs to its game (the game's folder says what its game is about); the history
layer only reads it, through `sumer_widgets.games.card`, for every game registered in
`engine.core.RULESETS` — so a new game appears on the timeline and the map once its card has
a setting. A setting gives:

- ``from``, ``to``: the span of years it fits, negative for BC;
- ``stated``: whether the game's own text (or its finds, for an ancient game) gives that date —
  false where the span is the project's reading of what the game's contents fit;
- ``places``: ids of the gazetteer's ancient places the game is set in (none for a game that
  names no real place);
- ``note``: one or two sentences (``{lang: text}``) saying what the setting is and how sure
  that is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import RULESETS, InvalidInput, shown
from sumer_widgets.games import card
from sumer_widgets.history.drawing import language
from sumer_widgets.history.gazetteer import gazetteer
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


@dataclass(frozen=True)
class Setting:
    """One game's setting, checked. `start` and `end` are years (negative for BC)."""

    game: str
    title: str
    start: int
    end: int
    stated: bool
    places: tuple[str, ...]
    note: Mapping[str, str]
    titles: Mapping[str, str]

    def named(self, lang: str = "en") -> str:
        """The game's name in `lang` (its `title` where it has no translation)."""
        return self.titles.get(language(lang)) or self.title

    def say(self, lang: str = "en") -> str:
        """The note in `lang`, else in English."""
        return self.note.get(language(lang)) or self.note["en"]


def settings() -> dict[str, Setting]:
    """The setting of every registered game whose card has one, in `RULESETS` order."""
    return {game: _read(game) for game in RULESETS if card(game).setting is not None}


def setting(game: str, lang: str = "en") -> Setting:
    """The setting of `game`.

    Raises:
        InvalidInput: no such game, or its card has no setting.
    """
    the_card = card(game)
    if the_card.setting is None:
        raise InvalidInput(WORDS[language(lang)]["no_setting"].format(game=the_card.title))
    return _read(game)


def _read(game: str) -> Setting:
    the_card = card(game)
    data = the_card.setting
    start, end = data["from"], data["to"]
    if not (isinstance(start, int) and isinstance(end, int) and start <= end):
        raise ValueError(f"{game}'s card.json: setting from {shown(start)} to {shown(end)} "
                         "must be two whole years, the first not after the second")
    places = tuple(data["places"])
    ancient = {place.id for place in gazetteer().places.values() if place.kind == "ancient"}
    for place in places:
        if place not in ancient:
            raise ValueError(WORDS["en"]["unknown_place"].format(game=game, place=place))
    if "en" not in data["note"]:
        raise ValueError(f"{game}'s card.json: the setting's note needs an English text")
    return Setting(game, the_card.title, start, end, bool(data["stated"]), places,
                   dict(data["note"]), dict(the_card.titles))
