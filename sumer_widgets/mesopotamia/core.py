"""`MesopotamiaCore`: the decisions of the Mesopotamia board, a growing hex map — the
widget `MesopotamiaBoard` (JupyterLab) and the site's board page wrap it (`sumer_widgets.core`).

The board takes turns as the rules do. In phase I click one of your natives: the fields it can
reach with the movement points left light up at once, each with its cost (hover one to see the
way), and the empty edge places beside it where it may discover land. Click a lit field to move
there, an edge place to discover it. Picking up, putting down, stealing, taking up a sacrifice
marker, placing one at the temple, playing a card and ending the movement are buttons in the
action panel below the map, which always lists what is possible now. A drawn volcano, the new
lumber or stones of a forest or quarry, and the Land card ask their question on the map or in
the panel. In phase II the building sites light up: click one (or a button) to build a hut,
erect a holy place or give birth, or draw a card.

Everything the page highlights comes from the engine's legal moves (`choices`); every click
that is not among them is still sent to Python, which answers with the engine's reason. Bots
move by themselves (or on “Bot moves”); undo, the history slider and the log work as on every
Sumer board. Hidden information stays hidden: the map shows what the human to move may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine import mesopotamia
from engine.bots import Bot
from engine.core import InvalidInput, SumerError, parse_whole, shown
from engine.mesopotamia import State
from engine.mesopotamia import events as ev
from engine.mesopotamia.board import DIRECTIONS, KIND_NAMES, LETTER_WORD, reach
from engine.mesopotamia.state import card_name, parse_token, player_name
from sumer_widgets.core import BoardCore, SumerErrorForMessage
from sumer_widgets.mesopotamia.picture import native_key, render
from sumer_widgets.mesopotamia.readers import field_name  # also registers the log's teller
from sumer_widgets.words import words

CARD_TEXT = words(__file__)["CARD_TEXT"]

WORDS = words(__file__)["WORDS"]

#: The words of the page (prompts and buttons) in each language; JavaScript only lays them out.
PAGE_WORDS = words(__file__)["PAGE_WORDS"]

_GOOD = {"L": "lumber", "S": "stone"}


class MesopotamiaCore(BoardCore):
    """The decisions of an interactive Mesopotamia board.

    Args:
        game: a `mesopotamia.Game` to play (default: a new 4-player game for hot-seat play).
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
        viewer: whose eyes the map shows: None (the default) for the human to move — or the
            only human, while bots move; a player number; or ``"all"`` to show every hidden
            marker value and card (for lessons).
    """

    #: The rules that allow each kind of move, quoted after a bot's move with "Say why".
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Go": ("M-MOVE-1", "M-MOVE-3", "M-MOVE-5"),
        "Discover": ("M-DISC-1", "M-DISC-6"),
        "PlaceVolcano": ("M-DISC-2",),
        "Spread": ("M-DISC-3", "M-DISC-4"),
        "ChooseTile": ("M-CARD-LAND-1",),
        "PickUp": ("M-CARRY-1", "M-CARRY-3"),
        "Drop": ("M-CARRY-2", "M-TEMPLE-1"),
        "Steal": ("M-STEAL-1", "M-STEAL-2"),
        "TakeMarker": ("M-SAC-1", "M-SAC-2"),
        "Offer": ("M-SAC-3",),
        "EndMovement": ("M-MOVE-2",),
        "BuildHut": ("M-HUT-1", "M-HUT-2"),
        "BuildHoly": ("M-HOLY-1",),
        "Birth": ("M-BIRTH-1", "M-BIRTH-2"),
        "DrawCard": ("M-DRAW-1",),
        "EndActions": ("M-ACT-1",),
        "PlayCard": ("M-CARD-PLAY-1",),
    }

    KEYWORDS = (*BoardCore.KEYWORDS, "viewer")

    def __init__(self, game: mesopotamia.Game | None = None, *,
                 bots: Mapping[int, Bot] | None = None, lang: str = "en",
                 autoplay: bool = True, name: str = "", viewer: int | str | None = None,
                 level: str | None = None, why_bots: bool = False,
                 **kwargs: Any):
        self._check_keywords(kwargs)
        if game is None:
            game = mesopotamia.new_game(players=4)
        if not isinstance(game, mesopotamia.Game):
            raise TypeError(f"game must be a mesopotamia.Game, not {type(game).__name__}")
        self._viewer = _check_viewer(viewer, game.state.players)
        super().__init__(game, bots=bots, lang=lang, autoplay=autoplay, name=name,
                         level=level, why_bots=why_bots)

    @property
    def viewer(self) -> int | str | None:
        """Whose eyes the map shows (see the class docstring); setting it redraws."""
        return self._viewer

    @viewer.setter
    def viewer(self, value: int | str | None) -> None:
        self._viewer = _check_viewer(value, self.game.state.players)
        self.refresh()

    def eyes(self, state: State) -> int | str | None:
        """The viewer for `state`: a player, None (a spectator) or "all"."""
        if self._viewer is not None:
            return self._viewer
        if state.is_over:
            return "all"
        humans = [p for p in range(state.players) if p not in self.bots]
        if not humans:
            return "all"  # bots among themselves: nobody to hide anything from
        if state.to_move in humans:
            return state.to_move
        return humans[0] if len(humans) == 1 else None

    # Drawing ------------------------------------------------------------------------------

    def picture(self, state: State) -> str:
        # Earlier positions too are seen through the eyes of whoever is at the board now: the
        # history slider must not show one player what another hid.
        return render(state, viewer=self.eyes(self.game.state), lang=self.lang,
                      recent=self._recent(state))

    def _recent(self, state: State) -> list[str]:
        """Fields placed (a discovery, a volcano) by the move that led to `state` and the bot
        moves just before it, back to the last human move: what is new since the human looked."""
        history = self.game.history
        ply = next((n for n in range(len(history) - 1, -1, -1) if history[n] is state), None)
        log = self.game.log
        fields: list[str] = []
        while ply:
            ply -= 1
            fields += [e.field for e in log[ply][1]
                       if isinstance(e, (ev.FieldDiscovered, ev.VolcanoPlaced))]
            if self.is_human(history[ply].to_move):
                break
        return sorted(fields)

    def choices_for(self, state: State) -> dict[str, Any]:
        """What a click may do in `state`, all from the engine's legal moves: each own native's
        reachable fields (cost and the way there) and edge places to discover, the free
        actions of phase I, the building sites of phase II, the choices inside a discovery,
        and the cards with their targets; with the words the page shows."""
        player = state.to_move
        lang = self.lang
        out: dict[str, Any] = {
            "mode": "game", "phase": state.phase, "player": player,
            "human": self.is_human(player), "ply": len(self.game.moves),
            "page": PAGE_WORDS[lang],
            "names": [player_name(p, lang) for p in range(state.players)],
        }
        if state.is_over or not out["human"]:
            return out
        words = WORDS[lang]
        # Card plays are most of the moves (a Teleport reaches every field): split them off once.
        moves, plays = [], []
        for m in mesopotamia.legal_moves(state):
            (plays if m.KIND == "play" else moves).append(m)
        out["points"] = state.points
        out["actions"] = []  # the action panel: {"group", "label", "move"}
        if state.phase == "move":
            self._movement_choices(state, moves, out, words)
        elif state.phase == "action":
            self._action_choices(state, moves, out, words)
        elif state.phase == "volcano":
            out["volcano"] = [m.place for m in moves]
            out["target"] = mesopotamia.fmt(state.pending[:2])
        elif state.phase == "spread":
            good, count = ("L", "S")[state.pending[0]], state.pending[1]
            combos = [list(m.fields) for m in moves]
            out["spread"] = {"good": words[_GOOD[good]], "count": count, "combos": combos,
                             "fields": sorted({f for c in combos for f in c})}
        elif state.phase == "land":
            shown = list(state.candidates)
            out["target"] = mesopotamia.fmt(state.pending[:2])
            out["land"] = [{"label": words["choose_tile"].format(
                kind=KIND_NAMES[lang][_letter(m.tile)], count=shown.count(_letter(m.tile))),
                "kind": _letter(m.tile), "move": m.to_dict()} for m in moves]
        self._card_choices(state, plays, out, words)
        return out

    def _movement_choices(self, state: State, moves: list[Any], out: dict[str, Any],
                          words: Mapping[str, str]) -> None:
        p = state.to_move
        natives: dict[str, dict[str, Any]] = {}

        def entry(field: str, token: str) -> dict[str, Any]:
            key = native_key(field, p, token)
            if key not in natives:
                natives[key] = {"field": field, "token": token, "label": _native_words(
                    token, words), "go": {}, "discover": []}
            return natives[key]

        dests: dict[tuple[str, str], list[str]] = {}
        for m in moves:
            if isinstance(m, mesopotamia.Go):
                dests.setdefault((m.origin, m.native), []).append(m.destination)
                entry(m.origin, m.native)
            elif isinstance(m, mesopotamia.Discover):
                entry(m.origin, m.native)["discover"].append(m.place)
        for (field, token), fields in dests.items():
            entry(field, token)["go"] = self._ways(state, field, token, fields)
        # Own natives that cannot move still get selected (and say so).
        for q, r, owner, cargo, stole in state.natives:
            if owner == p:
                entry(mesopotamia.fmt((q, r)), mesopotamia.state.cargo_token(cargo, stole))
        out["natives"] = natives
        name = player_name(p, self.lang)
        actions = out["actions"]
        for m in moves:
            if isinstance(m, mesopotamia.PickUp):
                who = _native_words(m.native, words)
                if m.native in ("L", "S"):
                    label = words["swap"].format(who=who, field=m.field,
                                                 old=words[_GOOD[m.native]],
                                                 good=words[_GOOD[m.good]])
                else:
                    label = words["pick"].format(who=who, field=m.field,
                                                 good=words[_GOOD[m.good]])
                actions.append({"group": m.field, "label": label, "move": m.to_dict(),
                                "native": native_key(m.field, p, m.native)})
            elif isinstance(m, mesopotamia.Drop):
                who = _native_words(m.native, words)
                good = m.native.rstrip("!")
                if m.field == "0,0" and good == "S":
                    label = words["temple_stone"].format(who=who)
                else:
                    label = words["drop"].format(who=who, field=m.field, good=words[_GOOD[good]])
                actions.append({"group": m.field, "label": label, "move": m.to_dict(),
                                "native": native_key(m.field, p, m.native)})
            elif isinstance(m, mesopotamia.Steal):
                actions.append({"group": m.field, "label": words["steal"].format(
                    good=words[_GOOD[m.good]], victim=player_name(m.victim, self.lang),
                    field=m.field), "move": m.to_dict()})
            elif isinstance(m, mesopotamia.TakeMarker):
                actions.append({"group": m.field, "label": words["lift"].format(
                    value=m.value, field=m.field), "move": m.to_dict()})
            elif isinstance(m, mesopotamia.Offer):
                actions.append({"group": "0,0", "label": words["offer"].format(value=m.value),
                                "move": m.to_dict()})
        end = next(m for m in moves if isinstance(m, mesopotamia.EndMovement))
        out["end"] = {"label": words["end_lost_1" if state.points == 1 else "end_lost"].format(
            points=state.points) if state.points
                      else words["end"], "move": end.to_dict()}
        # A native with a marker it may place, heading for the temple without the mana to pay,
        # is pushed back (R-M9): say so before the click.
        for data in natives.values():
            token = data["token"]
            if token.startswith("M") and "0,0" in data["go"]:
                value = int(token[1])
                if state.mana[p] < value:
                    data["warn"] = {"0,0": words["pushed"].format(
                        player=name, mana=state.mana[p], value=value,
                        field=data["go"]["0,0"][1])}

    def _ways(self, state: State, field: str, token: str,
              legal: list[str]) -> dict[str, list[Any]]:
        """``{destination: [cost, previous field]}`` for the legal destinations of a native.

        The ways come from the engine's `board.reach`, whose `through_temple` depends on what
        the native carries (R-M6, R-M9); the guess from the token is checked against the legal
        destinations, and where neither reading matches them each move is tried on the engine
        and its cost read from the event (the way is then drawn as a straight line)."""
        tiles = dict(state.tiles)
        origin = mesopotamia.parse_coord(field)
        cargo, _ = parse_token(token)
        passes = token[0] not in "LSM"
        wanted = set(legal)
        for through in (passes, not passes):
            ways = reach(tiles, origin, state.points, through)
            if {mesopotamia.fmt(c) for c in ways} == wanted:
                return {mesopotamia.fmt(c): [cost, mesopotamia.fmt(prev)]
                        for c, (cost, prev) in sorted(ways.items())}
        out = {}
        for dest in sorted(legal):
            _, events = mesopotamia.apply(state, mesopotamia.Go(field, token, dest))
            cost = next(e.cost for e in events if isinstance(e, ev.NativeMoved))
            out[dest] = [cost, field]
        return out

    def _action_choices(self, state: State, moves: list[Any], out: dict[str, Any],
                        words: Mapping[str, str]) -> None:
        sites: dict[str, list[dict[str, Any]]] = {}
        for m in moves:
            if isinstance(m, mesopotamia.BuildHut):
                label = (words["hut"].format(field=m.field, value=m.marker) if m.marker
                         else words["hut_none"].format(field=m.field))
            elif isinstance(m, mesopotamia.BuildHoly):
                label = words["holy"].format(field=m.field)
            elif isinstance(m, mesopotamia.Birth):
                label = words["birth"].format(field=m.field)
            else:
                continue
            sites.setdefault(m.field, []).append({"label": label, "move": m.to_dict()})
            out["actions"].append({"group": m.field, "label": label, "move": m.to_dict()})
        out["sites"] = sites
        out["repeat"] = bool(state.action)
        # Nothing to build or draw, yet the turn goes on: a held card may still be played.
        can_act = bool(sites) or any(isinstance(m, mesopotamia.DrawCard) for m in moves)
        out["prompt_key"] = ("action_again" if state.action and can_act else
                             "action" if can_act else "action_cards")
        for m in moves:
            if isinstance(m, mesopotamia.DrawCard):
                out["actions"].append({"group": "", "label": words["draw"], "move": m.to_dict()})
            elif isinstance(m, mesopotamia.EndActions):
                out["end"] = {"label": words["done"], "move": m.to_dict()}

    def _card_choices(self, state: State, moves: list[Any], out: dict[str, Any],
                      words: Mapping[str, str]) -> None:
        p = state.to_move
        lang = self.lang
        plays: dict[str, list[Any]] = {}
        for m in moves:
            plays.setdefault(m.card, []).append(m)
        hand = []
        for card in dict.fromkeys(sorted(state.hands[p])):
            entry: dict[str, Any] = {"card": card, "name": card_name(card, lang),
                                     "text": CARD_TEXT[lang][card],
                                     "count": state.hands[p].count(card)}
            ms = plays.get(card, [])
            if not ms:
                entry["how"] = "none"
            elif card in ("teleport", "expulsion"):
                entry["how"] = "move"
                sources: dict[str, dict[str, dict[str, Any]]] = {}
                for m in ms:  # hundreds of moves, a handful of targets: word each target once
                    here = sources.setdefault(m.field, {})
                    target = here.get(m.target)
                    if target is None:
                        target = here[m.target] = {"target": m.target, "to": [], "label":
                                                   _target_words(m.target, words, lang)}
                    target["to"].append(m.to)
                entry["sources"] = {f: list(ts.values()) for f, ts in sources.items()}
            elif card == "priest":
                entry["how"] = "holy"
                entry["fields"] = {m.field: m.to_dict() for m in ms}
            elif card == "mana_theft":
                entry["how"] = "victim"
                entry["victims"] = [{"label": words["rob"].format(
                    victim=player_name(int(m.target), lang), mana=state.mana[int(m.target)]),
                    "move": m.to_dict()} for m in ms]
            else:
                entry["how"] = "now"
                entry["move"] = ms[0].to_dict()
            hand.append(entry)
        out["hand"] = hand
        out["fresh"] = card_name(state.fresh, lang) if state.fresh else ""

    # Intents ------------------------------------------------------------------------------

    def intents(self) -> dict[str, Any]:
        return {**super().intents(), "explain": self._explain}

    def _explain(self, content: Mapping[str, Any]) -> None:
        """A click the choices do not cover: say why nothing happens, in the engine's words
        where a move was meant."""
        words = WORDS[self.lang]
        state = self.game.state
        if state.is_over:
            raise SumerErrorForMessage(words["over"])
        p = state.to_move
        name = player_name(p, self.lang)
        if not self.is_human(p):
            raise SumerErrorForMessage(words["bot_turn"].format(player=name))
        key = content.get("native")
        if key is not None:
            field, owner, token = _split_key(key, state.players)
            if owner != p:
                raise SumerErrorForMessage(words["not_yours"].format(
                    owner=player_name(owner, self.lang), player=name))
            # An own native with nothing to do: the engine says why it cannot move.
            raise self._refusal(state, [mesopotamia.Go(
                field, token, mesopotamia.fmt(_neighbour(state, field)))])
        field = content.get("field")
        c = mesopotamia.parse_coord(field, "field")
        field = mesopotamia.fmt(c)
        place = field_name(field, state, self.lang)  # in words, as the log says it
        if state.phase == "move":
            if not any((n[0], n[1]) == c and n[2] == p for n in state.natives):
                raise SumerErrorForMessage(words["no_native"].format(player=name, field=place))
            raise SumerErrorForMessage(words["nothing_here"].format(field=place))
        if state.phase == "action":
            marker = min(state.markers[p], default=0)
            raise self._refusal(state, [
                mesopotamia.BuildHut(field, marker), mesopotamia.BuildHoly(field),
                mesopotamia.Birth(field)], [words["no_hut"], words["no_holy"], words["no_birth"]])
        if state.phase == "volcano":
            raise self._refusal(state, [mesopotamia.PlaceVolcano(field)])
        if state.phase == "spread":
            raise self._refusal(state, [mesopotamia.Spread((field,))])
        raise SumerErrorForMessage(words["nothing_here"].format(field=place))

    def _refusal(self, state: State, moves: list[Any],
                 heads: list[str] | None = None) -> SumerErrorForMessage:
        """The engine's reasons for refusing each of `moves` (a legal one is not mentioned),
        in the board's language, naming the rule of the first."""
        reasons, rules = [], []
        for k, move in enumerate(moves):
            try:
                mesopotamia.apply(state, move)
            except SumerError as exc:
                reason = exc.describe(self.lang)
                reasons.append(f"{heads[k]}: {reason}" if heads else reason)
                rules.append(exc.rule)
        return SumerErrorForMessage("; ".join(reasons) or "—", rule=next(
            (rule for rule in rules if rule), None))

    def __repr__(self) -> str:
        state = self.game.state
        return f"<{type(self).__name__}: {state.summary()}>"


def _target_words(target: str, words: Mapping[str, str], lang: str) -> str:
    """A card's target in words: ``"c1:S"`` → "the stone Red's native carries", ..."""
    if target in _GOOD:
        return words["t_good"].format(good=words[_GOOD[target]])
    owner = player_name(int(target[1]), lang)
    if target[0] == "h":
        return words["t_hut_marker" if target[2] == "+" else "t_hut"].format(owner=owner)
    token = target[3:]
    if target[0] == "c":
        return words["t_carried"].format(good=words[_GOOD[token.rstrip("!")]], owner=owner)
    return words["t_native"].format(owner=owner, what=_native_words(token, words))


def _letter(word: str) -> str:
    return next(k for k, w in LETTER_WORD.items() if w == word)


def _native_words(token: str, words: Mapping[str, str]) -> str:
    """``"L"`` → "native with lumber", ``"M4"`` → "native with marker 4", ...; for labels."""
    stole = token.endswith("!")
    body = token.rstrip("!")
    if body == ".":
        text = words["native_free"]
    elif body in _GOOD:
        text = words["native_with"].format(what=words[_GOOD[body]])
    else:
        key = "marker_value" if body[0] == "M" else "marker_fresh"
        text = words["native_with"].format(what=words[key].format(value=body[1]))
    return text + (words["stole"] if stole else "")


def _split_key(key: Any, players: int) -> tuple[str, int, str]:
    """``"q,r|owner|token"`` → its parts; raises `InvalidInput` for anything else (an owner
    who is not a player included)."""
    parts = key.split("|") if isinstance(key, str) else []
    owner = parse_whole(parts[1]) if len(parts) == 3 else None
    if owner is None or not 0 <= owner < players:
        raise InvalidInput(f"a native is named 'q,r|owner|token' with an owner 0 to "
                           f"{players - 1}, not {shown(key)}")
    field = mesopotamia.fmt(mesopotamia.parse_coord(parts[0], "field"))
    parse_token(parts[2])
    return field, owner, parts[2]


def _neighbour(state: State, field: str) -> tuple[int, int]:
    """A field next to `field` (the first in the engine's direction order), for asking the
    engine why a native cannot move there."""
    q, r = mesopotamia.parse_coord(field)
    tiles = dict(state.tiles)
    for dq, dr in DIRECTIONS:
        if tiles.get((q + dq, r + dr), "V") != "V":
            return (q + dq, r + dr)
    return (q + DIRECTIONS[0][0], r + DIRECTIONS[0][1])


def _check_viewer(viewer: Any, players: int) -> int | str | None:
    if viewer is None or viewer == "all":
        return viewer
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise ValueError(f"viewer must be None, 'all' or a player 0 to {players - 1}, "
                         f"not {shown(viewer)}")
    return viewer


__all__ = ["MesopotamiaCore"]
