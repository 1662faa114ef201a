"""A route drawn from the side, as the player sees the table: the ground, what it climbs, the gaps it jumps,
the drops, the charge's end; each leg marked with its chance of getting past it. SVG in the site's own
colours (it follows the page's scheme and prints in black), drawn from the answer's data alone, so the same
Python draws it at build time and live; its words are the screen reader's (`aria-label`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from rulescore.answers.explain import percent_text
from rulescore.answers.result import Result
from rulescore.framework.legs import Leg
from rulescore.route.charge import NOT_SEEN
from rulescore.route.read import LEG_KINDS, read_leg
from rulescore.web.terms import escape

# A shape of the side view, drawn once the view knows its height: given how a height becomes SVG's y.
Shape = Callable[[Callable[[Fraction], Fraction]], str]

# The least a leg takes across or up the drawing, so a short leg's mark still has room (inches).
WIDEST_MARK, LEAST_ACROSS, LEAST_UP = Fraction(5, 2), Fraction(2), Fraction(1)
_ENDED_AT = re.compile(r"(?:^|-)leg(\d+)-")
_MEETS = re.compile(r"leg(\d+)-intercepted$")


def past_each_leg(result: Result, legs: list[Leg]) -> list[Fraction]:
    """The chance the route is still going after each leg: every way it ends at that leg or before taken off
    (a failed detection ends it before its last leg, the charge itself)."""
    ended = [Fraction(0)] * len(legs)
    for row in result.outcomes:
        found = _ENDED_AT.search(row.outcome)
        if found:
            ended[int(found.group(1)) - 1] += row.chance
        elif row.outcome != "completes":
            ended[-1] += row.chance
    left, past = Fraction(1), []
    for chance in ended:
        left -= chance
        past.append(left)
    return past


def route_view(result: Result) -> str:
    """The side view of a route's answer; nothing for an answer that is not a route."""
    try:
        legs = [read_leg(text) for text in result.inputs.get("legs", ())]
        height = Fraction(str(result.inputs.get("start_height", "0")))
    except ValueError:
        return ""
    if not legs:
        return ""
    past = past_each_leg(result, legs)
    height += _lift(legs, height)
    drawn, marks, words = [], [], []
    notes: list[str] = []  # what decides before a leg: marked at its start, said in a line under the ground
    sees, meets = _sight(result), _interceptions(result)
    x, y, top = Fraction(1), height, height
    for number, (leg, chance) in enumerate(zip(legs, past, strict=True), start=1):
        start_x, start_y = x, y
        x, y, shapes = _leg(leg, x, y)
        drawn += shapes
        top = max(top, y, start_y)
        marks.append((number, (start_x + x) / 2, max(start_y, y), chance))
        if sees is not None and LEG_KINDS[leg.kind].to_target:  # the test to see the target, before its charge
            drawn.append(_tick(start_x, start_y))
            notes.append(f"Leg {number}: {percent_text(sees, 0)} see the target")
            words.append(f"before leg {number}, the test to see the target: {percent_text(sees)} pass")
        if number in meets:  # an enemy that may intercept, where it meets the charger
            drawn.append(_interceptor(start_x, start_y))
            notes.append(f"Leg {number}: an enemy may intercept (dashed)")
            words.append(f"at the start of leg {number}, an enemy may intercept")
        words.append(f"leg {number}, {leg.text}: {percent_text(chance)} get past it")
    # At least a foot across, so a short route is not drawn huge; its words a fixed share of that width, and
    # room above the highest point for two lines of marks (#64, item 9: a flat route cut its marks off).
    width = max(x + 1, Fraction(10))
    size = width * Fraction(1, 20)
    below = 1 + len(notes) * size * Fraction(3, 2) + (size if notes else 0)  # under the ground: a line a note
    tall = max(top + 2, top + 3 * size) + below

    def flip(h: Fraction) -> Fraction:  # heights up, SVG's y down
        return tall - below - h

    ground = _n(flip(Fraction(0)))
    parts = [f'<line class="calc-view-ground" x1="0" y1="{ground}" x2="{_n(width)}" y2="{ground}"/>']
    for shape in drawn:
        parts.append(shape(flip))
    ends = [-width, -width]  # where each line of marks is taken up to, so no two marks ever touch
    for number, middle, level, chance in marks:
        text = f"{number}: {percent_text(chance, 0)}"
        half = size * Fraction(3, 10) * len(text) + size / 4  # about half a mark's width, in its font
        line = next((row for row in (1 - number % 2, number % 2) if middle - half >= ends[row]), None)
        if line is None:
            continue  # too many legs for their marks: the words a screen reader hears still name every leg
        ends[line] = middle + half
        above = size * (Fraction(3, 4) if line == 0 else Fraction(2))
        parts.append(
            f'<text class="calc-view-mark" x="{_n(middle)}" y="{_n(flip(level) - above)}" '
            f'text-anchor="middle">{escape(text)}</text>'
        )
    for line, note in enumerate(notes, start=1):
        parts.append(
            f'<text class="calc-view-note" x="{_n(size / 2)}" '
            f'y="{_n(flip(Fraction(0)) + size + line * size * Fraction(3, 2))}">{escape(note)}</text>'
        )
    said = "The route from the side: " + "; ".join(words) + "."
    return (
        f'<figure class="calc-view"><svg viewBox="0 0 {_n(width)} {_n(tall)}" font-size="{_n(size)}" role="img" '
        f'aria-label="{escape(said)}"><title>{escape(said)}</title>{"".join(parts)}</svg>'
        f"<figcaption>{escape('From the side; each leg marked with the chance of getting past it.')}</figcaption>"
        "</figure>"
    )


def _lift(legs: list[Leg], height: Fraction) -> Fraction:
    """How far above the ground the route is drawn so each gap's own drop reaches it: a gap given its drop
    (`gap 2 drop 3`) at the height reached is drawn with that whole fall under it (#62, item 4)."""
    lift, x, y = Fraction(0), Fraction(1), height
    for leg in legs:
        if LEG_KINDS[leg.kind].drawn == "leap" and leg.extra is not None:
            lift = max(lift, leg.extra - y)
        x, y, _ = _leg(leg, x, y)
    return lift


def _sight(result: Result) -> Fraction | None:
    """The chance the charger sees its target, where a test decides it (an unseen target); else None."""
    failed = [row.chance for row in result.outcomes if row.outcome == NOT_SEEN.key]
    return 1 - failed[0] if failed else None


def _interceptions(result: Result) -> set[int]:
    """The legs at whose start an enemy may intercept the charge (the answer's other branch names them)."""
    return {int(found.group(1)) for t in result.extra for row in t.rows if (found := _MEETS.match(row.outcome))}


def _interceptor(x: Fraction, y: Fraction) -> Shape:
    """An enemy that may intercept: on the route where it meets the charger, smaller than the target and dashed."""
    return lambda flip: f'<circle class="calc-view-interceptor" cx="{_n(x)}" cy="{_n(flip(y))}" r="0.35"/>'


def _tick(x: Fraction, y: Fraction) -> Shape:
    """Where a test decides before a leg: a short stroke across the route at the leg's start."""
    return _line("calc-view-sight", x, y - Fraction(1, 4), x, y + Fraction(1, 2))


def _n(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _leg(leg: Leg, x: Fraction, y: Fraction) -> tuple[Fraction, Fraction, list[Shape]]:
    """Where the leg leaves the model, and how it is drawn (each shape a function of the height flip): by the
    shape its kind declares, so a new kind of leg is drawn as the one it is like."""
    kind, length = LEG_KINDS[leg.kind], leg.inches
    if kind.drawn == "ground":
        across = max(min(length, WIDEST_MARK * 4), LEAST_ACROSS)
        style = "calc-view-path" + ("" if leg.ground == "open" else " calc-view-rough")
        shapes = [_solid(x, x + across, y), _line(style, x, y, x + across, y)]
        if kind.to_target:
            shapes.append(_enemy(x + across + Fraction(1, 2), y))
            return x + across + 1, y, shapes
        return x + across, y, shapes
    if kind.drawn == "climb":
        rise = max(length, LEAST_UP) * kind.rise
        to = max(y + rise, Fraction(0))
        wall = max(y, to)
        return (
            x + LEAST_UP,
            to,
            [
                _solid(x, x + LEAST_UP, wall),
                _line("calc-view-path", x, y, x, to),
                _line("calc-view-path", x, to, x + LEAST_UP, to),
            ],
        )
    if kind.drawn == "obstacle":
        low = Fraction(1, 2)
        shapes = [
            lambda flip: (
                f'<rect class="calc-view-barrier" x="{_n(x + low / 2)}" y="{_n(flip(y + max(length, low)))}" '
                f'width="{_n(low)}" height="{_n(max(length, low))}"/>'
            ),
            _line("calc-view-path", x, y, x + 3 * low, y),
        ]
        return x + 3 * low, y, shapes
    if kind.drawn == "leap":
        across = max(length, LEAST_ACROSS)
        drop = leg.extra if leg.extra is not None else y
        shapes = [_line("calc-view-jump", x, y, x + across, y)]
        if drop:  # where a failed jump lands
            shapes.append(_line("calc-view-fall", x + across / 2, y, x + across / 2, max(y - drop, Fraction(0))))
        return x + across, y, shapes
    # A drop: a jump down, or a diving charge (a jump down, then charge movement to the enemy).
    to = max(y - max(length, LEAST_UP), Fraction(0))
    shapes = [_solid(x - Fraction(1, 4), x, y), _line("calc-view-jump", x, y, x + 1, to)]
    if kind.to_target:
        enemy = leg.extra if leg.extra is not None else kind.extra_default or Fraction(1)
        across = max(enemy, LEAST_ACROSS)
        shapes += [_line("calc-view-path", x + 1, to, x + 1 + across, to), _enemy(x + Fraction(3, 2) + across, to)]
        return x + 2 + across, to, shapes
    return x + 1, to, shapes


def _line(style: str, x1: Fraction, y1: Fraction, x2: Fraction, y2: Fraction) -> Shape:
    return lambda flip: f'<line class="{style}" x1="{_n(x1)}" y1="{_n(flip(y1))}" x2="{_n(x2)}" y2="{_n(flip(y2))}"/>'


def _solid(x1: Fraction, x2: Fraction, height: Fraction) -> Shape:
    """What the model stands on above the ground: a building's side, drawn filled."""
    if height <= 0:
        return lambda flip: ""
    return lambda flip: (
        f'<rect class="calc-view-solid" x="{_n(x1)}" y="{_n(flip(height))}" width="{_n(x2 - x1)}" '
        f'height="{_n(height)}"/>'
    )


def _enemy(x: Fraction, y: Fraction) -> Shape:
    """The charge's target, standing where the charge ends."""
    return lambda flip: f'<circle class="calc-view-enemy" cx="{_n(x)}" cy="{_n(flip(y) - Fraction(1, 2))}" r="0.5"/>'
