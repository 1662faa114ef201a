"""The kinds of activation that walk their route their own way (route/own.py says what one declares), as the
planner is handed them: the list is explicit, as rulescore/rulebooks.py's of the mechanics is."""

from __future__ import annotations

from rulescore.route.charge import CHARGING
from rulescore.route.own import OwnRoute

OWN_ROUTES: dict[str, OwnRoute] = {own.key: own for own in (CHARGING,)}
