"""The page's words in Russian and English, each mapped once (``t(lang, key)``).

>>> t("ru", "undo"), t("en", "undo")
('Отменить последнюю сдачу', 'Undo last deal')
"""

from __future__ import annotations

LANGS = ("ru", "en")

WORDS: dict[str, tuple[str, str]] = {
    "app": ("Козырь — запись", "kozyr — score sheet"),
    "games": ("Партии", "Games"),
    "new_game": ("Новая партия", "New game"),
    "import": ("Загрузить запись", "Import a record"),
    "import_help": (
        "Файл записи (партия, сдача или вечер), как его читает kozyr replay",
        "A record file (party, deal or evening) as kozyr replay reads it",
    ),
    "import_button": ("Загрузить", "Import"),
    "record_text": ("Запись (JSON)", "Record (JSON)"),
    "variant": ("Игра", "Game"),
    "players_count": ("Игроков", "Players"),
    "player": ("Игрок", "Player"),
    "seat": ("место", "seat"),
    "dealer": ("Сдаёт", "Dealer"),
    "first_dealer": ("Первым сдаёт", "First dealer"),
    "options": ("Правила", "Options"),
    "start": ("Начать партию", "Start the game"),
    "refresh": ("Обновить", "Refresh"),
    "sheet": ("Запись очков", "Score sheet"),
    "deal": ("Сдача", "Deal"),
    "deals": ("сдач", "deals"),
    "total": ("Итого", "Total"),
    "enter_deal": ("Записать сдачу", "Enter a deal"),
    "save_deal": ("Записать", "Save deal"),
    "save_edit": ("Сохранить", "Save"),
    "edit": ("Исправить", "Edit"),
    "edit_deal": ("Исправить сдачу", "Edit deal"),
    "undo": ("Отменить последнюю сдачу", "Undo last deal"),
    "finish": ("Закончить партию", "Finish the game"),
    "next_game": ("Следующая партия", "Next game"),
    "export": ("Выгрузить", "Export"),
    "print": ("Лист для печати", "Printable sheet"),
    "winner": ("Победа", "Winner"),
    "loser": ("Проигрыш", "Loser"),
    "over": ("Партия окончена по правилам", "The game is over by its rules"),
    "finished": ("закончена", "finished"),
    "open": ("идёт", "in play"),
    "nobody": ("никто", "nobody"),
    "none": ("—", "—"),
    "yes": ("да", "yes"),
    "no": ("нет", "no"),
    "left": ("вышел", "left"),
    "as_json": ("Сдача как JSON (полная или сводная запись)", "Deal as JSON (full or summary)"),
    "json_help": (
        "Если заполнено, поля выше не читаются.",
        "When filled in, the fields above are not read.",
    ),
    "no_form": (
        "Эта игра не объявила полей исхода: введите сдачу как JSON.",
        "This variant declares no outcome fields: enter the deal as JSON.",
    ),
    "error": ("Ошибка", "Error"),
    "evening": ("Вечер", "Evening"),
    "no_games": ("Партий пока нет.", "No games yet."),
    "code": ("Код стола", "Table code"),
    "code_help": (
        "Этот код напечатал kozyr serve при запуске.",
        "kozyr serve printed this code when it started.",
    ),
    "code_button": ("Войти", "Enter"),
    "wrong_code": ("Неверный код", "Wrong code"),
    "not_found": ("Нет такой партии", "No such game"),
    "no_party_form": ("без партии", "no party form"),
    "changes": ("Журнал изменений", "Change log"),
    "all_games": ("Все партии", "All games"),
    "checked": ("проверено", "checked"),
    "game": ("Партия", "Game"),
    "party_fields": ("Поля партии", "Game fields"),
    "cut": ("Срезка (карта, PN5)", "Cut card (PN5)"),
}


#: Page words beyond :data:`WORDS` (English text → Russian), until the gettext catalogs.
EXTRA_RU: dict[str, str] = {
    "No variant with a party form is installed.": "Не установлено ни одной игры с партией.",
    "Record file": "Файл записи",
    "one less": "на одну меньше",
    "one more": "на одну больше",
    "optional": "необязательно",
    "Player %(number)d": "Игрок %(number)d",
    "no such deal": "Нет такой сдачи",
}

_RU: dict[str, str] = {en: ru for ru, en in WORDS.values()} | EXTRA_RU


def gettext(lang: str, message: str) -> str:
    """``message`` (its English text) in ``lang``."""
    return _RU.get(message, message) if lang == "ru" else message


def t(lang: str, key: str) -> str:
    """The word ``key`` in ``lang`` (``ru`` or ``en``)."""
    ru, en = WORDS[key]
    return ru if lang == "ru" else en


def other(lang: str, key: str) -> str:
    """The word in the other language (shown small beside the first)."""
    return t("en" if lang == "ru" else "ru", key)


__all__ = ["LANGS", "WORDS", "gettext", "other", "t"]
