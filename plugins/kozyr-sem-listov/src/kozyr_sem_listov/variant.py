"""The four forms of Семь листов (SL-C…, PN…, SL19-…, NN… rules) on one shared base.

What the forms share lives in :class:`SemListovFamily`: dealing in packets with a turned trump,
the dealer's exchange of the turned card (SL-C6, PN2, D-PN1), records in full or as a summary of
trick winners, and the replay of decisions. :class:`SemListov` adds free play with dead trumps,
run-aways and the money settlement by trick differences (§1); :class:`RaceForm` adds the race to
seven and the punishment by the cut card, and its three subclasses differ only where the sources
do: the play rule (PN3, SL19-2, NN3), the trump (turned card or the dealer's last card, NN2) and
the punishment (PN5, SL19-4, NN5).

Phases of a deal: ``runaway`` (SL-C16, before the first lead), ``play``, ``exchange`` (after the
first trick by default, or before the first lead with ``exchange_timing = before_play``).

The classes live in modules named for their ideas: :mod:`kozyr_sem_listov.family` (the shared
base and helpers), :mod:`kozyr_sem_listov.classic` (§1) and :mod:`kozyr_sem_listov.race` (§2-§4);
this module re-exports them.
"""

from kozyr import PLAY
from kozyr_sem_listov.classic import RUNAWAY as RUNAWAY
from kozyr_sem_listov.classic import PyatListov, SemListov
from kozyr_sem_listov.family import AUTO_PACKETS as AUTO_PACKETS
from kozyr_sem_listov.family import EXCHANGE as EXCHANGE
from kozyr_sem_listov.family import ORDER as ORDER
from kozyr_sem_listov.family import SemListovFamily, parse_packets
from kozyr_sem_listov.race import NaNoski, PoNoskam, RaceForm, SemListov1884

__all__ = [
    "PLAY",
    "NaNoski",
    "PoNoskam",
    "PyatListov",
    "RaceForm",
    "SemListov",
    "SemListov1884",
    "SemListovFamily",
    "parse_packets",
]
