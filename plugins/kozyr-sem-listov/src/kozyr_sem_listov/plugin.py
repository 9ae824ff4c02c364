"""The entry point of the ``kozyr.variants`` group: registers the four forms of Семь листов."""

from kozyr import VariantRegistry, hookimpl
from kozyr_sem_listov.variant import NaNoski, PoNoskam, PyatListov, SemListov, SemListov1884


@hookimpl
def kozyr_register_variants(registry: VariantRegistry) -> None:
    """Register sem-listov (and pyat-listov), po-noskam, sem-listov-1884 and na-noski."""
    for cls in (SemListov, PyatListov, PoNoskam, SemListov1884, NaNoski):
        registry.add(cls)
