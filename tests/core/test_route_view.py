"""The route drawn from the side (#50, item 7): each leg's mark is its chance of getting past it, worked
here by hand; the path climbs, jumps and drops where the legs say; the words a screen reader hears name
every leg."""

from __future__ import annotations

import re
from fractions import Fraction as F

from rulescore.route.plan import plan
from rulescore.web.route_view import route_view
from tests.core.test_routes import MORDHEIM, d6_under

LEGS = ["climb up 2", "gap 1", "jump down 2", "move 1"]


def marks(html: str) -> list[str]:
    return re.findall(r'class="calc-view-mark"[^>]*>([^<]*)<', html)


def lines(html: str, kind: str) -> list[tuple[float, float, float, float]]:
    found = re.findall(rf'<line class="{kind}" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/>', html)
    return [tuple(float(n) for n in line) for line in found]


def test_each_leg_is_marked_with_its_chance_of_getting_past_it():
    # I4 passes 4 in 6: the climb (one test), the gap (one test), the 2" jump down (one test); the walk takes none.
    test = d6_under(4)
    past = [test, test**2, test**3, test**3]
    assert past == [F(2, 3), F(4, 9), F(8, 27), F(8, 27)]
    html = route_view(plan("mordheim-1999", MORDHEIM, LEGS))
    assert marks(html) == ["1: 67%", "2: 44%", "3: 30%", "4: 30%"]
    said = re.search(r'aria-label="([^"]*)"', html).group(1)
    assert said.startswith("The route from the side: leg 1, climb up 2&quot;: 66.7% get past it; leg 2, gap 1&quot;")


def test_the_path_climbs_jumps_and_drops_where_the_legs_say():
    html = route_view(plan("mordheim-1999", MORDHEIM, LEGS))
    (ground,) = lines(html, "calc-view-ground")
    climb, on_top = lines(html, "calc-view-path")[:2]
    assert climb[0] == climb[2] and ground[1] - climb[3] == 2  # straight up the wall, 2" above the ground
    gap, jump = lines(html, "calc-view-jump")
    assert gap[1] == gap[3] == climb[3] and gap[2] - gap[0] >= 1  # across at the height climbed
    assert jump[3] == ground[1]  # down to the ground
    (fall,) = lines(html, "calc-view-fall")
    assert fall[3] == ground[1]  # a failed gap falls from the height reached
    charge = route_view(plan("mordheim-1999", {**MORDHEIM, "activation": "charge"}, ["move 2", "charge 3"]))
    assert charge.count('class="calc-view-enemy"') == 1 and marks(charge) == ["1: 100%", "2: 100%"]


def test_a_failed_detection_ends_the_route_before_its_charge():
    # Unseen within 4": I4 detects it 2 in 3 times; failing, the walk stops before the charge leg.
    html = route_view(plan("mordheim-1999", {**MORDHEIM, "activation": "charge", "target": "unseen"}, ["charge 2"]))
    assert marks(html) == ["1: 67%"]
