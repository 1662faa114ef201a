"""What the calculators take from outside the rules texts, and the judgement calls we made.

Every result lists the ids of the assumptions it used; the site's assumptions page shows them all.
"""

from __future__ import annotations

from typing import NamedTuple


class Assumption(NamedTuple):
    id: str
    title: str
    text: str
    source: str  # where the fact comes from, or "our reading" for a judgement call


ASSUMPTIONS = {
    a.id: a
    for a in (
        Assumption(
            "test-d6-under", "Initiative test on a D6",
            "Roll a D6: equal to or under the characteristic passes, and a 6 always fails. "
            "So the chance to pass is Initiative/6, at most 5/6.",
            "Mordheim rulebook and Warhammer rulebook, Characteristic tests",
        ),
        Assumption(
            "test-d12-over", "Initiative test on a D12 (Coreheim)",
            "Roll a D12: equal to or over the Initiative (a target number) passes; a 12 always passes "
            "and a 1 always fails. So the chance is (13 - I)/12, with I kept between 2 and 12.",
            "Coreheim v10, 1.1 Profile Characteristics",
        ),
        Assumption(
            "to-wound", "To wound by Strength against Toughness",
            "Strength 2 or more above Toughness wounds on 2+, 1 above on 3+, equal on 4+, 1 below on 5+, "
            "2 or 3 below on 6+, 4 or more below cannot wound.",
            "Mordheim rulebook, to wound chart",
        ),
        Assumption(
            "injury-mordheim", "Injuries (Mordheim)",
            "When Wounds reach 0, roll a D6 for that wound and each further wound and keep the highest: "
            "1-2 knocked down, 3-4 stunned, 5-6 out of action.",
            "Mordheim rulebook, Injuries",
        ),
        Assumption(
            "fall-coreheim", "Falling damage (Coreheim)",
            "A fall of X inches is one hit that wounds on a D12 roll of (10 - X) or more; the text's "
            "'WS X+ hits' is read as one hit, since v10 folded Strength into WS.",
            "Coreheim v10, Movement (Falling), and the v10 change notes",
        ),
        Assumption(
            "toughness-coreheim", "Toughness in Coreheim",
            "Coreheim profiles print Toughness as a modifier to rolls to wound the model (T +0, T -1): enter it "
            "as printed and it is added to the falling wound roll, so T -1 makes the roll one harder. The "
            "modifier comes from the v9 conversion, where T3 became +0 and T4 became -1.",
            "Coreheim v9 roll-high conversion",
        ),
        Assumption(
            "coreheim-natural-rolls", "A natural 12 and a natural 1 on Coreheim's D12",
            "Every Coreheim D12 roll, the falling hit's wound roll included, succeeds on a natural 12 and fails "
            "on a natural 1, whatever the modifiers. So a fall always has at least 1 in 12 to wound and at "
            "least 1 in 12 to leave the model unhurt.",
            "Coreheim v10, 1.1 Profile Characteristics, and the roll-high conversion notes on wound rolls",
        ),
        Assumption(
            "fall-under-an-inch", "A Mordheim fall of under an inch",
            "A fall's hits are at Strength equal to the whole inches fallen, and the to-wound chart starts at "
            "Strength 1: a drop of under an inch makes no hit. The chart is never stretched to Strength 0.",
            "our reading of Mordheim, Falling, and the to wound chart",
        ),
        Assumption(
            "nothing-is-not-a-fall", "0 inches is no fall, jump or climb",
            "A fall, jump, drop, climb or gap of 0 inches is not one, so those fields refuse 0 rather than "
            "give it odds.",
            "our reading",
        ),
        Assumption(
            "injury-coreheim", "Injuries (Coreheim)",
            "When Wounds reach 0, roll a D12 for each wound taken that turn and keep the highest: "
            "1-4 knocked down, 5-8 stunned, 9-12 out of action.",
            "Coreheim v10, 1.7 Wounds and Injuries",
        ),
        Assumption(
            "leadership", "Leadership tests",
            "Roll 2D6: equal to or under Leadership passes.",
            "Mordheim and Warhammer rulebooks",
        ),
        Assumption(
            "tc-distance", "Charge distance in Trench Crusade",
            "The distance asked for is the gap between the two models' bases, so a charger must move at "
            "least (distance - 1) inches to end within 1 inch.",
            "our reading of Trench Crusade, Taking a Charge",
        ),
        Assumption(
            "tc-difficult-terrain", "Difficult terrain in Trench Crusade",
            "Each inch moved through difficult terrain counts as 2 inches.",
            "Trench Crusade core rules, Terrain",
        ),
        Assumption(
            "whole-route-terrain", "Terrain covers the whole route",
            "The terrain chosen is taken to cover the whole distance; for mixed ground, work out the part "
            "in difficult ground yourself.",
            "our simplification",
        ),
        Assumption(
            "within-includes-edge", "'Within' includes the distance itself",
            "An enemy exactly 8 inches away is within 8 inches; the same for every 'within'.",
            "our reading",
        ),
        Assumption(
            "fraction-inches", "Part inches",
            "Distances may be given in part inches (7.5). A fall's Strength is the whole inches fallen, "
            "and tests are taken per full 2 inches, so 5.5 inches counts as 5 for Strength and 2 tests.",
            "our reading of 'height in inches' and 'every full 2 inches'",
        ),
        Assumption(
            "gap-over-max-falls", "Gaps wider than the maximum (Mordheim)",
            "Mordheim does not let you measure before jumping. A gap wider than 3 inches cannot be cleared, "
            "so the model falls, as when it lacks the movement.",
            "our reading of Mordheim, Jumping over gaps",
        ),
        Assumption(
            "fall-full-height", "How far a failed jump falls",
            "A model that fails a jump down falls the whole height it jumped from. A failed gap jump or a "
            "slip from an edge falls the height you enter as the drop below.",
            "Mordheim and Coreheim, Jumping down; our reading for gaps and edges",
        ),
        Assumption(
            "lrb-interception", "Interception is the opponent's choice (Living Rulebook)",
            "Whether an enemy near the route intercepts is up to the opponent, not a roll, so the result shows "
            "two answers: the charge if the enemy lets it through, and the interception if it steps in.",
            "Mordheim Living Rulebook, Charge",
        ),
        Assumption(
            "tc-line-of-sight", "Line of sight for a Trench Crusade charge",
            "The charge target must be in line of sight. The cut copy of the rules held here does not say so; "
            "it comes from the Trench Crusade core rules, so a charge at an unseen target is refused.",
            "Trench Crusade core rules, Charge",
        ),
        Assumption(
            "tc-charge-cap", "The 12 inch cap on a Trench Crusade charge",
            "The cap limits what the D6 charge bonus adds: Movement plus the bonus is at most 12 inches, but a "
            "model whose own Movement is over 12 still moves its Movement (an M13 model charges 13 inches).",
            "Trench Crusade, Taking a Charge, read with its core rules",
        ),
        Assumption(
            "climb-fixed-limit", "Coreheim climbing ignores Movement",
            "Coreheim limits a climb to 4 inches a turn and says nothing of Movement, so the climb is not "
            "checked against Movement or taken off it; the calculator does not ask for it.",
            "our reading of Coreheim v10, Climbing",
        ),
        Assumption(
            "coreheim-hiding", "Spotting in Coreheim",
            "Coreheim writes Initiative as a target number (I7+; lower is better), and the rule 'within its "
            "Initiative value in inches' is taken literally with that number. So a worse Initiative spots "
            "from further away: an I9+ enemy spots a hidden model at 9 inches, an I4+ one only at 4.",
            "our reading of Coreheim v10, Hiding",
        ),
        Assumption(
            "flee-escape", "A flee that escapes",
            "A unit that flees escapes the charge if the distance it started at plus its flee roll is more "
            "than the charger's charge move; both move in a straight line.",
            "our reading of Warhammer 6th, Flee",
        ),
    )
}
