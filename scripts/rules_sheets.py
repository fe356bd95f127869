"""Print a one-page rules sheet per game (A4, one side) from the rule catalogues.

Each sheet is a self-contained HTML page — the game's rules from ``docs/rules/<game>.md``
(Sumeria also from the Dutch ``docs/rules/nl/sumeria.md``), grouped as the catalogue groups
them, with a board picture drawn by the project's own renderer — written to
``docs/sheets/<game>.html``. A browser prints it on one page; ``--pdf`` also writes the PDF
beside it through headless Chromium (Playwright). The tests check every sheet is current and
prints on exactly one A4 page.

    python scripts/rules_sheets.py           # write the HTML sheets
    python scripts/rules_sheets.py --pdf     # and their PDFs
    python scripts/rules_sheets.py --check   # exit 1 if a sheet is out of date
"""

from __future__ import annotations

import hashlib
import html
import re
import sys
from pathlib import Path
from typing import Any

from engine import mesopotamia, priest_kings, royal_ur, sumeria, tigris
from engine.bots import GreedyBot
from sumer_widgets.catalogue import catalogue
from sumer_widgets.display import show

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "sheets"
CHROMIUM = "/usr/bin/chromium"

SHEETS = (("sumeria", "en"), ("sumeria", "nl"), ("tigris", "en"), ("mesopotamia", "en"),
          ("priest_kings", "en"), ("royal_ur", "en"))

HEAD = {
    ("sumeria", "en"): ("Sumeria", "Dirk Liekens, 2009 · 3–4 players · 6 rounds",
                        "Move your traders along the trade routes to control the three "
                        "city-states about to be scored, and collect sets of influence tiles."),
    ("sumeria", "nl"): ("Sumeria", "Dirk Liekens, 2009 · 3–4 spelers · 6 rondes",
                        "Verplaats je handelaren langs de handelsroutes, krijg de controle over "
                        "de drie stadstaten die gescoord worden en verzamel invloedsmarkers."),
    ("tigris", "en"): ("Tigris & Euphrates", "Reiner Knizia, 1997 · 2–4 players",
                       "Lay tiles, place leaders, win revolts and wars, build monuments: your "
                       "score is your weakest colour of influence."),
    ("mesopotamia", "en"): ("Mesopotamia: Cradle of Civilization",
                            "Klaus-Jürgen Wrede, 2005 · 2–4 players",
                            "Explore the land, carry lumber and stone, build huts and holy "
                            "places, gain mana — and be first to bring all four sacrifice "
                            "markers to the temple."),
    ("priest_kings", "en"): ("Priest-Kings of God", "A DBMM campaign · 4 players",
                             "Attack neighbours along the avenues, make sacrifices, reorganize "
                             "your army: become the overlord of every city."),
    ("royal_ur", "en"): ("The Royal Game of Ur",
                         "Ur, c. 2600 BC; rules from a Babylonian tablet of 177/176 BC (I. L. "
                         "Finkel) · 2 players",
                         "Throw four pyramid dice and race your seven pieces along your path: "
                         "land on rosettes to throw again, capture in the middle row, and be "
                         "first to bear every piece off."),
}
#: Type size (pt) and picture height (mm; 0 puts the picture in the first column instead of
#: across the page) that put each game's rules on one side of A4, with a little to spare
#: (the longest catalogues get the smallest type; the test prints every sheet to check).
FIT = {"sumeria": (7.3, 70), "tigris": (6.3, 46), "mesopotamia": (6.6, 0),
       "priest_kings": (7.0, 56), "royal_ur": (7.6, 60)}
WORDS = {"en": {"rules": "The rules, numbered as in", "sheet": "Rules sheet",
                "picture": "The board as the notebook draws it."},
         "nl": {"rules": "De regels, genummerd als in", "sheet": "Spelregels op één blad",
                "picture": "Het bord zoals het notebook het tekent."}}

CSS = """
@page { size: A4; margin: 8mm 9mm; }
* { box-sizing: border-box; }
body { margin: 0; font: var(--size)/1.2 "DejaVu Sans", system-ui, sans-serif; color: #111; }
header { display: flex; align-items: baseline; gap: 3mm; border-bottom: 1.2pt solid #444;
  padding-bottom: 1mm; margin-bottom: 1.5mm; }
h1 { font-size: 15pt; margin: 0; }
header .by { color: #444; }
.aim { font-size: 8.4pt; margin: 0 0 1.5mm; }
figure { margin: 0 0 1.5mm; text-align: center; }
figure svg { max-height: var(--picture, none); width: auto; max-width: 100%; }
figcaption { color: #555; font-size: 6.5pt; }
.cols { column-count: 3; column-gap: 4mm; }
h2 { font-size: 8.2pt; margin: 1.2mm 0 0.4mm; break-after: avoid; border-bottom: .5pt solid #999; }
p { margin: 0 0 0.6mm; break-inside: avoid; }
.id { font: 600 .85em "DejaVu Sans Mono", monospace; color: #555; }
footer { margin-top: 1mm; color: #555; font-size: 6.3pt; border-top: .5pt solid #999;
  padding-top: .6mm; }
"""


def picture(game: str, lang: str) -> str:
    """A board picture that shows the game in play, drawn from a fixed seed."""
    if game == "sumeria":
        state = sumeria.position(3, {"kish.town1": 0, "kish.city": 1, "kish.village1": 2,
                                     "kish.town2": 1, "kish.town3": 2, "ur.city": 0,
                                     "nippur.town2": 2, "umma.city": 1},
                                 row=["kish", "nippur", "umma", "lagash", "eridu", "ur",
                                      "larsa", "uruk"])
        paths = state.board.paths("kish.town1", state.occupied)
        return show(state, lang=lang, selected="kish.town1", paths=paths)
    if game == "royal_ur":
        # Mid-game, with both paths traced: what a learner needs to read the rules below.
        state = royal_ur.position(light=[3, 8, 10], dark=[2, 6], off=(1, 0), throw=2)
        return show(state, lang=lang, paths=(0, 1))
    rules = {"tigris": tigris, "mesopotamia": mesopotamia, "priest_kings": priest_kings}[game]
    players = {"tigris": 3, "mesopotamia": 4, "priest_kings": 4}[game]
    played = {"tigris": 30, "mesopotamia": 60, "priest_kings": 6}[game]
    match = rules.new_game(players=players, seed=2026)
    bot = GreedyBot(seed=1)
    for _ in range(played):
        if match.is_over:
            break
        match.play(bot.choose(match.state.view(match.to_move)))
    return show(match.state, lang=lang)


#: The catalogues' sections of house rules: a designer's variations of the rule text
#: (docs/library.md), not the rules a class plays, so no sheet prints them.
HOUSE_RULES = ("House rules", "Huisregels")


def rules(game: str, lang: str) -> list[dict[str, str]]:
    """The rules a sheet prints: its catalogue's, but for the house rules."""
    return [rule for rule in catalogue(game, lang) if rule["section"] not in HOUSE_RULES]


def sheet(game: str, lang: str) -> str:
    title, by, aim = HEAD[game, lang]
    size, picture_mm = FIT[game]
    words = WORDS[lang]
    source = f"docs/rules/{game}.md" if lang == "en" else f"docs/rules/{lang}/{game}.md"
    sections: dict[str, list[dict[str, str]]] = {}
    for rule in rules(game, lang):
        sections.setdefault(rule["section"], []).append(rule)
    body = []
    for section, printed in sections.items():
        body.append(f"<h2>{html.escape(_plain(section))}</h2>")
        body += [f'<p><span class="id">{rule["id"]}</span> {html.escape(_plain(rule["text"]))}'
                 "</p>" for rule in printed]
    picture_height = f" --picture: {picture_mm}mm;" if picture_mm else ""
    figure = (f"<figure>{_sized(picture(game, lang))}"
              f"<figcaption>{words['picture']}</figcaption></figure>")
    page = f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{html.escape(title)} — {words["sheet"]} ({{digest}})</title>
<style>:root {{ --size: {size}pt;{picture_height} }}{CSS}</style>
</head>
<body>
<header><h1>{html.escape(title)}</h1><span class="by">{html.escape(by)}</span></header>
<p class="aim">{html.escape(aim)}</p>
{figure if picture_mm else ""}
<div class="cols">
{"" if picture_mm else figure}
{chr(10).join(body)}
</div>
<footer>{words["rules"]} <code>{source}</code> · Sumer</footer>
</body>
</html>
"""
    # The PDF's title carries a digest of the page, so a test can tell a PDF printed from an
    # older version of the sheet.
    return page.replace("{digest}", digest(page))


def digest(page: str) -> str:
    return hashlib.sha256(page.encode()).hexdigest()[:12]


def pdf_digest_matches(pdf: bytes, page: str) -> bool:
    """Whether `pdf` was printed from `page` (its title holds the page's digest)."""
    mark = digest_of(page)
    utf16 = "".join(f"{ord(c):04X}" for c in mark).encode()
    return mark.encode() in pdf or utf16 in pdf.upper()


def digest_of(page: str) -> str:
    found = re.search(r"\(([0-9a-f]{12})\)</title>", page)
    return found.group(1) if found else ""


def _plain(text: str) -> str:
    """Catalogue Markdown as plain words: `code` and links lose their marks."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return text.replace("`", "").replace("**", "")


def _sized(svg: str) -> str:
    # The renderers scale to their container; on paper the figure sets the height.
    return svg.replace("<svg ", '<svg preserveAspectRatio="xMidYMid meet" ', 1)


def path_of(game: str, lang: str) -> Path:
    return OUT / (f"{game}.html" if lang == "en" else f"{game}-{lang}.html")


def pdf_pages(page_html: str, pdf: Path | None = None, browser: Any = None) -> int:
    """How many A4 pages Chromium prints `page_html` on (and write the PDF to `pdf`).

    `browser` is a running Playwright browser to print with (a test's, whose Playwright
    already owns the thread's event loop); without it one is started and closed here.
    """
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            own = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--disable-gpu", "--disable-quic"])
            try:
                return pdf_pages(page_html, pdf, own)
            finally:
                own.close()
    page = browser.new_page()
    try:
        page.set_content(page_html, wait_until="load")
        data = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    finally:
        page.close()
    if pdf is not None:
        pdf.write_bytes(data)
    return len(re.findall(rb"/Type\s*/Page\b", data))


def write_sheets(sheets: list[tuple[Path, str]], argv: list[str], rerun: str) -> int:
    """Write each sheet whose page differs from `text` (``--check``: only say which), and with
    ``--pdf`` print each to PDF; `rerun` is the command a stale sheet's message names."""
    stale = []
    for path, text in sheets:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            stale.append(path)
            if "--check" not in argv:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
        if "--pdf" in argv:
            pages = pdf_pages(text, path.with_suffix(".pdf"))
            print(f"{path.with_suffix('.pdf').relative_to(ROOT)}: {pages} page(s)")
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + f" — run {rerun}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    return write_sheets([(path_of(game, lang), sheet(game, lang)) for game, lang in SHEETS],
                        argv, "python scripts/rules_sheets.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
