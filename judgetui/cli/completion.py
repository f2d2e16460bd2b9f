"""`judgetui completion bash|zsh|fish`: a completion script made from the parser itself,
so a command or option added to the parser completes with nothing written here. Bash and
zsh by shtab; fish, which shtab does not write, from the same parser's commands and
options, one ``complete`` line each."""

from __future__ import annotations

import argparse
import shlex

from judgetui.cli.parser import build_parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse has no public walk of its sub-commands
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _help_of(parser: argparse.ArgumentParser, name: str) -> str:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == name:
                    return choice.help or ""
    return ""


def _fish_options(parser: argparse.ArgumentParser, condition: str, lines: list[str]) -> None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        longs = [o[2:] for o in action.option_strings if o.startswith("--")]
        shorts = [o[1:] for o in action.option_strings if len(o) == 2]
        if not longs and not shorts:
            continue
        words = ["complete", "-c", "judgetui", "-n", condition]
        for name in longs:
            words += ["-l", name]
        for name in shorts:
            words += ["-s", name]
        if action.nargs != 0:
            words.append("-r")
            if action.choices:
                words += ["-f", "-a", " ".join(str(c) for c in action.choices)]
        if action.help:
            words += ["-d", " ".join(str(action.help).split())[:80]]
        lines.append(shlex.join(words))


def fish_script(parser: argparse.ArgumentParser) -> str:
    lines = ["# judgetui completions for fish (judgetui completion fish)"]
    commands = _commands(parser)
    _fish_options(parser, "__fish_use_subcommand", lines)
    for name, sub in commands.items():
        lines.append(
            shlex.join(["complete", "-c", "judgetui", "-f", "-n", "__fish_use_subcommand",
                        "-a", name, "-d", " ".join(_help_of(parser, name).split())[:80]])
        )  # fmt: skip
        seen = f"__fish_seen_subcommand_from {name}"
        _fish_options(sub, seen, lines)
        for inner, deeper in _commands(sub).items():
            lines.append(
                shlex.join(["complete", "-c", "judgetui", "-f", "-n", seen, "-a", inner,
                            "-d", " ".join(_help_of(sub, inner).split())[:80]])
            )  # fmt: skip
            _fish_options(deeper, f"{seen}; and __fish_seen_subcommand_from {inner}", lines)
    return "\n".join(lines) + "\n"


def completion_script(shell: str) -> str:
    parser = build_parser()
    if shell == "fish":
        return fish_script(parser)
    import shtab

    return str(shtab.complete(parser, shell=shell))
