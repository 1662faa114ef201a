"""What the calculators take from outside the rules texts, and the judgement calls we made.

Every result lists the ids of the assumptions it used; the site's assumptions page shows them all.
The readings the calculators' own code makes are here; what one ruleset's numbers take from
outside its text is in that ruleset's folder (rules/<id>/assumptions.toml).
"""

from __future__ import annotations

from typing import NamedTuple

from rulescore.reading.folder import RulesFileError, TomlFile


class Assumption(NamedTuple):
    id: str
    title: str
    text: str
    source: str  # where the fact comes from, or "our reading" for a judgement call


# The readings the code makes, whichever ruleset it computes for.
GENERAL = {
    a.id: a
    for a in (
        Assumption(
            "to-wound",
            "To wound by Strength against Toughness",
            "Strength 2 or more above Toughness wounds on 2+, 1 above on 3+, equal on 4+, 1 below on 5+, "
            "2 or 3 below on 6+, 4 or more below cannot wound.",
            "Mordheim rulebook, to wound chart",
        ),
        Assumption(
            "fall-under-an-inch",
            "A Mordheim fall of under an inch",
            "A fall's hits are at Strength equal to the whole inches fallen, and the to-wound chart starts at "
            "Strength 1: a drop of under an inch makes no hit. The chart is never stretched to Strength 0.",
            "our reading of Mordheim, Falling, and the to wound chart",
        ),
        Assumption(
            "nothing-is-not-a-fall",
            "0 inches is no fall, jump or climb",
            "A fall, jump, drop, climb or gap of 0 inches is not one, so those fields refuse 0 rather than "
            "give it odds.",
            "our reading",
        ),
        Assumption(
            "leadership",
            "Leadership tests",
            "Roll 2D6: equal to or under Leadership passes.",
            "Mordheim and Warhammer rulebooks",
        ),
        Assumption(
            "whole-route-terrain",
            "Terrain covers the whole route",
            "The terrain chosen is taken to cover the whole distance; for mixed ground, work out the part "
            "in difficult ground yourself.",
            "our simplification",
        ),
        Assumption(
            "within-includes-edge",
            "'Within' includes the distance itself",
            "An enemy exactly 8 inches away is within 8 inches; the same for every 'within'.",
            "our reading",
        ),
        Assumption(
            "fraction-inches",
            "Part inches",
            "Distances may be given in part inches (7.5). A fall's Strength is the whole inches fallen, "
            "and tests are taken per full 2 inches, so 5.5 inches counts as 5 for Strength and 2 tests.",
            "our reading of 'height in inches' and 'every full 2 inches'",
        ),
        Assumption(
            "gap-over-max-falls",
            "Gaps wider than the maximum (Mordheim)",
            "Mordheim does not let you measure before jumping. A gap wider than 3 inches cannot be cleared, "
            "so the model falls, as when it lacks the movement.",
            "our reading of Mordheim, Jumping over gaps",
        ),
        Assumption(
            "fall-full-height",
            "How far a failed jump falls",
            "A model that fails a jump down falls the whole height it jumped from. A failed gap jump or a "
            "slip from an edge falls the height you enter as the drop below.",
            "Mordheim and Coreheim, Jumping down; our reading for gaps and edges",
        ),
        Assumption(
            "charge-no-climb",
            "No climbing during a Mordheim charge",
            "Mordheim's Climbing says a model cannot run while it climbs, and its Charge! calls a charge 'like a "
            "running move'. We read that a charge may not climb either, so a route that climbs in a charge is "
            "refused. The text does not say so in as many words: a group that lets chargers climb plays it "
            "otherwise.",
            "our reading of Mordheim, Charge! and Climbing",
        ),
        Assumption(
            "climb-opens-route",
            "A Mordheim climb opens the move",
            "A model must be touching what it climbs at the start of its movement phase, so a route puts its "
            "climb first: a climb after a move, a jump or another climb is refused. Climbing on up a wall it "
            "already touches is written as one climb leg of the whole height.",
            "our reading of Mordheim, Climbing",
        ),
        Assumption(
            "route-height",
            "How high a route is",
            "A route starts at the height you give (the ground, unless you say otherwise); each climb up adds its "
            "inches, each climb down and jump down takes them off, never below the ground. Moves are taken as "
            "level (stairs and ladders included). A failed gap jump falls from that height, unless the leg "
            "gives its own drop (gap 2 drop 4).",
            "our reading of the Jumping rules, which say the model falls but not how far",
        ),
        Assumption(
            "failed-charge-route",
            "Where a failed charge ends",
            "Mordheim moves a charger that cannot reach its normal Move towards the enemy. A route that needs more "
            "than the charge move is walked again with the model's Movement alone: the legs it reaches within it "
            "are taken as planned, tests and all, and it stops at the first leg it has no movement for (it does "
            "not leap a gap it cannot finish). A charge of Movement plus a roll walks as far as the roll takes "
            "it and stays there.",
            "our reading of Mordheim, Charge!, and Trench Crusade, Taking a Charge",
        ),
        Assumption(
            "unseen-failed-route",
            "A route after failing to see the target",
            "A charger that fails the Initiative test to detect an unseen target may not charge this turn but may "
            "move its normal distance. The route then walks the legs before its last one (the charge itself) as a "
            "normal move, with the model's Movement and the tests those legs take, and stops before the last leg, "
            "since a move that brings it into contact would be a charge.",
            "our reading of Mordheim, Charge!",
        ),
        Assumption(
            "interceptor-meets-last-leg",
            "Where an interceptor meets a route",
            "The text does not say where along the charge an intercepting enemy meets the charger. A route takes "
            "the interceptor to step in as the charger begins its last leg, so every leg before it is walked, "
            "tests and all; an enemy standing nearer the start would meet it sooner.",
            "our reading of the Mordheim Living Rulebook, Charge!",
        ),
        Assumption(
            "flee-escape",
            "A flee that escapes",
            "A unit that flees escapes the charge if the distance it started at plus its flee roll is more "
            "than the charger's charge move; both move in a straight line.",
            "our reading of Warhammer 6th, Flee",
        ),
    )
}


def read_assumptions(file: TomlFile, known: dict[str, Assumption]) -> None:
    """A ruleset's assumptions.toml: [[assumption]] entries with id, title, text and source, added to `known`."""
    path = file.path
    for key in file.data:
        if key != "assumption":
            raise file.fail(None, key, f"unknown key '{key}': this file holds [[assumption]] entries only")
    for entry in file.data.get("assumption", []):
        where = next((n for n, text in enumerate(file.lines, start=1) if f'id = "{entry.get("id")}"' in text), None)
        fields = ("id", "title", "text", "source")
        if set(entry) != set(fields) or not all(isinstance(entry[f], str) and entry[f].strip() for f in fields):
            raise RulesFileError(path, where, "each [[assumption]] needs exactly id, title, text and source, as text")
        if entry["id"] in known:
            raise RulesFileError(
                path, where, f"assumption '{entry['id']}' is already given (ids are shared by every ruleset)"
            )
        known[entry["id"]] = Assumption(*(entry[f] for f in fields))
