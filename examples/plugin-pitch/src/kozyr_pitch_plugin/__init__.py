"""Auction Pitch: the advanced example plugin of kozyr's docs/plugins.md."""

from kozyr_pitch_plugin.variant import AuctionPitch

__all__ = ["AuctionPitch"]
