"""The entry point of the ``kozyr.builtin`` group: registers the Pitch family.

Registered lazily (``registry.add_lazy``): the class attributes listed here let ``kozyr variants``
list the variants without importing the game code; each class is imported -- and checked
against these values -- the first time its variant is asked for.
"""

from kozyr import VariantRegistry, hookimpl

RULE_IDS = "AP1-AP11, D-AP1-D-AP8"
SMEAR_RULE_IDS = "SMR1-SMR8, D-SMR1-D-SMR9, AP1-AP11, D-AP1-D-AP8"


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register Auction Pitch, Setback, Smudge and the two Smears."""
    registry.add_lazy(
        "kozyr_pitch.variant:AuctionPitch",
        name="auction-pitch",
        aliases=("pitch", "аукционный-питч", "питч"),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Auction Pitch",
        title_ru="Аукционный питч",
        rules_ref=RULE_IDS,
    )
    registry.add_lazy(
        "kozyr_pitch.variant:Setback",
        name="setback",
        aliases=("partnership-pitch", "сетбэк"),
        player_counts=(4,),
        title="Setback (partnership Pitch)",
        title_ru="Сетбэк (питч парами)",
        rules_ref=RULE_IDS,
    )
    registry.add_lazy(
        "kozyr_pitch.variant:Smudge",
        name="smudge",
        aliases=("pitch-smudge", "смадж"),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Pitch (Smudge)",
        title_ru="Питч со смаджем",
        rules_ref=RULE_IDS,
    )
    registry.add_lazy(
        "kozyr_pitch.smear:Smear",
        name="smear",
        aliases=("five-point-smear", "schmier", "смир"),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Smear (five-point)",
        title_ru="Смир (пять очков)",
        rules_ref=SMEAR_RULE_IDS,
    )
    registry.add_lazy(
        "kozyr_pitch.smear:TenPointSmear",
        name="ten-point-smear",
        aliases=("smear-10", "десятиочковый-смир"),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Ten-point Smear",
        title_ru="Смир на десять очков",
        rules_ref=SMEAR_RULE_IDS,
    )
