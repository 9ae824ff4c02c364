"""kozyr's pytest plugin (entry point ``pytest11``): the fixture ``kozyr_conformance``.

pytest imports every installed ``pytest11`` plugin at the start of every run, in every project
of the environment, so this module is a top-level one (as hypothesis's
``_hypothesis_pytestplugin``) and imports nothing of kozyr -- not even the package -- until a
test asks for the fixture: then :mod:`kozyr.testing` (the engine, the bots, the party loop) is
imported, once. A run that uses no fixture of kozyr pays for none of it (#24).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from kozyr.testing import ConformanceReport


@pytest.fixture
def kozyr_conformance() -> Callable[..., ConformanceReport]:
    """:func:`kozyr.testing.check_variant` as a fixture: ``kozyr_conformance(variant, deals=200)``
    runs the conformance kit on a variant and returns its report."""
    from kozyr.testing import check_variant

    return check_variant
