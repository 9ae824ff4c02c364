"""The module the ``kozyr.variants`` entry point names: it registers the variant."""

from kozyr import VariantRegistry, hookimpl
from kozyr_example_plugin.variant import SimpleWhist


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register simple whist."""
    registry.add(SimpleWhist)
