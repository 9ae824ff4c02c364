"""The entry point of the ``kozyr.builtin`` group: registers Seven Up.

Registered lazily (``registry.add_lazy``): the class attributes listed here let ``kozyr variants``
list the variants without importing the game code; the class is imported -- and checked against
these values -- the first time a variant is asked for.
"""

from kozyr import VariantRegistry, hookimpl


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Seven Up."""
    registry.add_lazy(
        "kozyr_seven_up.variant:SevenUp",
        name="seven-up",
        aliases=("all-fours", "high-low-jack", "семь-вверх", "старший-младший-валет"),
        player_counts=(2, 3, 4),
        title="Seven Up (All Fours, High-Low-Jack)",
        title_ru="Семь вверх (Старший, Младший и валет)",
        rules_ref="SU1-SU7, SU-O1-SU-O4, D-SU1-D-SU7",
    )
