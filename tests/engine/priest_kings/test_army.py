"""Army lists as data: the shipped I/1 list, the reorganization, and refusals."""

from __future__ import annotations

import copy

import pytest

from engine.core import IllegalMove, InvalidInput
from engine.priest_kings import Army

rules = pytest.mark.rules


@rules("P-SETUP-2")
def test_the_standard_list_is_200_ap_of_i1_in_three_commands():
    army = Army.standard()
    assert army.points == 200 and army.total_ap == 200
    assert "I/1" in army.name and "3000 BC" in army.name
    assert "reconstruction" in army.name.lower() and "reconstruction" in army.source.lower()
    assert [c.id for c in army.commands] == ["centre", "right", "left"]
    assert army.total_me == 39 and army.elements == 44
    for command in army.commands:
        assert command.count("Reg Bd (F)", general=True) == 1
        assert command.count("Reg Bw (I)") == 8
    assert {t.name: (t.type, t.grade, t.ap, t.me) for t in army.troops} == {
        "Reg Bd (F)": ("Bd", "F", 6, 1), "Reg Bw (I)": ("Bw", "I", 4, 0.5),
        "Ps (O)": ("Ps", "O", 2, 0.5)}
    assert Army.from_dict(army.to_dict()) == army
    assert Army.from_json(army.to_json()) == army


@rules("P-REORG-1", "P-REORG-2")
def test_reorganizing_swaps_four_bows_of_one_corps_for_one_blade_for_good():
    army = Army.standard()
    after = army.reorganize("right")
    assert after.command("right").count("Reg Bw (I)") == 4
    assert after.command("right").count("Reg Bd (F)") == 5
    assert after.command("left") == army.command("left")
    assert after.command("centre") == army.command("centre")
    assert after.total_ap == 190 and after.total_me == 38 and after.elements == 41
    assert army.command("right").count("Reg Bw (I)") == 8, "the old list is unchanged"
    twice = after.reorganize("right")
    assert twice.command("right").count("Reg Bw (I)") == 0
    assert twice.reorganizable() == ("centre", "left")
    with pytest.raises(IllegalMove, match="has 0 Reg Bw \\(I\\): a reorganization swaps 4"):
        twice.reorganize("right")
    assert Army.from_dict(twice.to_dict()) == twice


@rules("P-REORG-1")
def test_the_general_is_never_swapped_and_bows_may_come_from_several_entries():
    data = Army.standard().to_dict()
    data["commands"][0]["elements"] = [
        {"troops": "Reg Bw (I)", "count": 1, "general": True},
        {"troops": "Reg Bw (I)", "count": 2}, {"troops": "Ps (O)", "count": 1},
        {"troops": "Reg Bw (I)", "count": 3}]
    army = Army.from_dict(data)
    with pytest.raises(IllegalMove):
        Army.from_dict({**data, "commands": [{**data["commands"][0], "elements": [
            {"troops": "Reg Bw (I)", "count": 1, "general": True},
            {"troops": "Reg Bw (I)", "count": 3}]}]}).reorganize("centre")
    after = army.reorganize("centre").command("centre")
    assert after.count("Reg Bw (I)", general=True) == 1
    assert after.count("Reg Bw (I)") == 1 and after.count("Reg Bd (F)") == 1
    assert [e.troops for e in after.elements] == ["Reg Bw (I)", "Ps (O)", "Reg Bw (I)",
                                                 "Reg Bd (F)"]


def test_a_list_without_reg_bd_f_cannot_reorganize():
    data = Army.standard().to_dict()
    for command in data["commands"]:
        for element in command["elements"]:
            if element["troops"] == "Reg Bd (F)":
                element["troops"] = "Ps (O)"
    data["troops"] = [t for t in data["troops"] if t["name"] != "Reg Bd (F)"]
    army = Army.from_dict(data)
    assert army.reorganizable() == ()
    with pytest.raises(IllegalMove, match="has no Reg Bd \\(F\\)"):
        army.reorganize("left")


def test_unknown_corps_is_invalid_input():
    with pytest.raises(InvalidInput, match="unknown corps 'rear'; this army's corps are centre"):
        Army.standard().reorganize("rear")


def edit(path, value):
    data = copy.deepcopy(Army.standard().to_dict())
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(("data", "message"), [
    (edit(["points"], 150), "cost 200 AP, more than the list's 150"),
    (edit(["points"], 0), "points must be at least 1"),
    (edit(["troops", 0, "type"], "Zz"), "unknown troop type 'Zz'"),
    (edit(["troops", 0, "grade"], "Q"), "unknown grade 'Q'"),
    (edit(["troops", 0, "me"], 0.3), "me a whole or half number"),
    (edit(["troops", 0, "ap"], -1), "ap must be a whole number"),
    (edit(["troops", 1, "name"], "Reg Bd (F)"), "used twice"),
    (edit(["commands", 0, "elements", 1, "troops"], "Kn (S)"), "not defined in the list"),
    (edit(["commands", 0, "elements", 1, "count"], 0), "count must be at least 1"),
    (edit(["commands", 0, "elements", 0, "count"], 2), "exactly 1 for the general"),
    (edit(["commands", 0, "elements", 0, "general"], False), "has 0 general's elements"),
    (edit(["commands", 1, "id"], "centre"), "unique"),
    (edit(["commands"], []), "has no commands"),
    (edit(["commands", 0, "elements", 0, "general"], "yes"), "general must be true or false"),
    (edit(["troops"], ...), "has no 'troops'"),
    (edit(["colour"], "red"), "unknown field"),
    ([], "must be an object"),
])
def test_bad_army_lists_are_refused_with_the_reason(data, message):
    with pytest.raises(InvalidInput, match=message):
        Army.from_dict(data)
