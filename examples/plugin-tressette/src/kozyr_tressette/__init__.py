"""Tressette (Трессетте): a third-party kozyr plugin, written from ``kozyr new-plugin`` against
kozyr's public API only. The rules are TR1-TR8 and D-TR1-D-TR7 of ``tressette.rules.md``
(``kozyr rules tressette``)."""

from kozyr_tressette.variant import Tressette

__all__ = ["Tressette"]
