"""The entry point of the ``kozyr.variants`` group: registers :class:`Semerik`."""

from kozyr import VariantRegistry, hookimpl
from kozyr_semerik.variant import Semerik


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Семерик."""
    registry.add(Semerik)
