"""The colours that carry a meaning on every board, in one place: the SVG renderers and the
boards' CSS (through the variables of `css_variables`) read them from here.

Three meanings, each told by shape and words as well as by colour:

- `MAY` — "you may go here / play this": a *dashed* outline (rings, lit cells, hexagons), and
  the accessible name and the prompt say how many places are lit;
- `SELECTED` — "this is what you have chosen": a *solid*, thicker outline;
- `REFUSED` — "that was refused": the banner with a ✗ and the word "Refused" (never on the map).

Red means "forbidden" to most people, so it is kept for refusals alone; a legal target is a deep
ultramarine. The colours were chosen so that, under simulated protanopia, deuteranopia and
tritanopia as well as normal vision, each stays at least ΔE2000 = 20 from the others, from the
four player colours (Okabe–Ito, `svg.PLAYER_COLORS`) and from the board's parchment
(tests/widgets/test_palette.py checks it and says why 20).
"""

from __future__ import annotations

MAY = "#001199"
"""A legal target: where a piece may go, what may be attacked or built on (dashed)."""
SELECTED = "#111111"
"""The piece or card chosen (solid)."""
REFUSED = "#A50F15"
"""A refusal (the banner; with a ✗ and the word)."""
REFUSED_BACKGROUND = "#fde2e1"
"""The refusal banner's background (its text is `REFUSED`: contrast above 7:1)."""
PARCHMENT = "#f6efdc"
"""The board's background."""

MEANINGS = {"may": MAY, "selected": SELECTED, "refused": REFUSED}


def css_variables() -> str:
    """The meanings as CSS custom properties of ``.sumer-board`` (``var(--sumer-may)``, ...),
    so the static CSS files name no meaning colour themselves."""
    values = ";".join(f"--sumer-{name}:{colour}" for name, colour in MEANINGS.items())
    return f".sumer-board{{{values};--sumer-refused-bg:{REFUSED_BACKGROUND}}}\n"


def inline(css: str) -> str:
    """`css` written with the same ``var(--sumer-may)`` names as the boards' CSS, with the
    colours put in: a picture shown on its own (a notebook's SVG) has no board around it to
    define the variables."""
    for name, colour in MEANINGS.items():
        css = css.replace(f"var(--sumer-{name})", colour)
    return css
