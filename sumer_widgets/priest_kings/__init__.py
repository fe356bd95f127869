"""The visible layer of Priest-Kings of God: its board (`board`; in the page ``board.js`` and
``board.css``), its picture (`picture`), its values told in words (`readers`), its lesson
(`lesson`) and its plots (`plots`). `CARD` tells the shared parts about it (`sumer_widgets.games`).
"""

from sumer_widgets.games import Card
from sumer_widgets.priest_kings.board import CampaignMap
from sumer_widgets.priest_kings.picture import render

CARD = Card(
    title="Priest-Kings of God",
    board=CampaignMap,
    picture=render,
    notebook="04-priest-kings",
    blurb=("Four city-states at war: Kish, Lagash, Uruk and Ur attack, make vassals and "
           "overlords, and fight battles with dice."),
    players=4,
    instructions=("You are Kish. Click Kish, then a lit city to attack it (or a button to do "
                  "something else); when a battle is yours, roll the dice. The bots rule the "
                  "other cities."),
)

__all__ = ["CARD", "CampaignMap", "render"]
