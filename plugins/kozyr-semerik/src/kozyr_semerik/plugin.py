"""The entry point of the ``kozyr.builtin`` group: registers Семерик.

Registered lazily (``registry.add_lazy``): the class attributes listed here let ``kozyr variants``
list the variants without importing the game code; the class is imported -- and checked against
these values -- the first time a variant is asked for.
"""

from kozyr import VariantRegistry, hookimpl


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Семерик."""
    registry.add_lazy(
        "kozyr_semerik.variant:Semerik",
        name="semerik",
        aliases=("семерик", "three-seven"),
        player_counts=(4,),
        title="Semerik (Three-seven)",
        title_ru="Семерик",
        rules_ref="SM1-SM11, D-SM1-D-SM7",
    )
