"""Mesopotamia's values read as sentences and small pictures: fields in words, every move and
event without notation, mana tracks, sacrifice markers and hands as the viewer may see them."""

from __future__ import annotations

import re

import pytest

from engine import mesopotamia as meso
from engine.bots import RandomBot
from engine.mesopotamia.board import distance
from engine.mesopotamia.state import NATIVES
from sumer_widgets.display import attempt, picture_options, show
from sumer_widgets.mesopotamia import readers
from sumer_widgets.mesopotamia.lesson import POSITIONS, start

rules = pytest.mark.rules

#: What a learner should never read: a field's coordinates, a native's notation, "(s)".
NOTATION = re.compile(r"-?\d+,-?\d+|\((\.|[LSMm][\d?]?!?)\)|\w\((s|en)\)|\bNone\b|[{}]")


def test_every_field_has_its_own_name():
    names = {}
    for q in range(-5, 6):
        for r in range(-5, 6):
            if 0 < distance((q, r), (0, 0)) <= 5:
                said = readers.where((q, r))
                assert said not in names, f"{(q, r)} and {names[said]} are both {said!r}"
                names[said] = (q, r)
    assert readers.field_name("0,0") == "the temple place"


def test_the_start_reads_as_the_rulebook_describes_it():
    state = meso.new_state(3, seed=1)
    said = {f: readers.field_name(f, state) for f in ("0,-1", "0,1", "1,-1", "1,0", "-1,0")}
    assert said == {"0,-1": "the volcano north of the temple",
                    "0,1": "the volcano south of the temple",
                    "1,-1": "the forest north-east of the temple",
                    "1,0": "the quarry south-east of the temple",
                    "-1,0": "the plain north-west of the temple"}
    assert readers.field_name("-2,1", state) == "the empty place 2 fields west of the temple"
    assert readers.field_name("1,-1", state, "nl") == "het bos ten noordoosten van de tempel"
    assert readers.where((3, -1)) == "2 fields south-east and 1 field north-east of the temple"


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_legal_move_of_the_lesson_positions_reads_without_notation(name):
    state = POSITIONS[name]()
    if state.is_over:
        return
    for move in meso.legal_moves(state):
        for lang in ("en", "nl"):
            for said in (readers.move_text(move, state, lang),
                         readers.move_text(move, state, lang, player=state.to_move),
                         readers.move_text(move, None, lang)):
                assert not NOTATION.search(said), f"{move}: {said}"


def test_a_random_game_is_told_without_notation():
    game = meso.new_game(3, seed=4)
    bot = RandomBot(4)
    while not game.is_over and len(game.moves) < 600:
        game.play(bot.choose(game.state.view(game.to_move)))
    kinds = set()
    for ply, (_, events) in enumerate(game.log):
        after = game.history[ply + 1]
        for event in events:
            kinds.add(type(event).__name__)
            for lang in ("en", "nl"):
                said = readers.event_text(event, after, lang)
                assert not NOTATION.search(said), f"{event}: {said}"
    assert {"NativeMoved", "FieldDiscovered", "GoodsPlaced", "TurnStarted"} <= kinds


def test_attempt_tells_mesopotamia_in_words_and_draws_the_map_alone():
    game = start("walkers")
    tried = attempt(game, "go -1,0 . 1,-1")
    assert repr(tried) == ("Blue moves a native from the plain north-west of the temple to the "
                           "forest north-east of the temple (2 points).")
    page = tried._repr_html_()
    assert 'class="mesopotamia-board"' in page and 'data-player="0"' not in page
    assert 'data-player="0"' in str(show(meso.Game(game.state)))  # the panel, elsewhere
    picture_options(game, panel=True)
    assert 'data-player="0"' in str(show(game))


def test_a_stone_at_the_temple_shows_the_mana_track_before_and_after():
    page = attempt(start("builders"), "drop 0,0 S", picture=False)._repr_html_()
    assert "maximum mana 4, mana 2" in page
    assert page.count('data-max="3"') == 1 and page.count('data-max="4"') == 1
    track = str(readers.mana_track(start("builders").state, 0))
    assert "Blue: mana 1 of a maximum 3" in track and track.count('data-mana="1"') == 1


@rules("M-HIDDEN-1", "M-HUT-3")
def test_sacrifice_markers_and_hands_show_only_what_the_viewer_may_see():
    state = POSITIONS["hand"]()
    assert readers.marker_places(state, 1, "all")[0] == ("4", "under_hut")
    assert readers.marker_places(state, 1, 0)[0] == ("?", "under_hut")
    assert readers.marker_places(state, 1, 1)[0] == ("4", "under_hut")
    seen_by_red = repr(readers.hands(state, viewer=1))
    assert "8 hidden" in seen_by_red and "Stamina" not in seen_by_red
    assert "Stamina (3 more movement points this turn)" in repr(readers.hands(state, viewer=0))
    picture = str(readers.sacrifices(state, viewer=0))
    assert picture.count('data-marker="under_hut"') == 1 and ">?<" in picture


def test_the_end_and_the_tables_read_as_sentences():
    game = start("last-marker")
    attempt(game, "go -1,0 M7 0,0")
    assert readers.winners_text(game.state) == "Blue placed all four sacrifice markers and won."
    assert readers.summary_text(start("walkers").state) == (
        "Round 2, Blue's turn: phase I, movement — 5 movement points left.")
    table = repr(readers.natives_table(start("walkers").state, 0))
    assert "the plain north-west of the temple  2" in table and "lumber" in table
    piles = readers.piles_text(start("hand", no_reshuffle=True).state)
    assert piles.startswith("The deck holds 10 cards and the discard pile 0, 0 out of the game")
    assert repr(piles) == str(piles)  # shown as a sentence, not a quoted Python string
    assert str(readers.piles_text(start("hand").state, "nl")).startswith(
        "De trekstapel telt 10 kaarten en de aflegstapel 0; ")
    assert readers.winners_text(start("walkers").state, "nl") == "Het spel is nog niet afgelopen."
    walkers = start("walkers").state
    on_map = walkers.natives_of(0)
    assert readers.natives_table(walkers, 0, "nl").caption == (
        f"Inboorlingen van Blauw: {on_map} op de kaart, {NATIVES - on_map} in voorraad")


@rules("M-CARD-LAND-1")
def test_the_land_cards_choice_reads_with_its_article():
    """Its sentence has a {kind} slot: told in both languages, with the kind's own article."""
    for move, en, nl in (("choose forest", "Choose the forest (Land card)",
                          "Kies het bos (kaart Land)"),
                         ("choose quarry", "Choose the quarry (Land card)",
                          "Kies de steengroeve (kaart Land)")):
        assert readers.move_text(meso.parse_move(move)) == en
        assert readers.move_text(meso.parse_move(move), None, "nl") == nl
    assert readers.move_text(meso.parse_move("choose plain"), player=0) == (
        "Blue chooses the plain (Land card)")


@rules("M-CARD-TELEPORT-2", "M-CARD-EXPULSION-2")
def test_what_a_card_moves_reads_in_either_language():
    state = POSITIONS["hand"]()
    told = {str(move): (readers.move_text(move, state), readers.move_text(move, state, "nl"))
            for move in meso.legal_moves(state) if isinstance(move, meso.PlayCard) and move.to}
    en, nl = zip(*told.values())
    assert any("Red's native carrying a stone from" in line for line in en)
    assert any("de steen die een inboorling van Rood draagt" in line for line in nl)
    assert any("Red's hut (with its sacrifice marker)" in line for line in en)
    assert any("de hut van Rood (met zijn offermarker)" in line for line in nl)
