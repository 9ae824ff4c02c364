"""The module the ``kozyr.variants`` entry point names: it registers Auction Pitch."""

from kozyr import VariantRegistry, hookimpl
from kozyr_pitch_plugin.variant import AuctionPitch


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Auction Pitch."""
    registry.add(AuctionPitch)
