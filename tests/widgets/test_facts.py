"""sumer_widgets/facts.py: the facts an exercise declares, found sentence by sentence in what a
learner reads — markdown as it shows, printed lines, the labels of a picture — and a right
choice that repeats the sentence that taught it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sumer_widgets.exercises import Exercise
from sumer_widgets.facts import (
    Fact,
    content_words,
    facts_of,
    markdown_sentences,
    markup_sentences,
    mentions,
    plain_sentences,
    repeats,
)
from tests.fuzzing import TRICKY_TEXT, garbage


def found(fact, text):
    return [s for s in markdown_sentences(text) if Fact.of(fact).search(s) is not None]


def test_a_phrase_is_found_whatever_its_case_and_a_tuple_only_within_one_sentence():
    assert found(r"never be stolen", "A sacrifice marker can **Never be stolen**.")
    fact = (r"invader|attacker", r"goes home")
    assert found(fact, "An invader whose army breaks just goes home.")
    # The same words in two sentences state nothing together.
    assert not found(fact, "The invader attacks. Later the army goes home.")


def test_a_number_is_found_standing_alone_and_up_to_twelve_as_a_word():
    assert found(26, "The field pile: 26 fields.")
    assert not found(26, "126 fields, 2.6 each, 26th place, 1/26")
    assert found((5, r"movement points"), "You have five movement points.")
    assert found(51.62, "light wins 51.62 % of the games") == ["light wins 51.62 % of the games"]
    assert found(51.62, "light wins 51,62 %")
    assert not found(51.62, "light wins 51.6 %")
    assert found(1200, "1,200 words") and found(1200, "1200 words")


def test_what_a_learner_reads_is_cut_into_sentences():
    text = ('**Rules:** [R-1](../docs/rules.md "A title (R-P1).") and a list:\n\n'
            "- one item. Two sentences\n- another\n\n| a | b |\n|---|---|\n| 1 | 2 |")
    said = markdown_sentences(text)
    # A link shows its words, not its address or title; emphasis marks do not show.
    assert said[0] == "Rules: R-1 and a list:"
    assert "one item." in said and "Two sentences" in said and "another" in said
    assert "| 1 | 2 |" in said
    picture = ('<svg><style>.a{font:12px}</style><title>hidden</title>'
               '<text x="1">field pile: 30</text><text>deck: 18</text></svg>')
    assert markup_sentences(picture) == ["field pile: 30", "deck: 18"]
    assert plain_sentences("line one. Two\nline 3") == ["line one.", "Two", "line 3"]


def test_a_choice_repeats_a_sentence_with_most_of_its_words_in_its_order():
    label = content_words("No: a sacrifice marker can never be stolen",
                          content_words("Can Blue take the sacrifice marker?"))
    assert label == ["no", "never", "stolen"] or "never" in label
    meaning = content_words("a sacrifice marker can never be stolen", ["sacrifice", "marker"])
    assert repeats(meaning, "Each native steals once, and a sacrifice marker can never be stolen.")
    assert not repeats(meaning, "Stolen goods are never returned by law.")  # order, distance
    assert not repeats(meaning, "It can never be moved.")
    # A one-word choice is too short to repeat, but a sentence that holds it names it.
    assert not repeats(["weaker"], "The bot is weaker.")
    assert mentions(["weaker"], "The bot is weaker.") and not mentions([], "anything")


def test_an_exercise_refuses_facts_that_are_no_phrase_nor_number():
    for bad in ("(unclosed", True, None, float("nan"), (), (r"ok", [1])):
        with pytest.raises(ValueError, match="exercise ex:"):
            Exercise("ex", "How many?", lambda: 3, facts=(bad,))
    assert Exercise("ex", "How many?", lambda: 3, facts=(3, (r"a", 4.5))).deciding_facts()


def test_the_right_choices_labels_come_with_whether_they_are_right():
    ex = Exercise("ex", "Which?", lambda: {"a"}, kind="choices",
                  options=lambda: [("a", "A — the first"), ("b", "the second")])
    assert ex.choice_labels() == [("A — the first", True), ("the second", False)]
    assert Exercise("n", "How many?", lambda: 3).choice_labels() == []


@given(st.one_of(garbage, st.sampled_from(TRICKY_TEXT)))
def test_facts_of_garbage_refuse_with_a_value_error_only(value):
    try:
        made = facts_of([value])
    except ValueError as refused:
        assert str(refused)
    else:
        assert len(made) == 1 and isinstance(made[0], Fact)


@given(st.one_of(st.text(), st.sampled_from(TRICKY_TEXT)))
def test_any_text_is_cut_into_sentences_without_an_error(text):
    for cut in (markdown_sentences, markup_sentences, plain_sentences):
        assert all(isinstance(s, str) and s.strip() for s in cut(text))
    words = content_words(text)
    assert isinstance(repeats(words, text), bool) and isinstance(mentions(words, text), bool)
