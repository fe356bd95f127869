"""What decides an exercise's answer, and finding it in what a learner reads.

An exercise's answer is given away by more than its own words: the rule that settles it told
just above the question, a number the board beside it prints, a right choice that repeats the
sentence that taught it. An `Exercise` declares its **facts** (``facts=...``), each one of:

- a phrase: a regular expression (case does not matter), e.g. ``r"never be stolen"``;
- a number: the figure that settles the answer, e.g. ``26`` (found as a number standing alone
  — ``26``, not ``126`` or ``2.6`` — and, up to twelve, also written as a word);
- several of those together, as a tuple: all found **in one sentence**, in any order, e.g.
  ``(r"invader|attacker", r"goes home")`` or ``(5, r"movement points", r"every turn")``.

`Fact.search` looks for a fact in one sentence; `markdown_sentences`, `markup_sentences` and
`plain_sentences` cut what a learner reads into sentences (a markdown paragraph, a list item, a
table row, a line a cell printed, a label drawn in a picture); `repeats` says whether a sentence
repeats a choice's label — most of its own words, in its order, close together — which is how a
right choice gives away the sentence that taught it, and `mentions` whether it names a choice at
all (a sentence naming the wrong choices too lists them, and gives nothing away).

Limits: these are the words of one language each (a Dutch notebook's facts are Dutch
phrases); a fact is found only as it is written down, not as it is meant — a writer who
declares the facts of a question declares the ways a notebook would say them.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: Numbers a sentence may write as a word, up to twelve (English and Dutch).
NUMBER_WORDS = {
    0: ("zero", "no", "none", "nul", "geen"), 1: ("one", "a single", "één", "een enkele"),
    2: ("two", "twee"), 3: ("three", "drie"), 4: ("four", "vier"), 5: ("five", "vijf"),
    6: ("six", "zes"), 7: ("seven", "zeven"), 8: ("eight", "acht"), 9: ("nine", "negen"),
    10: ("ten", "tien"), 11: ("eleven", "elf"), 12: ("twelve", "twaalf"),
}

#: Words that carry no meaning of their own in a choice's label (English and Dutch): articles,
#: prepositions, pronouns, auxiliaries — not the words of quantity and negation ("how many",
#: "which", "never", "only"), which are often what sets a right choice apart.
STOPWORDS = frozenset(re.findall(r"\S+", """
a an the and or but of to in on at by for from with into onto as is are was were be been being
it its this that these those there here then than so yes do does did may can could would
should will must has have had what who whom whose when where why how if he she they them their
his her we you your our i me my
een de het en of maar van naar in op bij voor uit met als is zijn was waren wordt worden dit
dat deze die er hier dan ja kan mag moet heeft hebben wat wie waar wanneer hoe hij zij ze hun
haar wij jij jouw onze ik mijn
"""))

WORD = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)?")
#: A sentence ends at . ! or ? followed by a space (so 51.62 and e.g. "3.5" stay whole).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Where markdown starts a new statement: a list item, a table row, a heading.
BLOCK_START = re.compile(r"\n(?=\s*(?:[-*+] |\d+\. |\||#))")
#: A list item's mark, or a heading's, at the start of a statement.
ITEM_MARK = re.compile(r"^\s*(?:[-*+]|\d+\.|#+)\s+")
#: A quotation's mark at the start of a line (a quoted paragraph reads on across its lines).
QUOTE_MARK = re.compile(r"^[ \t]*>[ \t]?", re.M)
LINK = re.compile(r'!?\[([^\]]*)\]\(\s*[^\s)]*(?:\s+"[^"]*")?\s*\)')
MARKUP = re.compile(r"[*_`]+")
HIDDEN = re.compile(r"<(style|script|title|desc|defs)\b.*?</\1>", re.S | re.I)
BREAK = re.compile(r"</?(?:p|div|li|tr|br|h\d|ul|ol|table|text|tspan|figcaption)\b[^>]*>",
                   re.I)
TAG = re.compile(r"<[^>]+>")


def number_pattern(number: float) -> str:
    """A regular expression that finds `number` standing alone (``26`` in "26 fields" but not
    in "126" or "2.6"); a fraction as printed (``51.62`` or ``51,62``), a whole number up to
    twelve also as a word."""
    if float(number).is_integer():
        number = int(number)
        digits = rf"{number:,}".replace(",", "[,.\u202f ]?") if abs(number) >= 1000 \
            else str(number)
        words = NUMBER_WORDS.get(number, ()) if number != 0 else ()
        spelled = "".join(rf"|\b{re.escape(word)}\b" for word in words)
        return rf"(?:(?<![\w.,/-]){digits}(?![\w]|[.,]\d){spelled})"
    whole, _, fraction = repr(float(number)).partition(".")
    return rf"(?<![\w.,/-]){whole}[.,]{fraction}(?!\d)"


def _term(term: Any) -> re.Pattern[str]:
    if (isinstance(term, bool) or not isinstance(term, (str, int, float))
            or (isinstance(term, float) and not math.isfinite(term))):
        raise ValueError(f"a fact is a phrase (a regular expression) or a number, not {term!r}")
    try:
        return re.compile(term if isinstance(term, str) else number_pattern(term), re.I)
    except (re.error, OverflowError, ValueError) as exc:
        raise ValueError(f"a fact's phrase {term!r} is no regular expression: {exc}") from None


@dataclass(frozen=True)
class Fact:
    """One fact that decides an answer: terms found together in one sentence."""

    terms: tuple[re.Pattern[str], ...]
    said: str

    @classmethod
    def of(cls, declared: Any) -> Fact:
        """A fact as an exercise declares it: a phrase, a number, or a tuple of them.

        Raises:
            ValueError: anything else (a phrase that is no regular expression, a number that
                is not finite, another kind of value), or an empty tuple.
        """
        terms = declared if isinstance(declared, tuple) else (declared,)
        if not terms:
            raise ValueError("a fact needs at least one phrase or number")
        return cls(tuple(_term(term) for term in terms), " + ".join(map(str, terms)))

    def search(self, sentence: str) -> str | None:
        """What of `sentence` states this fact (the first term's match), or None."""
        found = [term.search(sentence) for term in self.terms]
        if all(found):
            return found[0].group(0)
        return None

    def __repr__(self) -> str:
        return f"Fact({self.said})"


def facts_of(declared: Iterable[Any]) -> list[Fact]:
    return [Fact.of(item) for item in declared]


# What a learner reads, sentence by sentence ----------------------------------------------

def markdown_sentences(text: str) -> list[str]:
    """The sentences of a markdown cell as a learner reads it: links as their words, no
    emphasis marks, no HTML anchors; each list item, table row and heading a statement."""
    text = QUOTE_MARK.sub("", TAG.sub(" ", LINK.sub(r"\1", text)))
    found = []
    for paragraph in re.split(r"\n\s*\n", text):
        for block in BLOCK_START.split(paragraph):
            block = " ".join(MARKUP.sub("", ITEM_MARK.sub("", block)).split())
            found += [s for s in SENTENCE_END.split(block) if s.strip()]
    return found


def markup_sentences(text: str) -> list[str]:
    """The sentences of HTML or SVG a cell shows: the text of its elements, a paragraph, list
    item, table row or drawn label each a statement (styles, titles and descriptions aside)."""
    text = BREAK.sub("\n", HIDDEN.sub(" ", text))
    text = html.unescape(TAG.sub(" ", text))
    return plain_sentences(text)


def plain_sentences(text: str) -> list[str]:
    """The sentences of printed text: each line, cut at its sentence ends."""
    found = []
    for line in text.splitlines():
        line = " ".join(line.split())
        found += [s for s in SENTENCE_END.split(line) if s.strip()]
    return found


# A choice that repeats a sentence ----------------------------------------------------------

def stem(word: str) -> str:
    """A word folded so that its plain forms meet: "Kish's" and "Kish", "makes" and "make",
    "sacrifices" and "sacrifice"."""
    word = word.casefold().replace("’", "'")
    word = re.sub(r"'s?$", "", word)
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def content_words(text: str, leave_out: Iterable[str] = ()) -> list[str]:
    """The words of `text` that carry its meaning, folded (`stem`), in order: no stopwords,
    and none of `leave_out` (already folded)."""
    out = set(leave_out)
    return [w for w in (stem(word) for word in WORD.findall(text))
            if w not in STOPWORDS and w not in out]


#: A label repeats a sentence when the sentence holds this share of its words …
REPEAT_SHARE = 0.8
#: … and at least this many of them (fewer words than that say too little to tell).
REPEAT_WORDS = 2


def repeats(label_words: Sequence[str], sentence: str) -> bool:
    """Whether `sentence` repeats a label whose meaning is `label_words` (`content_words`):
    at least `REPEAT_SHARE` of them, and `REPEAT_WORDS`, in the label's order, within a
    stretch of the sentence at most twice as long as the label."""
    if len(label_words) < REPEAT_WORDS:
        return False
    said = content_words(sentence)
    need = max(REPEAT_WORDS, math.ceil(len(label_words) * REPEAT_SHARE))
    span = 2 * len(label_words) + 1
    return any(_in_order(label_words, said[start:start + span]) >= need
               for start, word in enumerate(said) if word in label_words)


def mentions(label_words: Sequence[str], sentence: str) -> bool:
    """Whether `sentence` names what a label says: repeats it (`repeats`), or — for a label of
    a single meaningful word ("No: weaker") — holds that word. A sentence that names the wrong
    choices beside the right one lists them, it gives nothing away."""
    if len(label_words) >= REPEAT_WORDS:
        return repeats(label_words, sentence)
    return bool(label_words) and all(word in content_words(sentence) for word in label_words)


def _in_order(first: Sequence[str], second: Sequence[str]) -> int:
    """How many words of `first` appear in `second` in the same order (the longest common
    subsequence)."""
    row = [0] * (len(second) + 1)
    for word in first:
        previous = 0
        for k, other in enumerate(second, start=1):
            kept = row[k]
            row[k] = previous + 1 if word == other else max(row[k], row[k - 1])
            previous = kept
    return row[-1]
