"""The history of the visible layer: when and where the games are set, and the things the
notebooks describe — drawn by the project, as SVG, with nothing fetched when they are shown
and no matplotlib (so they draw in the browser-only site as well).

- `timeline(highlight=None, lang="en")`: the periods of Sumer (Ubaid to Old Babylonian) with
  their dates, each game's setting, and the objects and texts of the notebooks;
- `sumer_map(highlight=None, lang="en")`: the cities, the two rivers and the old shore of the
  Gulf, with a scale bar measured by the project's distance function;
- drawings of objects, each with its caption (what, where, when, and that it is a simplified
  drawing): `stele_of_the_vultures`, `standard_of_ur`, `worshipper_statues`, `clay_tablet`,
  `enmetena_cone`, `king_list_prism`, and the Royal Game of Ur's `royal_game_board`,
  `tetrahedral_die` and `rules_tablet`.

A game's setting (its years and its places) belongs to the game: the ``setting`` of its
``card.json``, read by `settings`. This package names no game: it finds them through their
cards.
"""

from sumer_widgets.history.atlas import sumer_map
from sumer_widgets.history.chronology import timeline
from sumer_widgets.history.objects import (
    clay_tablet,
    enmetena_cone,
    king_list_prism,
    royal_game_board,
    rules_tablet,
    standard_of_ur,
    stele_of_the_vultures,
    tetrahedral_die,
    worshipper_statues,
)
from sumer_widgets.history.setting import Setting, setting, settings

__all__ = ["Setting", "clay_tablet", "enmetena_cone", "king_list_prism", "royal_game_board",
           "rules_tablet", "setting", "settings", "standard_of_ur", "stele_of_the_vultures",
           "sumer_map", "tetrahedral_die", "timeline", "worshipper_statues"]
