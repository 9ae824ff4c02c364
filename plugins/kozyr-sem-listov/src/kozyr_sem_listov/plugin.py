"""The entry point of the ``kozyr.builtin`` group: registers the forms of Семь листов.

Registered lazily (``registry.add_lazy``): the class attributes listed here let ``kozyr variants``
list the variants without importing the game code; the class is imported -- and checked against
these values -- the first time a variant is asked for.
"""

from kozyr import VariantRegistry, hookimpl


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register sem-listov, pyat-listov, po-noskam, sem-listov-1884 and na-noski."""
    registry.add_lazy(
        "kozyr_sem_listov.classic:SemListov",
        name="sem-listov",
        aliases=("семь-листов",),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Sem listov (Seven leaves), classic form of 1779",
        title_ru="Семь листов (Комов, 1779)",
        rules_ref="SL-C1-SL-C17, D-SL1-D-SL6",
    )
    registry.add_lazy(
        "kozyr_sem_listov.classic:PyatListov",
        name="pyat-listov",
        aliases=("пять-листов",),
        player_counts=(2, 3, 4, 5, 6, 7),
        title="Pyat listov (Five leaves)",
        title_ru="Пять листов",
        rules_ref="SL-C1-SL-C17, D-SL1-D-SL6",
    )
    registry.add_lazy(
        "kozyr_sem_listov.race:PoNoskam",
        name="po-noskam",
        aliases=("по-носкам",),
        player_counts=(2, 3, 4, 5),
        title="Po noskam (On the nose), 1809",
        title_ru="По носкам (1809)",
        rules_ref="PN1-PN5, D-PN1-D-PN2",
    )
    registry.add_lazy(
        "kozyr_sem_listov.race:SemListov1884",
        name="sem-listov-1884",
        aliases=("семь-листов-1884",),
        player_counts=(2, 3, 4, 5),
        title="Sem listov, late 19th-century form (1884)",
        title_ru="Семь листов (Жан-Тенаж, 1884)",
        rules_ref="SL19-1-SL19-4, D-SL19",
    )
    registry.add_lazy(
        "kozyr_sem_listov.race:NaNoski",
        name="na-noski",
        aliases=("на-носки",),
        player_counts=(2, 3, 4, 5),
        title="Na noski (modern Sem listov)",
        title_ru="Семь листов / на носки",
        rules_ref="NN1-NN5, D-NN1",
    )
