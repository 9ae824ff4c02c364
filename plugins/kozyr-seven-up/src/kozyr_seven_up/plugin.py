"""The entry point of the ``kozyr.variants`` group: registers :class:`SevenUp`."""

from kozyr import VariantRegistry, hookimpl
from kozyr_seven_up.variant import SevenUp


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Seven Up."""
    registry.add(SevenUp)
