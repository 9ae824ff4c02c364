"""The deal form, generated from the variant's declared outcome fields (``Variant.outcome_fields``,
:class:`kozyr.OutcomeField`): one control per field -- a row of large buttons for a seat, a side
or a choice, a stepper per seat for a count, a text box for cards -- and the way back from the
posted form to the deal's JSON. A plugin variant that declares its fields gets its form for free.

Form names: ``f.NAME`` for a single value, ``f.NAME.I`` for entry ``I`` of a per-seat (per-side)
list; a ``seats`` field posts ``f.NAME`` once per ticked seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from kozyr.errors import KozyrError
from kozyr.limits import parse_int
from kozyr.variant import Variant
from kozyr.web.i18n import N_, tr
from kozyr.web.templating import fragment

PREFIX = "f."


def fields_of(variant: Variant, context: Mapping[str, Any] | None = None) -> tuple[Any, ...]:
    """The variant's declared outcome fields (empty where it declares none); with the party
    ``context`` of a deal, that deal's (:meth:`Variant.deal_outcome_fields`: its own bounds)."""
    if context is not None and type(variant).deal_outcome_fields is not Variant.deal_outcome_fields:
        from kozyr.variant import deal_fields

        return deal_fields(variant, context)
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
            return parse_int(text, "number", minimum=None)  # ASCII digits only, bounded
        except KozyrError:
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
            ticked = tapped(form, key)
            if ticked or field.required:
                deal[field.name] = ticked
            continue
        if size is None:
            raw = _first(form, key)
            value = _one(field, raw)
            if field.kind == "flag":
                if value is not None:  # yes or no; "not known" (empty) leaves it out
                    deal[field.name] = value
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


def _seat(text: str) -> int | None:
    """A ticked seat's number (ASCII digits, bounded), None for anything else."""
    try:
        return parse_int(text, "seat")
    except KozyrError:
        return None


def _first(form: Mapping[str, list[str]], key: str) -> str | None:
    values = form.get(key)
    return values[0] if values else None


def tapped(form: Mapping[str, list[str]], key: str) -> list[int]:
    """The seats ticked in a ``seats`` field, in the order they were tapped: the page's script
    keeps that order in ``KEY.order`` (seat numbers, space-separated); seats ticked but not in
    it (no script) follow in seat order.

    >>> tapped({"f.reached": ["0", "2"], "f.reached.order": ["2 0"]}, "f.reached")
    [2, 0]
    >>> tapped({"f.reached": ["2", "0"]}, "f.reached")
    [0, 2]
    """
    ticked = sorted({seat for v in form.get(key, []) if (seat := _seat(v)) is not None})
    order: list[int] = []
    for word in (_first(form, key + ".order") or "").split():
        seat = _seat(word)
        if seat is not None and seat in ticked and seat not in order:
            order.append(seat)
    return order + [seat for seat in ticked if seat not in order]


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
            values[f"{key}.order"] = " ".join(str(seat) for seat in raw)
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
        return "1" if value else "0"
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
                entry = _seat(number)
            return field.name, entry
    return None


# --- the controls (drawn by templates/_fields.html) -----------------------------------------


def label(field: Any, lang: str) -> Markup:
    """The field's label: in the page's language, the other one small beside it."""
    return fragment("_label.html", lang, {"f": _labels(field, lang)})


def field_label(field: Any, lang: str) -> str:
    """The field's label in ``lang`` (Russian, else English)."""
    return str(field.label_ru if lang == "ru" else field.label_en)


def _labels(field: Any, lang: str) -> dict[str, Any]:
    first, second = (
        (field.label_ru, field.label_en) if lang == "ru" else (field.label_en, field.label_ru)
    )
    return {"label": first, "label_other": second, "rule": field.rule}


def controls(
    variant: Variant,
    players: Sequence[str],
    values: Mapping[str, str],
    errors: Mapping[tuple[str, int | None], str],
    lang: str,
    left: Sequence[int] = (),
    context: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """What ``templates/_fields.html`` draws for every declared field: its label, its kind of
    control (``choices``, ``seats``, ``flag``, ``input`` or ``per`` entries), the values to show
    and each error beside its field or entry; ``context``: the party context of the deal, whose
    own bounds the controls take (:meth:`Variant.deal_outcome_fields`)."""
    nobody = tr(lang, "nobody")
    out: list[dict[str, Any]] = []
    for field in fields_of(variant, context):
        key = PREFIX + field.name
        size = _entries(field, variant)
        shown: dict[str, Any] = {
            "name": field.name,
            "key": key,
            "required": field.required,
            "error": errors.get((field.name, None)),
            **_labels(field, lang),
        }
        if field.kind in ("seat", "side") and size is None:
            names = entry_names(field, variant, players, side_kind=field.kind == "side")
            options = [(str(i), n) for i, n in enumerate(names)]
            if field.nullable:
                options.append(("-", nobody))
            shown.update(control="choices", options=options, chosen=values.get(key))
        elif field.kind == "choice" and size is None:
            options = [(c, choice_label(lang, c)) for c in field.choices]
            chosen = values.get(key, _default(field))
            shown.update(control="choices", options=options, chosen=chosen)
        elif field.kind == "seats":
            order = [int(w) for w in values.get(f"{key}.order", "").split() if w.isdigit()]
            seats = []
            for seat, name in enumerate(players):
                ticked = bool(values.get(f"{key}.{seat}"))
                place = order.index(seat) + 1 if ticked and seat in order else None
                seats.append({"seat": seat, "name": name, "checked": ticked, "place": place})
            picked = [s for s in order if values.get(f"{key}.{s}")]
            shown.update(control="seats", seats=seats, order=" ".join(map(str, picked)))
        elif field.kind == "flag" and size is None:
            # three answers: yes, no, not known (an optional fact left out of the record)
            options = [("1", tr(lang, "yes")), ("0", tr(lang, "no"))]
            if not field.required:
                options.append(("", tr(lang, "not known")))
            chosen = values.get(key, _default(field))
            shown.update(control="choices", options=options, chosen=chosen)
        elif size is None:
            shown.update(control="input", input=_input(field, key, values.get(key), shown["label"]))
        else:
            names = entry_names(field, variant, players)
            entries = []
            for i in range(size):
                if field.per == "seat" and i in left:
                    continue
                whom = f"{shown['label']}: {names[i]}"
                entries.append(
                    {
                        "name": names[i],
                        "error": errors.get((field.name, i)),
                        "input": _input(field, f"{key}.{i}", values.get(f"{key}.{i}"), whom),
                    }
                )
            shown.update(control="per", entries=entries)
        out.append(shown)
    return out


#: The words of the choice values the built-in variants declare (English text; the catalog has
#: each language's): Seven Up's SU4 stand / beg.
CHOICE_LABELS: dict[str, str] = {
    "stand": N_("stand"),
    "give": N_("beg: the dealer gives a point"),
    "run": N_("beg: the dealer runs the cards"),
}


def choice_label(lang: str, value: str) -> str:
    """A choice value as the page shows it (its words where kozyr knows them, else the value)."""
    return tr(lang, CHOICE_LABELS[value]) if value in CHOICE_LABELS else value


def _default(field: Any) -> str | None:
    """The field's declared default as the form's value (prefilled), None when it has none."""
    if field.default is None or isinstance(field.default, (list, tuple)):
        return "" if field.kind == "flag" and not field.required else None
    return _text(field.default)


def render_fields(
    variant: Variant,
    players: Sequence[str],
    values: Mapping[str, str],
    errors: Mapping[tuple[str, int | None], str],
    lang: str,
    left: Sequence[int] = (),
) -> Markup:
    """The form controls of every declared field, with each error beside its field."""
    fields = controls(variant, players, values, errors, lang, left)
    return fragment("_fields.html", lang, {"fields": fields})


def _input(field: Any, key: str, value: str | None, name: str) -> dict[str, Any]:
    """A stepper (a count), a number box (a seat or side) or a text box (cards, text)."""
    control: dict[str, Any] = {"kind": field.kind, "key": key, "label": name}
    if field.kind == "count":
        low = field.minimum if field.minimum is not None else ""
        high = field.maximum if field.maximum is not None else ""
        # a required count starts at its minimum; an optional one starts empty (left out)
        shown = value if value is not None else (str(low or 0) if field.required else "")
        control.update(value=shown, min=low, max=high)
    else:
        control.update(value=value or "", placeholder="7♠ Q♥ 10♦" if field.kind == "cards" else "")
    return control


__all__ = [
    "PREFIX",
    "controls",
    "deal_from_form",
    "entry_names",
    "field_label",
    "field_of_path",
    "fields_of",
    "label",
    "render_fields",
    "values_of",
]
