"""What each ruleset's text says about moving, as data: every number with the section it is from.

A mechanic a text does not define is None for that ruleset: the calculators refuse it rather than
guess. Section names are the anchors of the ruleset's chapter page (`mordheim-1999/movement/#falling`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple


class Rule(NamedTuple):
    """A number or choice from a rules text, and the section of that text it comes from."""

    value: Any
    section: str | None  # None: not in the text; the calculator names the assumption instead


class Charge(NamedTuple):
    """How far a charge goes and what can stop it."""

    move: Rule  # "double" (twice Movement) or "dice" (Movement plus a die)
    section: str
    bonus_die: Rule | None = None  # sides of the die added to Movement
    cap: Rule | None = None  # greatest total Movement a charge may have
    ends_within: Rule | None = None  # inches from the target that count as reaching it
    detect_unseen: Rule | None = None  # an unseen target this close may be detected with a test
    needs_sight: Rule | None = None  # a target out of sight cannot be charged at all
    interception: Rule | None = None  # "blocks", "enemy-chooses" or "becomes-target"
    interception_range: Rule | None = None
    failed: Rule | None = None  # what a charger that falls short does
    stand_and_shoot: Rule | None = None  # more than this many times Movement away: may shoot
    flee: Rule | None = None  # (dice when Movement <= 6, dice when more)
    strike_first: Rule | None = None


class Run(NamedTuple):
    multiplier: Rule
    enemy_range: Rule  # no counting enemy within this many inches at the start of the turn
    ignored_states: Rule  # enemy states that do not stop a run


class Terrain(NamedTuple):
    cost: dict[str, Rule]  # ground type -> inches of movement spent per inch moved
    assumption: str | None = None  # set when the costs come from outside the text


class JumpDown(NamedTuple):
    max_height: Rule
    test_every: Rule  # one test per full this-many inches
    over_max: Rule  # "not-allowed" or "falls"


class DivingCharge(NamedTuple):
    enemy_range: Rule  # enemy within this many inches of the landing point
    max_height: Rule
    test_every: Rule
    bonus: Rule  # what a clean landing gives


class Gap(NamedTuple):
    max_gap: Rule
    uses_movement: Rule
    test: Rule | None  # an Initiative test after covering the distance, or None
    measure_first: Rule  # may the player measure before jumping


class Climb(NamedTuple):
    limit: Rule  # "move" (up to Movement) or a number of inches
    test: Rule  # one Initiative test
    fail_up: Rule
    fail_down: Rule


class Ruleset(NamedTuple):
    """The movement rules of one ruleset."""

    id: str
    title: str
    chapter: str  # the chapter page's slug
    characteristic_test: str | None  # assumption id: "test-d6-under" or "test-d12-over"
    falling: Rule | None  # "mordheim" (D3 hits at S = height) or "coreheim" (one hit on X+)
    charge: Charge | None = None
    run: Run | None = None
    terrain: Terrain | None = None
    jump_down: JumpDown | None = None
    diving_charge: DivingCharge | None = None
    gap: Gap | None = None
    climb: Climb | None = None
    edge_fall: Rule | None = None  # inches from an edge within which a downed model may fall
    hiding: Rule | None = None  # "initiative": enemies spot hidden models within their I in inches
    min_fall: Rule | None = None  # shorter falls do no harm
    barrier: Rule | None = None  # (inches, "under" or "up to"): obstacles crossed at no cost
    half_move: Rule | None = None  # a move that still lets the model shoot or hide

    def href(self, section: str) -> str:
        """Where a section is, relative to the site root."""
        return f"{self.id}/{self.chapter}/#{section}"

    def sections(self) -> set[str]:
        """Every section anchor this definition cites (tests check each one exists)."""
        found: set[str] = set()

        def visit(value: object) -> None:
            if isinstance(value, Rule):
                if value.section:
                    found.add(value.section)
            elif isinstance(value, dict):
                for item in value.values():
                    visit(item)
            elif hasattr(value, "_fields"):  # one of the rule groups above
                for item in value:
                    visit(item)
                if isinstance(value, Charge):
                    found.add(value.section)

        visit(self)
        return found


MORDHEIM_RUN = Run(
    multiplier=Rule(2, "running"),
    enemy_range=Rule(8, "running"),
    ignored_states=Rule(("fleeing", "stunned", "knocked-down", "hidden"), "running"),
)
MORDHEIM_TERRAIN = Terrain(
    cost={
        "open": Rule(1, "open-ground"),
        "difficult": Rule(2, "difficult-ground"),
        "very-difficult": Rule(4, "very-difficult-ground"),
    }
)
MORDHEIM_JUMP = JumpDown(max_height=Rule(6, "jumping-down"), test_every=Rule(2, "jumping-down"), over_max=Rule("not-allowed", "jumping-down"))
MORDHEIM_DIVE = DivingCharge(
    enemy_range=Rule(2, "diving-charge"),
    max_height=Rule(6, "diving-charge"),
    test_every=Rule(2, "diving-charge"),
    bonus=Rule("+1 Strength and +1 to hit in the next hand-to-hand combat phase", "diving-charge"),
)
MORDHEIM_GAP = Gap(
    max_gap=Rule(3, "jumping-over-gaps"),
    uses_movement=Rule(True, "jumping-over-gaps"),
    test=Rule("initiative", "jumping-over-gaps"),
    measure_first=Rule(False, "jumping-over-gaps"),
)
MORDHEIM_CLIMB = Climb(
    limit=Rule("move", "climbing"),
    test=Rule(1, "climbing"),
    fail_up=Rule("cannot move this turn", "climbing"),
    fail_down=Rule("falls from where the descent started", "climbing"),
)


def _mordheim_charge(interception: str, strike_first: bool) -> Charge:
    return Charge(
        move=Rule("double", "charge"),
        section="charge",
        detect_unseen=Rule(4, "charge"),
        needs_sight=Rule(True, "charge"),
        interception=Rule(interception, "charge"),
        interception_range=Rule(2, "charge"),
        failed=Rule("moves its normal Movement towards the enemy and may not shoot this turn", "charge"),
        strike_first=Rule(True, "charge") if strike_first else None,
    )


MORDHEIM_1999 = Ruleset(
    id="mordheim-1999",
    title="Mordheim 1999",
    chapter="movement",
    characteristic_test="test-d6-under",
    falling=Rule("mordheim", "falling"),
    charge=_mordheim_charge("blocks", strike_first=False),
    run=MORDHEIM_RUN,
    terrain=MORDHEIM_TERRAIN,
    jump_down=MORDHEIM_JUMP,
    diving_charge=MORDHEIM_DIVE,
    gap=MORDHEIM_GAP,
    climb=MORDHEIM_CLIMB,
    edge_fall=Rule(1, "warriors-knocked-down-or-stunned"),
    hiding=Rule("initiative", "hiding"),
    barrier=Rule((1, "under"), "walls-and-barriers"),
)

# The Living Rulebook keeps every number; interception and the first strike changed.
MORDHEIM_LRB = MORDHEIM_1999._replace(
    id="mordheim-lrb",
    title="Mordheim Living Rulebook",
    charge=_mordheim_charge("enemy-chooses", strike_first=True),
)

COREHEIM_V10 = Ruleset(
    id="coreheim-v10",
    title="Coreheim v10",
    chapter="movement",
    characteristic_test="test-d12-over",
    falling=Rule("coreheim", "falling"),
    min_fall=Rule(2, "falling"),
    jump_down=JumpDown(max_height=Rule(7, "jumping-down"), test_every=Rule(2, "jumping-down"), over_max=Rule("falls", "jumping-down")),
    gap=Gap(
        max_gap=Rule(4, "jumping-horizontally-diagonally"),
        uses_movement=Rule(True, "jumping-horizontally-diagonally"),
        test=None,
        measure_first=Rule(True, "jumping-horizontally-diagonally"),
    ),
    climb=Climb(
        limit=Rule(4, "climbing"),
        test=Rule(1, "climbing"),
        fail_up=Rule("stops where it started to climb", "climbing"),
        fail_down=Rule("falls the entire distance", "climbing"),
    ),
    edge_fall=Rule(1, "falling-off-buildings"),
    hiding=Rule("initiative", "hiding"),
    barrier=Rule((1, "up to"), "moving"),
    half_move=Rule("half M, rounded up", "half-moving"),
)

WHFB_6 = Ruleset(
    id="whfb-6",
    title="Warhammer Fantasy Battle 6th",
    chapter="movement-phase",
    characteristic_test="test-d6-under",
    falling=None,
    charge=Charge(
        move=Rule("double", "move-chargers"),
        section="move-chargers",
        needs_sight=Rule(True, "movement-phase"),
        stand_and_shoot=Rule(Fraction(1, 2), "stand-shoot"),
        flee=Rule((2, 3), "flee"),
    ),
)

TRENCH_CRUSADE = Ruleset(
    id="trench-crusade",
    title="Trench Crusade",
    chapter="movement",
    characteristic_test=None,
    falling=None,
    charge=Charge(
        move=Rule("dice", "taking-a-charge"),
        section="taking-a-charge",
        bonus_die=Rule(6, "taking-a-charge"),
        cap=Rule(12, "taking-a-charge"),
        ends_within=Rule(1, "taking-a-charge"),
        needs_sight=Rule(True, None),  # not in the cut text: the tc-line-of-sight assumption
        interception=Rule("becomes-target", "taking-a-charge"),
        interception_range=Rule(1, "taking-a-charge"),
        failed=Rule("stays where its charge move ended", "taking-a-charge"),
    ),
    terrain=Terrain(
        cost={"open": Rule(1, "moves"), "difficult": Rule(2, None)},
        assumption="tc-difficult-terrain",
    ),
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (MORDHEIM_1999, MORDHEIM_LRB, COREHEIM_V10, WHFB_6, TRENCH_CRUSADE)}
