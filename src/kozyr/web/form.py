"""The deal form, generated from the variant's declared outcome fields (``Variant.outcome_fields``,
:class:`kozyr.OutcomeField`): one control per field -- a row of large buttons for a seat, a side
or a choice, a stepper per seat for a count, a text box for cards -- and the way back from the
posted form to the deal's JSON. A plugin variant that declares its fields gets its form for free.

Form names: ``f.NAME`` for a single value, ``f.NAME.I`` for entry ``I`` of a per-seat (per-side)
list; a ``seats`` field posts ``f.NAME`` once per ticked seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from kozyr.variant import Variant

PREFIX = "f."


def fields_of(variant: Variant) -> tuple[Any, ...]:
    """The variant's declared outcome fields (empty where it declares none)."""
    return tuple(getattr(variant, "outcome_fields", ()) or ())


def _sides(variant: Variant) -> int | None:
    return len(variant.sides) if variant.sides else None


def _entries(field: Any, variant: Variant) -> int | None:
    per = getattr(field, "per", None)
    if per == "seat":
        return variant.players
    if per == "side":
        return _sides(variant) or variant.players
    return None


def entry_names(
    field: Any, variant: Variant, players: Sequence[str], *, side_kind: bool = False
) -> list[str]:
    """The label of each entry of a per-seat or per-side field (or of each side/seat choice)."""
    per = "side" if side_kind else getattr(field, "per", None)
    if per == "side" and variant.sides:
        return [" & ".join(players[s] for s in side) for side in variant.sides]
    return list(players)


# --- form data -> deal JSON -------------------------------------------------------------------


def _one(field: Any, raw: str | None) -> Any:
    """One posted value as the field's JSON value (None: empty); unreadable text is passed on
    as it is, so kozyr's reader names the field in its message."""
    if raw is None:
        return None
    text = raw.strip()
    if text in ("", "-", "null"):
        return None
    kind = field.kind
    if kind in ("seat", "side", "count"):
        try:
            return int(text)
        except ValueError:
            return text
    if kind == "flag":
        return text in ("1", "true", "on", "yes")
    return text


def deal_from_form(
    variant: Variant, form: Mapping[str, list[str]], left: Sequence[int] = ()
) -> dict[str, Any]:
    """The deal a posted form describes. An optional field left empty is left out; a seat that
    left the game is null in per-seat lists."""
    deal: dict[str, Any] = {}
    for field in fields_of(variant):
        key = PREFIX + field.name
        size = _entries(field, variant)
        if field.kind == "seats":
            ticked = [int(v) for v in form.get(key, []) if v.isdigit()]
            if ticked or field.required:
                deal[field.name] = sorted(ticked)
            continue
        if size is None:
            raw = _first(form, key)
            value = _one(field, raw)
            if field.kind == "flag":
                if raw is not None or field.required:
                    deal[field.name] = bool(value)
            elif value is not None or (raw is not None and field.nullable and raw.strip()):
                deal[field.name] = value  # an answer; "-" is the "nobody" button
            continue
        values: list[Any] = []
        for i in range(size):
            if field.per == "seat" and i in left:
                values.append(None)
            else:
                values.append(_one(field, _first(form, f"{key}.{i}")))
        if all(v is None for v in values) and not field.required:
            continue
        deal[field.name] = values
    return deal


def _first(form: Mapping[str, list[str]], key: str) -> str | None:
    values = form.get(key)
    return values[0] if values else None


# --- deal JSON -> form values (to edit a deal) ------------------------------------------------


def values_of(variant: Variant, deal: Mapping[str, Any]) -> dict[str, str]:
    """Form values (``f.NAME[.I]`` → text) of a stored deal, to fill the edit form."""
    values: dict[str, str] = {}
    for field in fields_of(variant):
        present = [k for k in (field.name, *getattr(field, "aliases", ())) if k in deal]
        if not present:
            continue
        raw = deal[present[0]]
        key = PREFIX + field.name
        if raw is None:
            if field.kind in ("seat", "side") and _entries(field, variant) is None:
                values[key] = "-"  # the "nobody" button
            continue
        if field.kind == "seats" and isinstance(raw, list):
            for seat in raw:
                values[f"{key}.{seat}"] = "1"
        elif _entries(field, variant) is not None and isinstance(raw, list):
            for i, v in enumerate(raw):
                values[f"{key}.{i}"] = _text(v)
        else:
            values[key] = _text(raw)
    return values


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else ""
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def field_of_path(variant: Variant, path: str, index: int) -> tuple[str, int | None] | None:
    """Which form control a kozyr error path names: ``$.deals[3].tricks_won[2]`` → the field
    ``tricks_won``, entry 2 (None when the path names no field of deal ``index``)."""
    prefix = f"$.deals[{index}]"
    if not path.startswith(prefix + "."):
        return None
    rest = path[len(prefix) + 1 :]
    name, _, tail = rest.partition("[")
    name = name.split(".")[0]
    for field in fields_of(variant):
        if name == field.name or name in getattr(field, "aliases", ()):
            entry = None
            if tail and _entries(field, variant) is not None:
                number = tail.split("]")[0]
                entry = int(number) if number.isdigit() else None
            return field.name, entry
    return None


# --- HTML -------------------------------------------------------------------------------------


def label(field: Any, lang: str) -> str:
    """The field's label: in the page's language, the other one small beside it."""
    first, second = (
        (field.label_ru, field.label_en) if lang == "ru" else (field.label_en, field.label_ru)
    )
    return (
        f'<span class="l1">{escape(first)}</span> <span class="l2">{escape(second)}</span>'
        f' <span class="rule">{escape(field.rule)}</span>'
    )


def render_fields(
    variant: Variant,
    players: Sequence[str],
    values: Mapping[str, str],
    errors: Mapping[tuple[str, int | None], str],
    lang: str,
    left: Sequence[int] = (),
) -> str:
    """The form controls of every declared field, with each error beside its field."""
    nobody = "никто" if lang == "ru" else "nobody"
    parts: list[str] = []
    for field in fields_of(variant):
        key = PREFIX + field.name
        size = _entries(field, variant)
        err_whole = errors.get((field.name, None))
        classes = "field" + (" has-error" if err_whole else "")
        optional = (
            ""
            if field.required
            else f' <span class="opt">({"необязательно" if lang == "ru" else "optional"})</span>'
        )
        parts.append(
            f'<fieldset class="{classes}" data-field="{escape(field.name)}">'
            f"<legend>{label(field, lang)}{optional}</legend>"
        )
        if err_whole:
            parts.append(_error(err_whole))
        if field.kind in ("seat", "side") and size is None:
            names = entry_names(field, variant, players, side_kind=field.kind == "side")
            options = [(str(i), n) for i, n in enumerate(names)]
            if field.nullable:
                options.append(("-", nobody))
            parts.append(_choices(key, options, values.get(key), field.name))
        elif field.kind == "choice" and size is None:
            parts.append(
                _choices(key, [(c, c) for c in field.choices], values.get(key), field.name)
            )
        elif field.kind == "seats":
            parts.append('<div class="choices">')
            for seat, name in enumerate(players):
                checked = " checked" if values.get(f"{key}.{seat}") else ""
                parts.append(
                    f'<label class="choice"><input type="checkbox" name="{key}" '
                    f'value="{seat}"{checked}><span>{escape(name)}</span></label>'
                )
            parts.append("</div>")
        elif field.kind == "flag" and size is None:
            checked = " checked" if values.get(key) else ""
            parts.append(
                f'<label class="choice"><input type="checkbox" name="{key}" value="1"'
                f"{checked}><span>{'да' if lang == 'ru' else 'yes'}</span></label>"
            )
        elif size is None:
            parts.append(_input(field, key, values.get(key), field.name))
        else:
            names = entry_names(field, variant, players)
            parts.append('<div class="per">')
            for i in range(size):
                if field.per == "seat" and i in left:
                    continue
                err = errors.get((field.name, i))
                parts.append(
                    f'<div class="entry{" has-error" if err else ""}">'
                    f'<span class="who">{escape(names[i])}</span>'
                )
                parts.append(_input(field, f"{key}.{i}", values.get(f"{key}.{i}"), field.name))
                if err:
                    parts.append(_error(err))
                parts.append("</div>")
            parts.append("</div>")
        parts.append("</fieldset>")
    return "\n".join(parts)


def _error(message: str) -> str:
    return f'<p class="error" role="alert">{escape(message)}</p>'


def _choices(key: str, options: Sequence[tuple[str, str]], chosen: str | None, name: str) -> str:
    out = ['<div class="choices">']
    for value, text in options:
        checked = " checked" if chosen is not None and chosen == value else ""
        out.append(
            f'<label class="choice"><input type="radio" name="{key}" value="{escape(value)}"'
            f"{checked}><span>{escape(text)}</span></label>"
        )
    out.append("</div>")
    return "".join(out)


def _input(field: Any, key: str, value: str | None, name: str) -> str:
    if field.kind == "count":
        low = field.minimum if field.minimum is not None else ""
        high = field.maximum if field.maximum is not None else ""
        # a required count starts at its minimum; an optional one starts empty (left out)
        shown = value if value is not None else (str(low or 0) if field.required else "")
        return (
            f'<div class="stepper"><button type="button" class="step" data-step="-1" '
            f'aria-label="−">−</button><input type="number" inputmode="numeric" '
            f'name="{key}" value="{escape(shown)}" min="{low}" max="{high}">'
            f'<button type="button" class="step" data-step="1" aria-label="+">+</button></div>'
        )
    if field.kind in ("seat", "side"):
        return (
            f'<input type="number" inputmode="numeric" name="{key}" value="{escape(value or "")}">'
        )
    placeholder = "7♠ Q♥ 10♦" if field.kind == "cards" else ""
    return (
        f'<input type="text" class="cards" name="{key}" value="{escape(value or "")}" '
        f'placeholder="{placeholder}" autocapitalize="characters" autocomplete="off">'
    )


__all__ = [
    "PREFIX",
    "deal_from_form",
    "entry_names",
    "field_of_path",
    "fields_of",
    "label",
    "render_fields",
    "values_of",
]
