"""The words a game provides for the menus, in English for the catalog and translated for the screen.

Games declare their options (`option_specs()`: label, help line, the names of the choices) and their
settings (the manifest's `GameSetting`: label, help line) in English, as plain data: game/ knows no
language. The screens show them through the functions here, and the catalog tool (build/message_catalogs.py)
collects the very same English texts with `english_texts()`, so what a screen asks the catalog for is
exactly what the catalog holds. Game titles are names and stay as they are.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from game.core.engine import Game, OptionSpec
from game.core.manifest import GameManifest, GameSetting
from scenes.ui.i18n import game_text, localize_digits


def choice_english(spec: OptionSpec, value: Any) -> str:
    """How a choice of an option reads in English: its label, else its value as a word ("random" -> "Random")."""
    if value in spec.choices and len(spec.labels) == len(spec.choices):
        return spec.label_of(value)
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)


def option_label(spec: OptionSpec) -> str:
    return game_text(spec.label)


def option_help(spec: OptionSpec) -> str:
    return game_text(spec.help)


def option_choice(spec: OptionSpec, value: Any) -> str:
    """One choice of an option, as the player reads it (plain numbers with the language's decimal mark)."""
    if _is_number(value) and not _labelled(spec, value):
        return localize_digits(str(value))
    return game_text(choice_english(spec, value))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _labelled(spec: OptionSpec, value: Any) -> bool:
    return value in spec.choices and len(spec.labels) == len(spec.choices)


def setting_label(spec: GameSetting) -> str:
    return game_text(spec.label)


def setting_help(spec: GameSetting) -> str:
    return game_text(spec.help)


def setting_value(spec: GameSetting, value: Any) -> str:
    """A game setting's value as the settings screen shows it ("1.50 s" / "1,50 s")."""
    if spec.kind == "choice":
        return game_text(str(spec.show(value)))
    return localize_digits(spec.show(value))


def option_texts(spec: OptionSpec) -> Iterator[str]:
    """Every English text one option shows: label, help, the name of each choice and of its default."""
    yield spec.label
    if spec.help:
        yield spec.help
    if spec.kind in ("choice", "pick"):
        for value in (*spec.choices, spec.default):
            if not _is_number(value) or _labelled(spec, value):
                yield choice_english(spec, value)


def english_texts(manifests: Iterable[GameManifest], games: Iterable[Game]) -> Iterator[tuple[str, str]]:
    """(text, where it comes from) for every text the games give the menus, for the catalog."""
    for manifest in manifests:
        for setting in manifest.settings:
            where = f"game/{manifest.id}/manifest.py: setting {setting.name}"
            yield setting.label, where
            yield setting.help, where
            if setting.kind == "choice":
                for value in setting.steps:
                    yield str(setting.show(value)), where
    for game in games:
        for spec in game.option_specs():
            for text in option_texts(spec):
                yield text, f"game/{game.id}: option {spec.name}"
