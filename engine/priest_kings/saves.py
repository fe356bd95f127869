"""Reading a campaign state back from its save-file form (`State.to_dict`), checked.

Every field is checked for its type and range, then the whole state for the rules' invariants
(`rules.check_state`), so a tampered or hand-written save is refused with the field named and
never loads as a position the rules could not reach. It sits above `rules`, which it needs for
those invariants; the state itself stays below everything that reads it.
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, check_keys, field, saved_state, shown
from engine.priest_kings.army import Army
from engine.priest_kings.board import CampaignMap
from engine.priest_kings.rules import check_state
from engine.priest_kings.state import INDEPENDENT, PLAYERS, Options, State


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    where = saved_state(data, "priest_kings", (
        "ruleset", "map", "options", "players", "seed", "turn", "phase", "order", "step",
        "attacks", "overlord", "blessed", "armies", "made", "battles_fought", "to_move"))
    map_data = data.get("map")
    campaign_map = (CampaignMap.standard() if map_data == "standard"
                    else CampaignMap.from_dict(map_data))

    def city(value: Any, what: str) -> int:
        if not isinstance(value, str):
            raise InvalidInput(f"{where}: {what} must be a city id, not {shown(value)}")
        try:
            return campaign_map.index_of(value)
        except InvalidInput as exc:
            raise InvalidInput(f"{where}: {what}: {exc.reason}") from None

    players = field(data, "players", int, where)
    if players != PLAYERS:
        raise InvalidInput(f"{where}: players must be {PLAYERS}, not {players}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise InvalidInput(f"{where}: seed must be a whole number ≥ 0 (or null in a view)")
    order = tuple(city(c, "order") for c in field(data, "order", list, where))
    attacks = []
    for pair in field(data, "attacks", list, where):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidInput(f"{where}: each attack must be [attacker, defender]")
        attacks.append((city(pair[0], "attacker"), city(pair[1], "defender")))
    overlord = [INDEPENDENT] * players
    for vassal, lord in field(data, "overlord", dict, where).items():
        overlord[city(vassal, "vassal")] = city(lord, "overlord")
    blessed = [False] * players
    for c in field(data, "blessed", list, where):
        blessed[city(c, "blessed city")] = True
    armies = []
    raw_armies = field(data, "armies", dict, where)
    check_keys(raw_armies, [c.id for c in campaign_map.cities], f"{where}.armies")
    for c in campaign_map.cities:
        raw = raw_armies.get(c.id)
        if raw is None:
            raise InvalidInput(f"{where}.armies has no army for {shown(c.id)}")
        armies.append(Army.standard() if raw == "standard" else Army.from_dict(raw))
    made = [[0] * players for _ in range(players)]
    for entry in field(data, "made", list, where):
        if (not isinstance(entry, list) or len(entry) != 3 or isinstance(entry[2], bool)
                or not isinstance(entry[2], int) or entry[2] < 1):
            raise InvalidInput(f"{where}: each 'made' entry is [vassal, overlord, count ≥ 1]")
        made[city(entry[0], "made vassal")][city(entry[1], "made overlord")] = entry[2]
    to_move = data.get("to_move")
    state = State(
        map=campaign_map,
        options=Options.from_dict(field(data, "options", dict, where)),
        players=players,
        seed=seed,
        turn=field(data, "turn", int, where),
        phase=field(data, "phase", str, where),
        order=order,
        step=field(data, "step", int, where),
        attacks=tuple(attacks),
        overlord=tuple(overlord),
        blessed=tuple(blessed),
        armies=tuple(armies),
        made=tuple(tuple(row) for row in made),
        battles_fought=field(data, "battles_fought", int, where),
        to_move=None if to_move is None else city(to_move, "to_move"),
    )
    check_state(state)
    return state
