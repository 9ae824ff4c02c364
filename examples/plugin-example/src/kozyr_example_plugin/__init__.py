"""Simple whist (Простой вист): the example third-party plugin of kozyr's docs/plugins.md."""

from kozyr_example_plugin.variant import SimpleWhist

__all__ = ["SimpleWhist"]
