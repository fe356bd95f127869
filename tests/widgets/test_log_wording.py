"""Every board's log reads as sentences, in English and in Dutch (issue 18, "log wording").

Random games of each ruleset are walked through the board's own log (`BoardWidget.tell`, what
the page shows), and each line is checked for what a learner cannot read:

- a plural hedge: "(s)", "(en)", "(e)" ("1 point(s)");
- the engine's notation: axial coordinates ("-1,0"), location ids ("kish.town1"), a native's
  token ("(.)", "n1:."), element codes and grades of the army lists ("Reg Bw (I)", "C-in-C"),
  identifiers (an underscore), an unfilled template ("{player}"), "None";
- a sentence's shape: it starts with a capital letter or a digit and ends with ".", "!" or "?".

Tigris cells ("f3") are allowed: the board prints its columns a–p and rows 1–11, so a cell's
name is read off the board like a chess square. A Dutch line must also contain none of the
English words listed below (each a word the engines' English uses where Dutch has its own).
"""

from __future__ import annotations

import re

import pytest

from engine import mesopotamia, royal_ur, sumeria, tigris
from engine import priest_kings as pk
from engine.bots import RandomBot
from sumer_widgets import CampaignMap, MesopotamiaBoard, RoyalUrBoard, SumeriaBoard, TigrisBoard

NOTATION = {
    "plural hedge": re.compile(r"\((s|en|e)\)"),
    "coordinates": re.compile(r"-?\d+,-?\d+"),
    "location id": re.compile(r"\b[a-z]+\.(city|town\d|village\d)\b"),
    "native token": re.compile(r"\([.LSM]\d?\)|\bn\d:"),
    "army notation": re.compile(r"\b(Reg|Irr|Bw|Bd|Sp|Pk|Ax|Ps|Cv|LH|Kn|HCh|LCh|Wb|Hd)\b"
                                r"|\((I|O|F|S|X)\)|C-in-C"),
    "identifier": re.compile(r"\w_\w|\{\w*\}|\bNone\b"),
}
SENTENCE = re.compile(r"^[A-Z0-9À-Ý“\"'].*[.!?)”]$", re.S)
ENGLISH_IN_DUTCH = re.compile(r"\b(the|and|of|wing|centre|left|right|point|points|tile|tiles|"
                              r"moves|native|plays|turn|round|field)\b")

GAMES = {
    "sumeria": (SumeriaBoard, lambda seed: sumeria.new_game(3 + seed % 2, seed=seed), 200),
    "tigris": (TigrisBoard, lambda seed: tigris.new_game(2 + seed % 3, seed=seed), 160),
    "mesopotamia": (MesopotamiaBoard, lambda seed: mesopotamia.new_game(3, seed=seed), 400),
    "priest_kings": (CampaignMap, lambda seed: pk.new_game(seed=seed), 200),
    "royal_ur": (RoyalUrBoard, lambda seed: royal_ur.new_game(seed=seed), 300),
}


def problems(line: str, lang: str) -> list[str]:
    found = [name for name, pattern in NOTATION.items() if pattern.search(line)]
    if not SENTENCE.match(line):
        found.append("not a sentence")
    if lang == "nl" and (english := ENGLISH_IN_DUTCH.findall(line)):
        found.append(f"English {sorted(set(english))}")
    return found


def test_the_checks_catch_what_the_issue_found():
    assert problems("Blue moves a native (.) from -1,0 to 1,-1 for 2 point(s).", "en") == [
        "plural hedge", "coordinates", "native token"]
    assert problems("4 Reg Bw (I) of the left wing become 1 Reg Bd (F).", "en") == [
        "army notation"]
    assert problems("De centre van Kish is gebroken.", "nl") == ["English ['centre']"]
    assert problems("Blue ends movement", "en") == ["not a sentence"]
    assert problems("Blue adds a trader on Kish city.", "en") == []


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_log_line_of_random_games_reads_as_a_sentence(ruleset):
    board_class, new_game, moves = GAMES[ruleset]
    bad: dict[str, str] = {}
    for seed in range(4):
        game = new_game(seed)
        bot = RandomBot(seed=seed)
        for _ in range(moves):
            if game.is_over:
                break
            game.play(bot.choose(game.state.view(game.to_move)))
        board = board_class(game)
        board.LOG_LINES = 10_000
        for lang in ("en", "nl"):
            board.lang = lang
            assert board.log, "the game has a log"
            for entry in board.log:
                for problem in problems(entry["text"], lang):
                    bad.setdefault(f"{lang} {problem}", entry["text"])
    assert not bad, "\n".join(f"{k}: {v}" for k, v in sorted(bad.items()))
