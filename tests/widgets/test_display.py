"""How engine values read in a notebook: a tried move shows its events and the board, a refused
one a single line with its reason and rule, and nothing raises."""

from __future__ import annotations

from engine import sumeria
from engine.core import IllegalMove
from sumer_widgets.display import Refusal, attempt, attempts, show, told

rules = __import__("pytest").mark.rules


def test_a_legal_attempt_plays_the_move_and_shows_events_and_the_board():
    game = sumeria.new_game(players=3, seed=1)
    tried = attempt(game, "place kish.city")
    assert tried.legal and len(game.moves) == 1
    page = tried._repr_html_()
    assert "places a trader in Kish city" in page and "<svg" in page
    assert "Kish city" in repr(tried)


def test_a_refused_attempt_is_one_line_and_leaves_the_game_unchanged():
    game = sumeria.new_game(players=3, seed=1)
    attempt(game, "place kish.city")
    before = game.state
    tried = attempt(game, "place kish.city", lang="nl")
    assert not tried.legal and game.state is before and len(game.moves) == 1
    line = repr(tried)
    assert line.startswith("✗ Geweigerd:") and "\n" not in line
    assert "Traceback" not in tried._repr_html_() and "<svg" not in tried._repr_html_()
    assert "not valid" in repr(attempt(game, "fly kish.city")) or "unknown" in repr(
        attempt(game, "fly kish.city"))


def test_a_refusal_names_its_rule_with_a_link_to_the_catalogue():
    line = Refusal(IllegalMove("Kish city is occupied", rule="S-SETUP-7"))
    assert repr(line) == "✗ Refused: Kish city is occupied (rule S-SETUP-7)"
    page = line._repr_html_()
    assert 'href="../docs/rules/sumeria.md"' in page and "at most one trader" in page


def test_attempts_stop_at_the_first_refusal_and_show_the_last_board():
    game = sumeria.new_game(players=3, seed=1)
    tried = attempts(game, ["place kish.city", "place kish.city", "place ur.city"])
    assert not tried.legal and len(game.moves) == 1


def test_show_and_told_read_as_pictures_and_sentences():
    game = sumeria.new_game(players=3, seed=1)
    events = game.play("place kish.city")
    assert show(game).startswith("<svg") and show(game.state, lang="nl") != show(game.state)
    assert repr(told(events)) == events[0].describe("en")
    assert repr(told([])) == "Nothing happened."


def test_a_ruleset_context_draws_a_game_with_its_history_and_a_teller_may_leave_events_out():
    from engine import priest_kings as pk
    from sumer_widgets.display import Sentence, game_context
    from sumer_widgets.priest_kings import readers  # noqa: F401 - registers the context

    game = pk.new_game(seed=2024)
    assert set(game_context(game)) == {"events", "initial_armies"}
    tried = attempt(game, "attack kish")
    # The map after the move draws the attack declared, from the game's events.
    assert "attacks Kish" in tried._repr_html_() and 'data-order-row="uruk"' in str(show(game))
    assert "attacks Kish" in str(show(game))
    quiet = told([pk.events.ArmyBroke(0, "Kish"), pk.events.SacrificeMade(1, "Lagash", False)],
                 state=game.state)
    assert repr(quiet) == ("Lagash makes sacrifices and invokes the god: it may reroll one die "
                           "in its next battle.")
    said = Sentence("Kish rules Sumer.")
    assert repr(said) == "Kish rules Sumer." and said._repr_html_() == "<p>Kish rules Sumer.</p>"
