"""Content loading names file, key and line; settings and user files never lose data."""
from __future__ import annotations

import json

import pytest

from game.core.content import load_yaml, parse_yaml
from game.core.errors import ContentError
from game.core.powers import PowerRegistry
from game.core.settings import Settings, load_settings, save_settings
from game.core.userfiles import atomic_write_text, set_aside, user_dirs


def test_yaml_syntax_error_names_file_and_line() -> None:
    with pytest.raises(ContentError) as info:
        parse_yaml("deck:\n  cards: [1, 2\n  gods: 3\n", "zeus.yaml")
    assert info.value.file == "zeus.yaml" and info.value.line is not None
    assert "zeus.yaml" in str(info.value) and "valid YAML" in str(info.value)


def test_missing_key_and_wrong_type_name_key_and_line() -> None:
    root = parse_yaml("deck:\n  count: four\n", "d.yaml")
    with pytest.raises(ContentError) as info:
        root.get("deck").get("count").expect_int(minimum=1)
    assert (info.value.key, info.value.line) == ("deck.count", 2)
    with pytest.raises(ContentError, match="deck.size"):
        root.get("deck").get("size")


def test_duplicate_keys_are_rejected() -> None:
    with pytest.raises(ContentError, match="only once") as caught:     # refused as the file is read
        parse_yaml("a: 1\na: 2\n", "d.yaml")
    assert caught.value.key == "a" and caught.value.line == 2


def test_yaml_is_loaded_safely(tmp_path) -> None:
    path = tmp_path / "evil.yaml"
    path.write_text("x: !!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    with pytest.raises(ContentError):
        load_yaml(path).get("x").value


def test_power_registry_validates_type_and_params() -> None:
    registry = PowerRegistry("demo")

    @registry.register("set_total", params={"value": "int"})
    def set_total(total: int, value: int) -> int:
        return value

    spec = registry.read(parse_yaml("type: set_total\nparams: {value: 50}\n", "p.yaml"))
    assert spec.type == "set_total" and spec.params["value"] == 50
    assert registry.handler(spec.type)(10, **spec.params) == 50
    with pytest.raises(ContentError, match="power type of demo"):
        registry.read(parse_yaml("type: teleport\n", "p.yaml"))
    with pytest.raises(ContentError, match="parameter 'value'"):
        registry.read(parse_yaml("type: set_total\nparams: {}\n", "p.yaml"))
    with pytest.raises(ContentError, match="whole number"):
        registry.read(parse_yaml("type: set_total\nparams: {value: high}\n", "p.yaml"))
    with pytest.raises(ContentError, match="only the parameters"):
        registry.read(parse_yaml("type: set_total\nparams: {value: 1, colour: red}\n", "p.yaml"))


def test_damaged_settings_give_defaults_a_message_and_are_set_aside(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{\"sound_volume\": ", encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.message and "defaults" in loaded.message
    assert not path.exists()
    assert [p.read_text(encoding="utf-8") for p in tmp_path.glob("settings.json.damaged-*")] == ["{\"sound_volume\": "]


def test_settings_of_the_wrong_kind_are_set_aside(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "very"}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.message and loaded.settings == Settings()


def test_settings_round_trip_and_clamp(tmp_path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(sound_volume=3.0, animation_speed="fast", window_width=100))
    loaded = load_settings(path)
    assert loaded.message is None
    assert loaded.settings.sound_volume == 1.0 and loaded.settings.animation_speed == "fast"
    assert loaded.settings.window_width == 640


def test_atomic_write_leaves_no_temporary_files(tmp_path) -> None:
    target = tmp_path / "sub" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text(encoding="utf-8") == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_set_aside_never_overwrites(tmp_path) -> None:
    first = tmp_path / "a.json"
    first.write_text("1", encoding="utf-8")
    kept1 = set_aside(first)
    first.write_text("2", encoding="utf-8")
    kept2 = set_aside(first)
    assert kept1 != kept2 and {kept1.read_text(), kept2.read_text()} == {"1", "2"}


def test_olympus_home_moves_every_user_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    dirs = user_dirs().ensure()
    for folder in (dirs.config, dirs.data, dirs.logs, dirs.saves, dirs.records):
        assert folder.is_dir() and tmp_path in folder.parents
