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
    **{
        # conflict-safe writes and recovering from a slip (kozyr.web.sync, confirm steps)
        "The game changed on another phone": "Партию изменили с другого телефона",
        "Since this page was loaded:": "С тех пор как открыта эта страница:",
        "the game was started": "партия начата",
        "the game was imported": "партия загружена",
        "deal %(number)d was entered": "сдача %(number)d записана",
        "deal %(number)d was undone": "сдача %(number)d отменена",
        "deal %(number)d was brought back": "сдача %(number)d возвращена",
        "deal %(number)d was edited": "сдача %(number)d исправлена",
        "the game's fields were set": "поля партии изменены",
        "the game was finished": "партия закончена",
        "the game was reopened": "партия открыта снова",
        "the game was renamed": "партия переименована",
        "the game was deleted": "партия удалена",
        "the game was restored": "партия восстановлена",
        "Your entry is kept in the form below: check it against the sheet and save it again.": (
            "Ваша запись осталась в форме ниже: сверьте её с листом и запишите снова."
        ),
        "Nothing was changed: look at the sheet and try again.": (
            "Ничего не изменено: посмотрите на лист и попробуйте снова."
        ),
        "Nothing was changed. Look at the sheet as it is now:": (
            "Ничего не изменено. Лист сейчас такой:"
        ),
        "Undo deal %(number)d?": "Отменить сдачу %(number)d?",
        "Deal %(number)d goes; redo brings it back.": (
            "Сдача %(number)d будет снята; «Вернуть сдачу» вернёт её."
        ),
        "There is no deal to undo.": "Нет сдачи, которую можно отменить.",
        "Yes, undo deal %(number)d": "Да, отменить сдачу %(number)d",
        "Finish the game?": "Закончить партию?",
        "No more deals are taken; the game can be reopened.": (
            "Сдачи больше не записываются; партию можно открыть снова."
        ),
        "The game is already finished.": "Партия уже закончена.",
        "Yes, finish the game": "Да, закончить партию",
        "Delete the game?": "Удалить партию?",
        "It leaves the list and its evening; it can be restored.": (
            "Она исчезнет из списка и из вечера; её можно восстановить."
        ),
        "This game is deleted.": "Эта партия удалена.",
        "Yes, delete the game": "Да, удалить партию",
        "Back to the game": "Назад к партии",
        "Restore the game": "Восстановить партию",
        "Redo": "Вернуть сдачу",
        "Reopen the game": "Открыть партию снова",
        "Rename or delete the game": "Переименовать или удалить партию",
        "Name": "Название",
        "Rename": "Переименовать",
        "Delete the game": "Удалить партию",
        "Deleted games": "Удалённые партии",
        "No deleted games.": "Удалённых партий нет.",
        "UTC": "UTC",
    },
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
