"""The history layer (sumer_widgets/history): the timeline, the map of Sumer and the drawings
of objects are valid SVG, readable (no letter under 12 px at 1280 px wide, a title and a
description for screen readers), name every period and every game's setting in English and
Dutch, mark the game asked for, and put the cities where the project's other maps put them."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.core import RULESETS, InvalidInput
from engine.priest_kings.board import CampaignMap
from engine.royal_ur import CELLS, ROSETTES
from sumer_widgets import games, history
from sumer_widgets.history import atlas, chronology, gazetteer, objects
from sumer_widgets.history.drawing import SMALLEST, WIDTH
from sumer_widgets.history.setting import settings
from sumer_widgets.palette import PARCHMENT, SELECTED
from tests.widgets.colour_vision import VISIONS, seen_difference

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "nl")
DRAWINGS = ("stele_of_the_vultures", "standard_of_ur", "worshipper_statues", "clay_tablet",
            "enmetena_cone", "king_list_prism", "royal_game_board", "tetrahedral_die",
            "rules_tablet")


def pictures(lang):
    yield "timeline", history.timeline(lang=lang)
    yield "map", history.sumer_map(lang=lang)
    for game in RULESETS:
        yield f"timeline {game}", history.timeline(highlight=game, lang=lang)
        yield f"map {game}", history.sumer_map(highlight=game, lang=lang)
    for name in DRAWINGS:
        yield name, getattr(history, name)(lang=lang)


def parsed(picture):
    return ET.fromstring(str(picture))


def texts(root):
    """Every line of lettering and the description, as one string."""
    return " ".join([*("".join(t.itertext()) for t in root.iter(f"{SVG}text")),
                     root.find(f"{SVG}desc").text])


@pytest.mark.parametrize("lang", LANGS)
def test_every_picture_is_svg_readable_at_1280_pixels_with_a_title_and_a_description(lang):
    for name, picture in pictures(lang):
        root = parsed(picture)
        assert root.tag == f"{SVG}svg" and root.get("role") == "img", name
        assert float(root.get("viewBox").split()[2]) == WIDTH, name
        assert root.find(f"{SVG}title").text.strip(), name
        assert len(root.find(f"{SVG}desc").text) > 100, name
        lettering = list(root.iter(f"{SVG}text"))
        assert lettering, name
        sizes = [float(t.get("font-size")) * 1280 / WIDTH for t in lettering]
        assert min(sizes) >= SMALLEST, f"{name}: a letter of {min(sizes)} px"
        # Drawn by the project and shown as it is: nothing to fetch, no embedded image.
        assert "<image" not in picture and "href" not in picture and "url(" not in picture


def test_the_smallest_letter_is_refused_when_drawn():
    from sumer_widgets.history.drawing import label
    with pytest.raises(ValueError):
        label(0, 0, "too small", 11)


@pytest.mark.parametrize("lang", LANGS)
def test_the_timeline_names_every_period_with_its_dates(lang):
    root = parsed(history.timeline(lang=lang))
    data = chronology._data()
    said = texts(root)
    names = {**chronology.PERIODS[lang], **chronology.PERIOD_NAMES[lang]}
    drawn = {g.get("data-period") for g in root.iter(f"{SVG}g") if g.get("data-period")}
    for period in data["periods"]:
        for part in [period, *period.get("parts", [])]:
            assert part["id"] in drawn
            assert names[part["id"]] in said
            assert f"{-part['from']}–{-part['to']}" in said
    for period in ("ubaid", "uruk", "jemdet_nasr", "early_dynastic", "akkad", "ur3"):
        assert period in drawn
    assert ("middle chronology" if lang == "en" else "middenchronologie") in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_timeline_and_the_map_name_every_games_setting(lang):
    line = history.timeline(lang=lang)
    chart = history.sumer_map(lang=lang)
    for game, setting in settings().items():
        span = f"{-setting.start}–{-setting.end}"
        root = parsed(line)
        bars = [g for g in root.iter(f"{SVG}g") if g.get("data-game") == game]
        lettering = texts(root)
        assert setting.named(lang) in lettering and span in lettering
        assert setting.say(lang) in lettering  # the whole note, in the description
        assert bars or game == "mesopotamia", game
        map_text = texts(parsed(chart))
        assert setting.named(lang) in map_text
        for place in setting.places:
            assert gazetteer.gazetteer().places[place].name in map_text


def test_a_translated_game_name_is_used_in_its_language():
    """The Royal Game of Ur is a name with a meaning, translated; a published game's name is
    not."""
    dutch = texts(parsed(history.timeline(highlight="royal_ur", lang="nl")))
    assert "Het Koninklijk Spel van Ur" in dutch and "The Royal Game of Ur" not in dutch
    assert "Het Koninklijk Spel van Ur" in texts(parsed(history.sumer_map(lang="nl")))
    assert "The Royal Game of Ur" in texts(parsed(history.timeline(lang="en")))
    assert "Tigris & Euphrates" in dutch


def test_every_registered_game_has_a_setting_that_its_own_data_agrees_with():
    found = settings()
    assert set(found) == set(RULESETS), "a game without a setting in its card.json"
    board = json.loads((ROOT / "engine" / "sumeria" / "data" / "standard.json")
                       .read_text(encoding="utf-8"))
    assert set(found["sumeria"].places) == {c["id"] for c in board["city_states"]}
    assert set(found["priest_kings"].places) == {c.id for c in CampaignMap.standard().cities}
    assert found["priest_kings"].start == -3000 and found["priest_kings"].stated
    assert not found["tigris"].places and not found["tigris"].stated
    assert found["mesopotamia"].end <= -4000
    for setting in found.values():
        assert setting.start < setting.end <= -1500
        assert setting.say("nl") != setting.say("en")


@pytest.mark.parametrize("lang", LANGS)
def test_highlight_marks_one_games_setting_on_the_timeline(lang):
    for game in RULESETS:
        root = parsed(history.timeline(highlight=game, lang=lang))
        setting = settings()[game]
        assert setting.say(lang) in texts(root)
        assert root.findall(f".//{SVG}rect[@class='highlight-band']")
        for group in root.iter(f"{SVG}g"):
            if group.get("data-game") is None:
                continue
            ringed = [r for r in group.iter(f"{SVG}rect") if r.get("stroke") == SELECTED]
            if group.get("data-game") == game:
                assert ringed and group.get("opacity") is None
            else:
                assert not ringed and group.get("opacity") == ".4"
    plain = parsed(history.timeline(lang=lang))
    assert not plain.findall(f".//{SVG}rect[@class='highlight-band']")


@pytest.mark.parametrize("lang", LANGS)
def test_highlight_rings_exactly_the_places_of_the_game_on_the_map(lang):
    for game in RULESETS:
        root = parsed(history.sumer_map(highlight=game, lang=lang))
        ringed = {g.get("data-place") for g in root.iter(f"{SVG}g")
                  if g.get("data-place") and g.find(f"{SVG}circle[@class='marked']") is not None}
        assert ringed == set(settings()[game].places), game
    plain = parsed(history.sumer_map(lang=lang))
    assert not plain.findall(f".//{SVG}circle[@class='marked']")
    # A game that names no place: the rivers it is named after are drawn strongly instead.
    rivers = parsed(history.sumer_map(highlight="tigris", lang=lang))
    widths = {p.get("stroke-width") for p in rivers.iter(f"{SVG}path") if p.get("data-river")}
    assert widths == {"5"}


def test_a_game_without_a_setting_or_an_unknown_game_or_language_is_refused(monkeypatch):
    for call in (lambda: history.timeline(highlight="chess"),
                 lambda: history.sumer_map(highlight="chess"),
                 lambda: history.timeline(lang="fr"),
                 lambda: history.sumer_map(lang="de"),
                 lambda: history.clay_tablet(lang="xx")):
        with pytest.raises(InvalidInput):
            call()
    card = games.card("tigris")
    bare = games.Card(**{**card.__dict__, "setting": None})
    monkeypatch.setattr("sumer_widgets.tigris.CARD", bare)
    with pytest.raises(InvalidInput, match="no setting"):
        history.timeline(highlight="tigris")
    assert "tigris" not in settings()


def test_the_maps_places_are_the_projects_coordinates():
    places = gazetteer.gazetteer().places
    campaign = CampaignMap.standard()
    for site in (*campaign.cities, *campaign.landmarks):
        assert (places[site.id].lat, places[site.id].lon) == (site.lat, site.lon), site.id
    # Larsa, from Pleiades (Tell as-Senkereh), between Uruk and Ur and east of both.
    larsa = places["larsa"]
    assert (larsa.lat, larsa.lon) == (31.28, 45.85)
    assert 20 < gazetteer.gazetteer().km("larsa", "uruk") < 30


def test_distances_measured_on_the_map_are_the_projects_distances():
    root = parsed(history.sumer_map())
    bar = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "scale-bar")
    per_km = float(bar.get("data-px-per-km"))
    where = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("data-place"):
            mark = group.find(f"{SVG}circle")
            if mark is not None:
                where[group.get("data-place")] = (float(mark.get("cx")), float(mark.get("cy")))
    campaign = CampaignMap.standard()
    kish_lagash = campaign.graph.edges["kish", "lagash"]["km"]
    assert kish_lagash == 212.7
    measured = math.dist(where["kish"], where["lagash"]) / per_km
    assert measured == pytest.approx(kish_lagash, rel=0.01)
    for a, b in (("uruk", "ur"), ("lagash", "ur"), ("kish", "uruk"), ("nippur", "eridu")):
        assert math.dist(where[a], where[b]) / per_km == pytest.approx(
            gazetteer.gazetteer().km(a, b), rel=0.01), (a, b)
    # The bar is 100 km of that scale, and the key says the Kish–Lagash figure.
    drawn = [r for r in bar.iter(f"{SVG}rect")][1:]
    assert sum(float(r.get("width")) for r in drawn) == pytest.approx(100 * per_km, abs=0.2)
    assert "212.7 km" in texts(root)


def test_the_map_says_its_rivers_and_shores_are_approximate_and_dates_the_old_shore():
    for lang, words in (("en", ("approximate", "3000 BC")), ("nl", ("bij benadering",
                                                                     "3000 v.Chr."))):
        said = texts(parsed(history.sumer_map(lang=lang)))
        assert all(word in said for word in words)
    root = parsed(history.sumer_map())
    assert {p.get("data-river") for p in root.iter(f"{SVG}path") if p.get("data-river")} == {
        "euphrates", "tigris"}
    sea = next(p for p in root.iter(f"{SVG}path") if p.get("class") == "gulf")
    assert sea.get("data-year") == "-3000"
    # Eridu and Ur stood near that shore; Basra, today's port, lies in the Gulf of 3000 BC.
    kinds = {g.get("data-place"): g.get("data-kind") for g in root.iter(f"{SVG}g")
             if g.get("data-place")}
    assert kinds["basra"] == "today" and kinds["eridu"] == "ancient"


@pytest.mark.parametrize("lang", LANGS)
def test_each_drawing_is_captioned_with_what_where_when_and_that_it_is_simplified(lang):
    expect = {"stele_of_the_vultures": ("Louvre", "AO 50", "2450", "Eannatum"),
              "standard_of_ur": ("British Museum", "1928,1010.3", "2600–2400"),
              "worshipper_statues": ("Tell Asmar", "40.156", "2900–2600", "Metropolitan"),
              "clay_tablet": ("Uruk", "3300–3200", "dingir"),
              "enmetena_cone": ("Louvre", "Mesalim", "2404–2375"),
              "king_list_prism": ("Ashmolean", "AN1923.444", "1800", "Eridu", "ETCSL"),
              "royal_game_board": ("British Museum", "120834", "2600–2400", "Woolley", "U 9000",
                                   "lapis lazuli", "B16742"),
              "tetrahedral_die": ("U 10478", "PG 800", "2600–2400", "lapis lazuli"),
              "rules_tablet": ("British Museum", "BM 33333B", "177/176", "Babylon",
                               "Itti-Marduk-balāṭu", "Finkel", "Pinches")}
    for name, facts in expect.items():
        said = texts(parsed(getattr(history, name)(lang=lang)))
        for fact in facts:
            assert fact in said, (name, fact)
        assert ("Sumer project" if lang == "en" else "Sumer-project") in said, name
        assert ("Source" if lang == "en" else "Bron") in said, name


@pytest.mark.parametrize("lang", LANGS)
def test_the_royal_game_of_urs_objects_say_they_are_drawings_after_the_object(lang):
    """A drawing of a real object says it is a drawing, made after what: not the object, and
    (the tablet, the prism) its writing spells nothing."""
    marks = {"en": ("not a copy", "spell nothing"), "nl": ("geen kopie", "spellen niets")}
    for name in ("royal_game_board", "rules_tablet", "king_list_prism"):
        said = texts(parsed(getattr(history, name)(lang=lang)))
        assert marks[lang][0] in said, name
    for name in ("rules_tablet", "king_list_prism"):
        assert marks[lang][1] in texts(parsed(getattr(history, name)(lang=lang))), name
    # The board's squares and rosettes are the game's (a flower of eight petals on each).
    assert set(ROSETTES) == objects.UR_ROSETTES
    drawn = {(row, col) for row in range(3) for col in range(8)} - objects.UR_GAP
    assert drawn == set(CELLS)
    root = parsed(history.royal_game_board(lang=lang))
    assert len(root.findall(f".//{SVG}ellipse")) == 8 * len(ROSETTES)


def test_the_tablet_says_it_is_drawn_and_translates_nothing_but_its_numbers_and_one_sign():
    said = texts(parsed(history.clay_tablet()))
    assert "not a real one" in said and "1, 2 and 3" in said and "'god'" in said


def test_the_meaning_of_a_mark_is_told_by_shape_and_words_not_by_colour_alone():
    root = parsed(history.timeline())
    for group in root.iter(f"{SVG}g"):
        if group.get("data-game"):
            bar = group.find(f"{SVG}rect")
            dashed = bar.get("stroke-dasharray") is not None
            assert dashed == (group.get("data-stated") == "false")
    # The colours that tell land, water and a game's bar apart stay apart in every vision.
    pairs = [(chronology.STATED, PARCHMENT), (atlas.RIVER, atlas.LAND), (atlas.SEA, atlas.LAND),
             (atlas.SHORE, atlas.SEA), (atlas.TODAY, atlas.SEA)]
    for a, b in pairs:
        assert min(seen_difference(a, b, vision) for vision in VISIONS) >= 10, (a, b)


def test_the_history_layer_draws_without_matplotlib():
    script = ("import sys; sys.modules['matplotlib'] = None\n"
              "from sumer_widgets import history\n"
              "for name in history.__all__:\n"
              "    if name[0].islower() and name not in ('setting', 'settings'):\n"
              "        assert '<svg' in getattr(history, name)()\n"
              "print('drawn')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "drawn" in done.stdout, done.stderr



def test_the_start_page_gives_the_distances_the_projects_map_measures():
    notebook = json.loads((ROOT / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8"))
    prose = " ".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "markdown")
    places = gazetteer.gazetteer()
    ancient = [p for p in places.places if places.places[p].kind == "ancient"]
    measured = {round(places.km(a, b)) for a in ancient for b in ancient if a < b}
    given = [int(km) for km in re.findall(r"(\d+) km", " ".join(prose.split()))]
    assert given and all(km in measured for km in given), given
    assert "213 km from Lagash and 228 km from Ur" in " ".join(prose.split())
    assert "150 kilomet" not in prose
