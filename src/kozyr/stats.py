"""Player statistics across games and evenings: per player, the games played and won and the
money won or lost (the settlement summed), in all and per variant.

A player is the same person in every game whose name has the same :func:`kozyr.names.name_key`
(``Аня`` and ``аня`` are one player); the first spelling met is the one shown. A game is won by
the players of its winning column (both partners of a winning side); a game without a winner
(an unfinished one, a draw) is played by everyone and won by nobody. Everything is computed from
score sheets (:mod:`kozyr.sheet`), so the numbers are the ones ``kozyr sheet`` prints.

>>> import kozyr
>>> from kozyr.sheet import sheet_of
>>> record = {"variant": "sem-listov", "options": {"players": 2}, "players": ["Аня", "Боря"],
...     "deals": [{"dealer": 0, "hands": ["A♠ K♥ Q♥ J♥ 10♦ 9♦ A♣", "K♠ Q♠ A♥ 10♥ A♦ K♦ K♣"],
...     "turnup": "9♠", "trick_winners": [1, 1, 1, 0, 0, 0, 0]}]}
>>> stats = player_stats(sheet_of(record)[0].games)
>>> [(p.name, p.games, p.won, str(p.total)) for p in stats.players]
[('Аня', 1, 1, '2'), ('Боря', 1, 0, '-2')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kozyr.names import name_key
from kozyr.scoring import fraction_json
from kozyr.sheet import GameSheet, num


@dataclass(frozen=True)
class Tally:
    """Games played and won, and the settlement summed over them (exact)."""

    games: int = 0
    won: int = 0
    total: Fraction = Fraction(0)

    def add(self, won: bool, amount: Fraction) -> Tally:
        """This tally with one more game."""
        return Tally(self.games + 1, self.won + int(won), self.total + amount)

    def to_json(self) -> dict[str, Any]:
        """``{"games", "won", "total"}`` (total exact: an int or ``"a/b"``)."""
        return {"games": self.games, "won": self.won, "total": fraction_json(self.total)}


@dataclass(frozen=True)
class PlayerStats:
    """One player: the name shown, its :func:`~kozyr.names.name_key`, the tally over every game
    and one per variant (by variant name, in first-played order)."""

    name: str
    key: str
    all: Tally
    variants: Mapping[str, Tally] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games played."""
        return self.all.games

    @property
    def won(self) -> int:
        """Games won."""
        return self.all.won

    @property
    def total(self) -> Fraction:
        """The settlement over every game."""
        return self.all.total

    def to_json(self) -> dict[str, Any]:
        """The player as ``kozyr stats --json`` writes it."""
        return {
            "name": self.name,
            "key": self.key,
            **self.all.to_json(),
            "variants": {name: t.to_json() for name, t in self.variants.items()},
        }


@dataclass(frozen=True)
class Stats:
    """Every player (most games won first, then most played, then by name) and the number of
    games counted."""

    players: tuple[PlayerStats, ...]
    games: int

    def player(self, name: str) -> PlayerStats | None:
        """The player of this name (compared by :func:`~kozyr.names.name_key`), or None."""
        key = name_key(name)
        return next((p for p in self.players if p.key == key), None)

    def to_json(self) -> dict[str, Any]:
        """``{"games": N, "players": [...]}``: the ``kozyr stats --json`` object."""
        return {"games": self.games, "players": [p.to_json() for p in self.players]}


def winning_seats(game: GameSheet) -> set[int]:
    """The seats that won a game: the winning columns, or every seat of a winning side."""
    seats: set[int] = set()
    for column in game.winner:
        seats.update(game.sides[column] if game.sides else (column,))
    return seats


def player_stats(games: Iterable[GameSheet]) -> Stats:
    """The statistics of the players of ``games`` (score sheets, in the order played)."""
    names: dict[str, str] = {}
    totals: dict[str, Tally] = {}
    variants: dict[str, dict[str, Tally]] = {}
    count = 0
    for game in games:
        count += 1
        won = winning_seats(game)
        for seat, name in enumerate(game.players):
            key = name_key(name)
            names.setdefault(key, name)
            amount = game.net[seat] if seat < len(game.net) else Fraction(0)
            totals[key] = totals.get(key, Tally()).add(seat in won, amount)
            per = variants.setdefault(key, {})
            per[game.variant] = per.get(game.variant, Tally()).add(seat in won, amount)
    players = [PlayerStats(names[k], k, totals[k], dict(variants[k])) for k in names]
    players.sort(key=lambda p: (-p.won, -p.games, p.key))
    return Stats(tuple(players), count)


def render_stats_text(stats: Stats, lang: str = "both") -> str:
    """The statistics as a plain-text table, then a line per player and variant."""
    words = {
        "player": ("игрок", "player"),
        "games": ("партий", "games"),
        "won": ("выиграл", "won"),
        "variant": ("игра", "variant"),
    }

    def word(key: str) -> str:
        ru, en = words[key]
        return ru if lang == "ru" else en if lang == "en" else f"{ru} / {en}"

    header = [word("player"), word("games"), word("won"), "Σ"]
    rows = [[p.name, str(p.games), str(p.won), num(p.total, sign=True)] for p in stats.players]
    lines = _table([header, *rows])
    detail = [[word("player"), word("variant"), word("games"), word("won"), "Σ"]]
    for p in stats.players:
        for name, tally in p.variants.items():
            detail.append(
                [p.name, name, str(tally.games), str(tally.won), num(tally.total, sign=True)]
            )
    summary = f"{word('games')}: {stats.games}"
    return "\n".join([summary, "", *lines, "", *_table(detail)]) + "\n"


def _table(cells: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    lines = ["  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


__all__ = [
    "PlayerStats",
    "Stats",
    "Tally",
    "player_stats",
    "render_stats_text",
    "winning_seats",
]
