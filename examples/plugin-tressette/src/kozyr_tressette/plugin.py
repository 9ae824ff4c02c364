"""The module the ``kozyr.variants`` entry point names: it registers Tressette."""

from kozyr import VariantRegistry, hookimpl
from kozyr_tressette.variant import Tressette


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Tressette."""
    registry.add(Tressette)
