"""``kozyr completion bash|zsh|fish``: a shell completion script for the ``kozyr`` command.

Generated from the argument parser itself (argparse-native, no extra dependency), so every
command, option and choice the parser knows completes; a ``VARIANT`` argument completes with
the names and aliases of the variants installed when the script is made. Install it with::

    kozyr completion bash > ~/.local/share/bash-completion/completions/kozyr
    kozyr completion zsh > "${fpath[1]}/_kozyr"      # or: source <(kozyr completion zsh)
    kozyr completion fish > ~/.config/fish/completions/kozyr.fish
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from typing import Any, TextIO

from kozyr.cli.output import EXIT_OK

SHELLS = ("bash", "zsh", "fish")
HELP = "print a shell completion script (bash, zsh or fish)"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "completion",
        help=HELP,
        description=HELP
        + ": kozyr completion bash > ~/.local/share/bash-completion/completions/kozyr",
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from kozyr.cli import build_parser

    out.write(script(args.shell, build_parser(), variant_names()))
    return EXIT_OK


def variant_names() -> list[str]:
    """The names and aliases of the installed variants (empty when none is)."""
    from kozyr.registry import manager

    names: set[str] = set()
    for entry in manager().entries():
        names.update((entry.name, *entry.aliases))
    return sorted(names)


# --- the parser as data --------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One optional argument: its spellings, whether it takes a value, its choices."""

    strings: tuple[str, ...]
    help: str
    takes_value: bool
    choices: tuple[str, ...] = ()
    metavar: str = ""
    repeatable: bool = False


@dataclass(frozen=True)
class Command:
    """A sub-command: its options and what its positional arguments complete with."""

    name: str
    help: str
    options: tuple[Option, ...]
    #: per positional argument: "variant", "file", "choices" or "word"
    positionals: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())


def _help(action: argparse.Action) -> str:
    text = action.help if action.help not in (None, argparse.SUPPRESS) else ""
    return " ".join(str(text).split())


def _options(parser: argparse.ArgumentParser) -> tuple[Option, ...]:
    options = []
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        options.append(
            Option(
                tuple(action.option_strings),
                _help(action),
                action.nargs != 0,
                tuple(map(str, action.choices or ())),
                str(action.metavar or action.dest.upper()),
                isinstance(action, argparse._AppendAction),
            )
        )
    return tuple(options)


def _positional_kind(action: argparse.Action) -> tuple[str, tuple[str, ...]]:
    if action.choices:
        return ("choices", tuple(map(str, action.choices)))
    if action.dest == "variant":
        return ("variant", ())
    if action.dest in {"file", "files", "input", "inputs", "path", "db"}:
        return ("file", ())
    return ("word", ())


def commands(parser: argparse.ArgumentParser) -> list[Command]:
    """Every sub-command of the parser, in its order."""
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {a.dest: _help(a) for a in sub._choices_actions}
    found = []
    for name, subparser in sub.choices.items():
        positionals = tuple(_positional_kind(a) for a in subparser._actions if not a.option_strings)
        found.append(Command(name, helps.get(name, ""), _options(subparser), positionals))
    return found


# --- the scripts ---------------------------------------------------------------------------------


def script(shell: str, parser: argparse.ArgumentParser, variants: list[str]) -> str:
    """The completion script for ``shell`` (one of :data:`SHELLS`)."""
    writers = {"bash": _bash, "zsh": _zsh, "fish": _fish}
    return writers[shell](_options(parser), commands(parser), variants)


def _bash_words(words: list[str]) -> str:
    return " ".join(w for w in words if re.fullmatch(r"[^\s'\"\\$`]+", w))


def _bash(top: tuple[Option, ...], cmds: list[Command], variants: list[str]) -> str:
    lines = [
        "# bash completion for kozyr (kozyr completion bash)",
        "_kozyr() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
        '    local cmd="" i opts="" values="" positional=""',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        case "${COMP_WORDS[i]}" in',
        "            -*) ;;",
        '            *) cmd="${COMP_WORDS[i]}"; break ;;',
        "        esac",
        "    done",
        '    case "$cmd" in',
    ]
    top_words = [c.name for c in cmds] + [s for o in top for s in o.strings]
    lines.append(
        f"        '') COMPREPLY=($(compgen -W '{_bash_words(top_words)}' -- \"$cur\")); return ;;"
    )
    for command in cmds:
        words = [s for o in command.options for s in o.strings]
        kinds = {kind for kind, _ in command.positionals}
        choices = [c for kind, values in command.positionals if kind == "choices" for c in values]
        positional = "file" if "file" in kinds else ""
        value_words = choices + (variants if "variant" in kinds else [])
        lines.append(f"        {command.name})")
        lines.append(f"            opts='{_bash_words(words)}'")
        lines.append(f"            values='{_bash_words(value_words)}'")
        lines.append(f"            positional='{positional}'")
        for option in command.options:
            if option.choices:
                pattern = "|".join(option.strings)
                choices_text = _bash_words(list(option.choices))
                lines.append(
                    f'            case "$prev" in {pattern}) '
                    f"COMPREPLY=($(compgen -W '{choices_text}' -- \"$cur\")); return ;; esac"
                )
        valued = [s for o in command.options if o.takes_value and not o.choices for s in o.strings]
        if valued:  # a value of the user's own: no word list (bash falls back to file names)
            lines.append(f'            case "$prev" in {"|".join(valued)}) return ;; esac')
        lines.append("            ;;")
    lines += [
        "        *) return ;;",
        "    esac",
        '    if [[ "$cur" == -* ]]; then',
        '        COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
        '    elif [[ -n "$values" ]]; then',
        '        COMPREPLY=($(compgen -W "$values" -- "$cur"))',
        '        [[ "$positional" == file ]] && COMPREPLY+=($(compgen -f -- "$cur"))',
        "    else",
        '        COMPREPLY=($(compgen -f -- "$cur"))',
        "    fi",
        "}",
        "complete -o default -F _kozyr kozyr",
        "",
    ]
    return "\n".join(lines)


def _zsh_text(text: str) -> str:
    """A description inside a single-quoted ``_arguments`` spec."""
    text = text.replace("'", "’").replace("[", "(").replace("]", ")").replace(":", " -")
    return text.replace("\\", "/")


def _zsh_word(word: str) -> str:
    return re.sub(r"([\\ ()'\"`$:])", r"\\\1", word)


def _zsh_option(option: Option) -> list[str]:
    help = _zsh_text(option.help)
    value = ""
    if option.takes_value:
        values = " ".join(_zsh_word(c) for c in option.choices)
        value = f":{_zsh_text(option.metavar)}:" + (f"({values})" if values else "")
    if option.repeatable:
        exclusive = "*"
    elif len(option.strings) > 1:
        exclusive = f"({' '.join(option.strings)})"
    else:
        exclusive = ""
    return [f"'{exclusive}{s}[{help}]{value}'" for s in option.strings]


def _zsh(top: tuple[Option, ...], cmds: list[Command], variants: list[str]) -> str:
    variant_words = " ".join(_zsh_word(v) for v in variants)
    lines = [
        "#compdef kozyr",
        "# zsh completion for kozyr (kozyr completion zsh)",
        "_kozyr() {",
        "    local curcontext=$curcontext state line",
        "    local -a commands",
        "    commands=(",
    ]
    lines += [f"        '{c.name}:{_zsh_text(c.help)}'" for c in cmds]
    lines += ["    )", "    _arguments -C \\"]
    lines += [f"        {spec} \\" for o in top for spec in _zsh_option(o)]
    lines += [
        "        '1:command:->command' \\",
        "        '*::argument:->argument'",
        "    case $state in",
        "        command) _describe -t commands 'kozyr command' commands ;;",
        "        argument)",
        "            case $line[1] in",
    ]
    for command in cmds:
        specs = [spec for o in command.options for spec in _zsh_option(o)]
        for index, (kind, values) in enumerate(command.positionals, 1):
            action = {
                "variant": f"({variant_words})",
                "file": "_files",
                "choices": "(" + " ".join(_zsh_word(v) for v in values) + ")",
                "word": " ",
            }[kind]
            specs.append(f"'{index}:{kind}:{action}'")
        lines.append(f"                {command.name}) _arguments \\")
        lines += [f"                    {spec} \\" for spec in specs[:-1]]
        lines.append(f"                    {specs[-1]} ;;" if specs else "                    ;;")
    lines += [
        "            esac ;;",
        "    esac",
        "}",
        'if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then',
        '    _kozyr "$@"',
        "else",
        "    compdef _kozyr kozyr",
        "fi",
        "",
    ]
    return "\n".join(lines)


def _fish_text(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_option(option: Option, condition: str) -> str:
    parts = ["complete -c kozyr", f"-n {_fish_text(condition)}"]
    for string in option.strings:
        if string.startswith("--"):
            parts.append(f"-l {string[2:]}")
        else:
            parts.append(f"-s {string[1:]}")
    if option.takes_value:
        parts.append("-r")
        if option.choices:
            parts.append("-f -a " + _fish_text(" ".join(option.choices)))
    if option.help:
        parts.append(f"-d {_fish_text(option.help)}")
    return " ".join(parts)


def _fish(top: tuple[Option, ...], cmds: list[Command], variants: list[str]) -> str:
    names = " ".join(c.name for c in cmds)
    lines = [
        "# fish completion for kozyr (kozyr completion fish)",
        "complete -c kozyr -f",
    ]
    lines += [_fish_option(o, "__fish_use_subcommand") for o in top]
    lines += [
        f"complete -c kozyr -n __fish_use_subcommand -a {c.name} -d {_fish_text(c.help)}"
        for c in cmds
    ]
    for command in cmds:
        condition = f"__fish_seen_subcommand_from {command.name}"
        lines += [_fish_option(o, condition) for o in command.options]
        kinds = {kind for kind, _ in command.positionals}
        values = [v for kind, vs in command.positionals if kind == "choices" for v in vs]
        if "variant" in kinds:
            values += variants
        if values:
            lines.append(
                f"complete -c kozyr -n {_fish_text(condition)} -a {_fish_text(' '.join(values))}"
            )
        if "file" in kinds:
            lines.append(f"complete -c kozyr -n {_fish_text(condition)} -F")
    lines.append(f"# commands: {names}")
    lines.append("")
    return "\n".join(lines)
