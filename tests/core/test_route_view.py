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


def _drawn(html: str) -> tuple[float, float, list[tuple[float, float, str]]]:
    """The drawing's size (its font, its height) and each mark's place and words."""
    size = float(re.search(r'font-size="([\d.]+)"', html).group(1))
    tall = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', html).group(1))
    found = re.findall(r'class="calc-view-mark" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<', html)
    return size, tall, [(float(x), float(y), words) for x, y, words in found]


def test_a_flat_route_has_room_for_its_marks_and_a_long_one_never_overlaps_them():
    """#64 item 9: two 8" legs drew a picture about 3 units tall that cut the second mark in half; forty
    48" legs drew one 2 px tall with no marks to read. Every mark drawn is whole inside the picture (its
    letters rise about its font size above where it stands) and no two on one line touch."""
    for legs, least in ((["move 8", "move 8"], 2), (["move 48"] * 40, 8)):
        result = plan("mordheim-1999", {**MORDHEIM, "move": "20", "activation": "move"}, legs)
        assert result.ok, result
        size, tall, drawn = _drawn(route_view(result))
        assert len(drawn) >= least, drawn
        assert all(y - size >= 0 and y <= tall for _, y, _ in drawn), (size, tall, drawn)
        for line in {y for _, y, _ in drawn}:
            row = sorted((x, words) for x, y, words in drawn if y == line)
            for (x1, w1), (x2, w2) in zip(row, row[1:], strict=False):
                assert x2 - x1 >= size * 0.3 * (len(w1) + len(w2)), (w1, w2)  # half of each, at 0.6 em a letter


def test_the_plan_and_its_picture_start_where_the_legs_need():
    """#64 item 9: a climb of 1" then a jump down of 6" was planned as a 6" jump (three tests) and drawn as a
    1" drop from the ground. Not given a start height, the route starts 5" up, the least its legs need: said
    in the answer, and the picture's jump drops the whole 6"."""
    values = {k: v for k, v in MORDHEIM.items() if k != "start_height"}
    result = plan("mordheim-1999", {**values, "move": "4"}, ["climb up 1", "jump down 6"])
    assert result.ok and result.inputs["start_height"] == "5"
    assert (
        result.steps[0].text
        == 'It starts 5" up: the least its legs need, as leg 2 goes down 6", 1" above where it starts.'
    )
    (jump,) = lines(route_view(result), "calc-view-jump")
    assert round(jump[3] - jump[1], 2) == 6  # SVG's y grows downward: 6 units lower
    # Given higher, it starts where given.
    higher = plan("mordheim-1999", {**values, "move": "4", "start_height": "8"}, ["climb up 1", "jump down 6"])
    assert higher.inputs["start_height"] == "8" and not higher.steps[0].text.startswith("It starts")


def notes(html: str) -> list[str]:
    return re.findall(r'class="calc-view-note"[^>]*>([^<]*)<', html)


def test_the_picture_draws_what_decides_before_a_leg():
    """#62, item 4: the side view showed 44% then 30% with no sign of the test to see the target, no
    interceptor, and a gap's own drop could not be drawn. Each is drawn now, and said in words."""
    # Unseen within 4": an Initiative test of I4 sees it 4 in 6 times, before the charge leg.
    unseen = route_view(plan("mordheim-1999", {**MORDHEIM, "activation": "charge", "target": "unseen"}, ["charge 2"]))
    assert notes(unseen) == ["Leg 1: 67% see the target"]
    assert len(lines(unseen, "calc-view-sight")) == 1
    assert "before leg 1, the test to see the target: 66.7% pass" in unseen
    seen = route_view(plan("mordheim-1999", {**MORDHEIM, "activation": "charge"}, ["charge 2"]))
    assert notes(seen) == [] and not lines(seen, "calc-view-sight")
    # An enemy within 2" of the route may intercept as the charge leg begins: drawn there, apart from the target.
    lrb = {**MORDHEIM, "activation": "charge", "interceptor": "yes"}
    met = route_view(plan("mordheim-lrb", lrb, ["move 2", "charge 3"]))
    assert met.count('class="calc-view-interceptor"') == 1 and met.count('class="calc-view-enemy"') == 1
    assert notes(met) == ["Leg 2: an enemy may intercept (dashed)"]
    assert "at the start of leg 2, an enemy may intercept" in met
    # Every note inside the picture, under the ground, one line each.
    size, tall, _ = _drawn(met)
    (ground,) = lines(met, "calc-view-ground")
    ys = [float(y) for y in re.findall(r'class="calc-view-note" x="[\d.]+" y="([\d.]+)"', met)]
    assert all(ground[1] < y <= tall for y in ys), (ground, ys, tall)


def test_a_gaps_own_drop_is_drawn_whole():
    # At ground level, a gap given a drop of 3": the route is drawn 3" up, the failed jump's fall to the ground.
    html = route_view(plan("mordheim-1999", MORDHEIM, ["gap 2 drop 3", "move 1"]))
    (ground,) = lines(html, "calc-view-ground")
    (fall,) = lines(html, "calc-view-fall")
    assert fall[3] == ground[1] and fall[3] - fall[1] == 3
    # Its own drop under the height reached: drawn from there, as before.
    (low,) = lines(route_view(plan("mordheim-1999", MORDHEIM, ["climb up 3", "gap 1 drop 2"])), "calc-view-fall")
    assert low[3] - low[1] == 2
