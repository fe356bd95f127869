"""Playing one move on a board by clicks, as a person would, with nothing but the page: select
a piece (the board lights where it may go), click a lit place, and see the board redraw at the
next ply. Used where there is no kernel to ask (a Voilà app) and where there is (the site).

Each ruleset's board marks its pieces and targets with data attributes (see
``sumer_widgets/static``); the helpers look for a piece that lights up targets, so they work in
any position where the player to move is a person."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

SHORT = 15_000


def ply(page, board: str) -> str:
    return page.get_attribute(f"{board} .sumer-host", "data-ply")


def wait_for_next_ply(page, board: str, before: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([sel, ply]) => document.querySelector(sel + ' .sumer-host')?.dataset.ply !== ply",
        arg=[board, before], timeout=timeout)


def _click_until_lit(page, board: str, pieces: str, lit: str) -> bool:
    """Click each piece in turn until one lights up targets; True if one did."""
    for n in range(page.locator(f"{board} {pieces}").count()):
        page.locator(f"{board} {pieces}").nth(n).click(force=True)
        try:
            # The board lights targets from the choices it holds, with no round trip.
            page.wait_for_selector(f"{board} {lit}", timeout=2_000)
            return True
        except PlaywrightTimeout:  # not this piece
            continue
    return False


def play_sumeria(page, board: str) -> None:
    """Move a trader along the routes, or (in the set-up) put one on an empty place."""
    before = ply(page, board)
    if _click_until_lit(page, board, ".sumer-host [data-loc][data-owner]", "circle.sumer-dest"):
        destination = page.get_attribute(f"{board} circle.sumer-dest", "data-dest")
        page.locator(f'{board} .sumer-host [data-loc="{destination}"]').first.click(force=True)
        wait_for_next_ply(page, board, before)
        return
    empty = page.locator(f"{board} .sumer-host [data-loc]:not([data-owner])")
    for n in range(min(empty.count(), 8)):
        empty.nth(n).click(force=True)
        try:
            wait_for_next_ply(page, board, before, timeout=SHORT)
            return
        except PlaywrightTimeout:  # not a place to put one
            continue
    raise AssertionError("no trader could move and no place took a new one")


def play_tigris(page, board: str) -> None:
    """Place a tile from the hand on a lit square."""
    _select_and_go(page, board, "[data-hand]", "rect.tg-lit", "data-lit", '[data-cell="{}"]')


def _select_and_go(page, board: str, pieces: str, lit: str, target: str, place: str) -> None:
    """Click a piece that lights targets, then the place the first lit target names (`place`
    with ``{}`` for the lit mark's `target` attribute)."""
    before = ply(page, board)
    assert _click_until_lit(page, board, pieces, lit), f"no {pieces} lights a {lit}"
    page.locator(f"{board} " + place.format(page.get_attribute(f"{board} {lit}", target))
                 ).first.click(force=True)
    wait_for_next_ply(page, board, before)


def play_mesopotamia(page, board: str) -> None:
    """Move a native to a lit field."""
    _select_and_go(page, board, "[data-native]", "polygon.meso-dest", "data-field",
                   '.sumer-host [data-field="{}"]:not([data-native])')


def play_priest_kings(page, board: str) -> None:
    """Choose an attack: the city to move, then a lit target; where no city may be attacked
    (the map lights none), make sacrifices instead."""
    before = ply(page, board)
    if _click_until_lit(page, board, "[data-city] .pk-city-mark", "circle.pk-lit"):
        target = page.get_attribute(f"{board} circle.pk-lit", "data-target")
        page.locator(f'{board} [data-city="{target}"] .pk-city-mark').click(force=True)
    else:
        sacrifice = page.locator(f"{board} button.pk-sacrifice:enabled")
        assert sacrifice.count() == 1, "no city lights a target and no sacrifice is offered"
        sacrifice.click()
    wait_for_next_ply(page, board, before)


def play_royal_ur(page, board: str) -> None:
    """Throw the dice (if the turn starts with a throw), then move a piece that lights where it
    lands — a waiting piece first, since a game starts with all of them waiting — or pass when
    the throw moves none."""
    before = ply(page, board)
    def offered(button: str) -> bool:
        found = page.locator(f"{board} button.{button}")
        return found.count() == 1 and found.is_visible() and found.is_enabled()

    if offered("sumer-throw"):
        page.locator(f"{board} button.sumer-throw").click()
        wait_for_next_ply(page, board, before)
        before = ply(page, board)
        if offered("sumer-throw"):
            return  # a throw of nothing passed the turn, and the person throws again
    if offered("sumer-pass"):
        page.locator(f"{board} button.sumer-pass").click()
    else:
        lit = "rect.sumer-dest"
        assert (_click_until_lit(page, board, "[data-pool]", lit)
                or _click_until_lit(page, board, "[data-cell]", lit)), "no piece lit a square"
        dest = page.get_attribute(f"{board} {lit}", "data-dest")
        kind, _, who = dest.partition("-")
        target = f'[data-cell="{dest}"]' if not who else f'[data-{kind}="{who}"]'
        page.locator(f"{board} .sumer-host {target}").first.click(force=True)
    wait_for_next_ply(page, board, before)


# ---------------------------------------------------------------------- by keys alone

#: Each board's pieces and lit targets for a move by keys: (pieces that may light targets, the
#: attribute naming each piece, the lit mark, its attribute naming the target, the target's
#: selector with ``{}`` for that name).
KEY_MOVES = {
    "sumeria": ("[data-loc][data-owner]", "data-loc", "circle.sumer-dest", "data-dest",
                '[data-loc="{}"]'),
    "tigris": ("[data-hand]", "data-hand", "rect.tg-lit", "data-lit", '[data-cell="{}"]'),
    "mesopotamia": ("[data-native]", "data-native", "polygon.meso-dest", "data-field",
                    '[data-field="{}"]:not([data-native])'),
    "priest_kings": ("[data-city]", "data-city", "circle.pk-lit", "data-target",
                     '[data-city="{}"]'),
    "royal_ur": ("[data-pool], [data-cell]", None, "rect.sumer-dest", "data-dest", None),
}


#: A move that is a button's where no piece lights a target, by keys too (Tab to it, Enter).
KEY_BUTTONS = {"priest_kings": ("button.pk-sacrifice:enabled", "button.pk-dice:enabled")}


def _royal_ur_target(dest: str) -> str:
    kind, _, who = dest.partition("-")
    return f'[data-cell="{dest}"]' if not who else f'[data-{kind}="{who}"]'


def _piece_selector(node: dict) -> str:
    return "".join(f'[{name}="{value}"]' for name, value in node.items())


def play_by_keys(page, board: str, game: str) -> list[str]:
    """Play one move with the keyboard alone, as a learner without a mouse would: into the
    map, the arrow keys to a piece, Enter (its targets light up), the arrow keys to a lit
    target, Enter; the board redraws at the next ply. The Royal Game of Ur's turn starts with
    "Throw the dice" (Tab to it, Enter). Returns the keys pressed on the map."""
    from tests.browser.keys import enter_map, walk_to

    before = ply(page, board)
    if game == "royal_ur":
        throw = page.locator(f"{board} button.sumer-throw")
        if throw.count() == 1 and throw.is_visible() and throw.is_enabled():
            throw.focus()
            page.keyboard.press("Enter")
            wait_for_next_ply(page, board, before)
            before = ply(page, board)
            if throw.is_visible() and throw.is_enabled():
                return []  # a throw of nothing: the turn passed
        passing = page.locator(f"{board} button.sumer-pass")
        if passing.count() == 1 and passing.is_visible():
            passing.focus()
            page.keyboard.press("Enter")
            wait_for_next_ply(page, board, before)
            return []
    pieces, _, lit, names, target = KEY_MOVES[game]
    # Each piece by the attributes that tell it apart (a unique selector to walk to).
    found = page.eval_on_selector_all(
        f"{board} .sumer-host :is({pieces})",
        """els => els.map(e => Object.fromEntries(["data-loc", "data-hand", "data-native",
            "data-city", "data-pool", "data-cell", "data-slot"]
            .filter(a => e.hasAttribute(a)).map(a => [a, e.getAttribute(a)])))""")
    # Waiting pieces first: a game starts with all of them waiting.
    found.sort(key=lambda node: "data-pool" not in node)
    enter_map(page, board)
    pressed: list[str] = []
    for node in found:
        selector = _piece_selector(node)
        try:
            pressed += walk_to(page, board, selector)
        except AssertionError:
            continue  # not a place of the map (a hand drawn elsewhere): another piece
        page.keyboard.press("Enter")
        try:
            # The board lights targets from the choices it holds, with no round trip.
            page.wait_for_selector(f"{board} {lit}", timeout=1_000)
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
            continue
        name = page.get_attribute(f"{board} {lit}", names)
        goal = _royal_ur_target(name) if target is None else target.format(name)
        pressed += walk_to(page, board, goal)
        page.keyboard.press("Enter")
        wait_for_next_ply(page, board, before)
        return pressed
    for button in KEY_BUTTONS.get(game, ()):
        # No city may attack (or a battle is to be fought): the move is a button's.
        found_button = page.locator(f"{board} {button}")
        if found_button.count() == 1 and found_button.is_visible():
            found_button.focus()
            page.keyboard.press("Enter")
            wait_for_next_ply(page, board, before)
            return pressed
    if game == "sumeria":
        # The set-up, or a turn that only adds: Enter on an empty place puts a trader there.
        empty = page.eval_on_selector_all(f"{board} .sumer-host [data-loc]:not([data-owner])",
                                          "els => els.map(e => e.dataset.loc)")
        for loc in empty[:8]:
            pressed += walk_to(page, board, f'[data-loc="{loc}"]')
            page.keyboard.press("Enter")
            try:
                wait_for_next_ply(page, board, before, timeout=SHORT)
                return pressed
            except PlaywrightTimeout:
                page.keyboard.press("Escape")
    raise AssertionError(f"no piece of {game} lit a target by keys")


def refuse_sumeria(page, board: str) -> None:
    """Click another player's trader (the person plays seat 0)."""
    page.locator(f'{board} .sumer-host [data-loc][data-owner]:not([data-owner="0"])'
                 ).first.click(force=True)


def refuse_tigris(page, board: str) -> None:
    """Click a square with nothing chosen from the hand."""
    page.locator(f'{board} [data-cell="a1"]').first.click(force=True)


def refuse_mesopotamia(page, board: str) -> None:
    """Click a field that is not lit and holds none of the person's natives (seat 0): with a
    native chosen, a move there is refused; with none, the board says there is nothing to do
    (a hut, a holy place or a birth needs one's own native on the field)."""
    def values(selector: str, key: str) -> list[str]:
        return page.eval_on_selector_all(f"{board} {selector}",
                                         f"els => els.map(e => e.dataset.{key})")

    natives = values("[data-native]", "native")
    taken = {k.split("|")[0] for k in natives if k.split("|")[1] == "0"}
    taken |= set(values("polygon.meso-dest", "field"))
    field = next(f for f in values(".sumer-host [data-field]:not([data-native])", "field")
                 if f not in taken)
    page.locator(f'{board} .sumer-host [data-field="{field}"]:not([data-native])'
                 ).first.click(force=True)


def refuse_priest_kings(page, board: str) -> None:
    """Aim with Kish, then click a city that did not light up (in a battle, the first click
    already says that the battle comes first)."""
    page.locator(f'{board} [data-city="kish"] .pk-city-mark').click(force=True)
    lit = set(page.eval_on_selector_all(f"{board} circle.pk-lit",
                                        "els => els.map(e => e.dataset.target)"))
    cities = page.eval_on_selector_all(f"{board} [data-city]",
                                       "els => els.map(e => e.dataset.city)")
    dark = next(c for c in cities if c != "kish" and c not in lit)
    if page.locator(f"{board} .sumer-error").is_hidden():
        page.locator(f'{board} [data-city="{dark}"] .pk-city-mark').click(force=True)


def refuse_royal_ur(page, board: str) -> None:
    """Click the other player's waiting pieces (the person plays seat 0, light)."""
    page.locator(f'{board} .sumer-host [data-pool="dark"]').first.click(force=True)


PLAYS = {"sumeria": play_sumeria, "tigris": play_tigris, "mesopotamia": play_mesopotamia,
         "priest_kings": play_priest_kings, "royal_ur": play_royal_ur}

#: A click that the person's board answers with a reason (nothing is played), by ruleset.
REFUSALS = {"sumeria": refuse_sumeria, "tigris": refuse_tigris,
            "mesopotamia": refuse_mesopotamia, "priest_kings": refuse_priest_kings,
            "royal_ur": refuse_royal_ur}
