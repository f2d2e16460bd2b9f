"""The settings file: where it is found, what it may hold, how a bad one is refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from msgspec.structs import replace

from judgetui import settings
from judgetui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def config_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "config", "--json"]) == 0
    data: dict[str, Any] = orjson.loads(capsys.readouterr().out)
    return data


def user_config() -> Path:
    """The XDG place (conftest points XDG_CONFIG_HOME at a fresh folder)."""
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "judgetui" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


# -- discovery ---------------------------------------------------------------------


def test_the_xdg_file_is_found_when_nothing_else_is_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    user_config().write_text('theme = "judgetui-light"\n')
    data = config_json(capsys)
    assert data["file"] == str(user_config())
    assert [c["where"] for c in data["searched"]] == ["--config", "$JUDGETUI_CONFIG", "user config"]
    assert data["searched"][2] == {
        "where": "user config",
        "path": str(user_config()),
        "found": True,
    }
    assert data["values"]["theme"] == {"value": "judgetui-light", "source": "settings"}


def test_jugdetui_config_wins_over_xdg_and_config_over_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    user_config().write_text("refresh_ms = 300\n")
    env_file = tmp_path / "env.toml"
    env_file.write_text("refresh_ms = 400\n")
    option_file = tmp_path / "option.toml"
    option_file.write_text("refresh_ms = 500\n")

    assert config_json(capsys)["values"]["refresh_ms"]["value"] == 300
    monkeypatch.setenv("JUDGETUI_CONFIG", str(env_file))
    data = config_json(capsys)
    assert data["file"] == str(env_file)
    assert data["values"]["refresh_ms"] == {"value": 400, "source": "settings"}
    assert [c["found"] for c in data["searched"]] == [False, True, False]
    data = config_json(capsys, "--config", str(option_file))
    assert data["file"] == str(option_file)
    assert data["values"]["refresh_ms"]["value"] == 500
    assert [c["found"] for c in data["searched"]] == [True, False, False]


def test_no_file_anywhere_means_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    data = config_json(capsys)
    assert data["file"] is None
    assert data["values"]["refresh_ms"] == {"value": 250, "source": "default"}
    assert data["values"]["theme"] == {"value": "textual-dark", "source": "default"}
    assert data["values"]["event_file"] == {"value": "judgetui.json", "source": "default"}
    # the screenshot folder is never the working folder
    assert Path(data["values"]["screenshot_dir"]["value"]).is_absolute()


@pytest.mark.parametrize("how", ["option", "env"])
def test_an_explicit_file_that_is_missing_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    how: str,
) -> None:
    missing = tmp_path / "typo.toml"
    argv = ["--config", str(missing)] if how == "option" else []
    if how == "env":
        monkeypatch.setenv("JUDGETUI_CONFIG", str(missing))
    assert main([*argv, "config"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "typo.toml" in err and "not found" in err


def test_config_prints_where_it_looks_and_what_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    user_config().write_text(
        'language = "ja"\nrefresh_ms = 1000\n[keys]\n"dashboard.new_incident" = "f2"\n'
    )
    assert main(["--lang", "en", "--db", str(tmp_path / "e.json"), "config"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "1. --config" in lines[1] and "not given" in lines[1]
    assert "2. $JUDGETUI_CONFIG" in lines[2] and "not set" in lines[2]
    assert str(user_config()) in lines[3] and "(found)" in lines[3]
    assert f"Settings file: {user_config()}" in out
    assert f"event_file      {tmp_path / 'e.json'}  [--db]" in out
    assert "language        en  [--lang]" in out
    assert "refresh_ms      1000  [settings file]" in out
    assert "keys            dashboard.new_incident = f2  [settings file]" in out
    assert "applied when the station starts" in out


# -- bad settings ------------------------------------------------------------------

BAD = [
    pytest.param('refresh_ms = "fast"\n', "refresh_ms = 'fast'", id="wrong-type"),
    pytest.param("refresh_ms = 250.0\n", "refresh_ms = 250.0", id="float-for-int"),
    pytest.param("language = 1\n", "language = 1", id="wrong-type-language"),
    pytest.param("colour = 3\n", "colour = 3: unknown setting", id="unknown-key"),
    pytest.param("refresh_ms = 10\n", "refresh_ms = 10", id="interval-too-short"),
    pytest.param("refresh_ms = 60000\n", "refresh_ms = 60000", id="interval-too-long"),
    pytest.param('theme = "hot-pink"\n', "theme = 'hot-pink': unknown theme", id="unknown-theme"),
    pytest.param('language = "fr"\n', "language = 'fr'", id="unknown-language"),
    pytest.param("[keys]\nhelp = 3\n", "keys.help = 3", id="key-not-a-string"),
    pytest.param('[keys]\nhelp = "not a key!"\n', "keys.help = 'not a key!'", id="bad-key-name"),
    pytest.param('keys = "n"\n', "keys = 'n'", id="keys-not-a-table"),
    pytest.param('rules = "/tmp/mine.toml"\n', "rules = ", id="no-rules-path"),
    pytest.param('judge = "Kana Mori"\n', "judge = ", id="no-judge"),
    pytest.param('event_file = ""\n', "event_file = ''", id="empty-event-file"),
]


@pytest.mark.parametrize(("text", "expected"), BAD)
@pytest.mark.parametrize(
    "command", [["config"], ["queue"], ["classify", "--intentional", "no", "--disruptive", "no"]]
)
def test_a_bad_setting_is_one_line_naming_key_and_value_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    expected: str,
    command: list[str],
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    assert main(["--config", str(path), *command]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith(f"judgetui: {path}: ")
    assert expected in captured.err
    assert "Traceback" not in captured.err


def test_a_file_that_is_not_toml_says_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = "judgetui-light"\nrefresh_ms = = 3\n')
    assert main(["--config", str(path), "config"]) == 2
    err = capsys.readouterr().err
    assert "not TOML" in err and "line 2, column 14" in err and err.count("\n") == 1


def test_a_file_that_is_not_utf8_or_too_big_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'theme = "\xff"\n')
    assert main(["--config", str(path), "config"]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    path.write_text("# " + "x" * (settings.MAX_FILE_BYTES + 10) + "\n")
    assert main(["--config", str(path), "config"]) == 2
    assert "not a settings file" in capsys.readouterr().err


def test_the_station_refuses_to_start_on_bad_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import judgetui.station.app

    def no_station(**kwargs: object) -> int:
        raise AssertionError("the station must not start")

    monkeypatch.setattr(judgetui.station.app, "run_station", no_station)
    path = tmp_path / "config.toml"
    path.write_text('theme = "nope"\n')
    assert main(["--config", str(path), "--lang", "en", "--db", str(tmp_path / "e.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "theme = 'nope'" in err


def test_the_station_gets_the_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import judgetui.station.app

    seen: dict[str, Any] = {}

    def fake_station(**kwargs: Any) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(judgetui.station.app, "run_station", fake_station)
    monkeypatch.setattr("judgetui.tty.missing_terminal", lambda: None)
    user_config().write_text('language = "ja"\nrefresh_ms = 500\nevent_file = "mine.json"\n')
    assert main([]) == 0
    assert seen["db"] == str(user_config().parent / "mine.json")
    assert seen["language"] == "ja"
    assert seen["settings"].poll_seconds == 0.5


# -- the event file: only a default ------------------------------------------------


def test_event_file_precedence_db_env_settings_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    values = config_json(capsys)["values"]
    assert values["event_file"] == {"value": "judgetui.json", "source": "default"}
    user_config().write_text(f'event_file = "{tmp_path / "settings.json"}"\n')
    values = config_json(capsys)["values"]
    assert values["event_file"] == {"value": str(tmp_path / "settings.json"), "source": "settings"}
    monkeypatch.setenv("JUDGETUI_DB", str(tmp_path / "env.json"))
    values = config_json(capsys)["values"]
    assert values["event_file"] == {"value": str(tmp_path / "env.json"), "source": "$JUDGETUI_DB"}
    values = config_json(capsys, "--db", str(tmp_path / "opt.json"))["values"]
    assert values["event_file"] == {"value": str(tmp_path / "opt.json"), "source": "--db"}


def test_a_command_uses_the_settings_event_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    event = tmp_path / "events" / "autumn.json"
    event.parent.mkdir()
    user_config().write_text(f'event_file = "{event}"\n')
    assert main(["event", "init", "--name", "Autumn", "--head-judge", "Kana Mori"]) == 0
    assert event.exists()
    assert not (tmp_path / "judgetui.json").exists()
    capsys.readouterr()
    assert main(["queue"]) == 0
    assert "the queue is empty" in capsys.readouterr().out


def test_a_relative_event_file_is_relative_to_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "conf" / "config.toml"
    path.parent.mkdir()
    path.write_text('event_file = "../event.json"\n')
    loaded = settings.load(str(path), {})
    assert loaded.event_file == path.parent / "../event.json"


def test_settings_without_the_event_file_default(tmp_path: Path) -> None:
    """What `judgetui ssh` asks for: the judge's own file may not pick the event file."""
    path = tmp_path / "config.toml"
    path.write_text('event_file = "/srv/other.json"\ntheme = "judgetui-light"\n')
    assert settings.load(str(path), {}).event_file == Path("/srv/other.json")
    untrusted = settings.load(str(path), {}, event_file=False)
    assert untrusted.event_file is None
    assert untrusted.theme == "judgetui-light"
    assert settings.load(str(path), {}).without_event_file().event_file is None


def test_nothing_in_the_settings_reaches_authority() -> None:
    from judgetui.settings_schema import Settings

    fields = set(Settings.model_fields)
    # queue: [queue] attention_minutes, when the dashboard marks a queue item (issue 29)
    assert fields == {
        "event_file", "language", "theme", "refresh_ms", "screenshot_dir", "keys", "queue",
    }  # fmt: skip


# -- writing the judge's theme back ------------------------------------------------


def test_write_theme_keeps_every_other_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# my settings\nlanguage = "ja"\ntheme = "nord"\n\n[keys]\n"a.b" = "f2"\n')
    loaded = settings.load(str(path), {})
    assert settings.write_theme(loaded, "judgetui-contrast") == path
    assert path.read_text() == (
        '# my settings\nlanguage = "ja"\ntheme = "judgetui-contrast"\n\n[keys]\n"a.b" = "f2"\n'
    )
    path.write_text('refresh_ms = 300\n[keys]\n"a.b" = "f2"\n')
    settings.write_theme(settings.load(str(path), {}), "judgetui-light")
    text = path.read_text()
    assert text == 'refresh_ms = 300\ntheme = "judgetui-light"\n[keys]\n"a.b" = "f2"\n'
    assert settings.parse(text, path).refresh_ms == 300


HAND_WRITTEN = """\
# The judge's own settings, kept as they wrote them.
language   =   "ja"      # 日本語で
theme =   "nord"   # picked in the station

refresh_ms=300

[keys]   # my keys
  "dashboard.record"  =  "f2"   # one key
"""


def test_write_theme_keeps_comments_order_and_spacing_as_the_judge_wrote_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    settings.write_theme(settings.load(str(path), {}), "judgetui-light")
    want = HAND_WRITTEN.replace('"nord"', '"judgetui-light"')
    assert path.read_text(encoding="utf-8") == want  # only the theme line changed

    without = HAND_WRITTEN.replace('theme =   "nord"   # picked in the station\n', "")
    path.write_text(without, encoding="utf-8")
    settings.write_theme(settings.load(str(path), {}), "judgetui-contrast")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert (
        lines
        == [
            *without.splitlines()[:4],
            'theme = "judgetui-contrast"',  # after the last key before the table; nothing moved
            *without.splitlines()[4:],
        ]
    )
    assert settings.load(str(path), {}).keys == {"dashboard.record": "f2"}


def test_write_theme_goes_through_the_stores_atomic_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings are written as every file of the store is, the folder fsynced too."""
    import judgetui.store

    path = tmp_path / "config.toml"
    path.write_text("refresh_ms = 300\n")
    path.chmod(0o640)
    written: list[Path] = []
    real_write = judgetui.store.write_file_atomically

    def spied(target: Any, data: bytes, **kwargs: Any) -> None:
        written.append(Path(target))
        real_write(target, data, **kwargs)

    synced_folders: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if os.path.isdir(f"/proc/self/fd/{fd}"):
            synced_folders.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(judgetui.store, "write_file_atomically", spied)
    monkeypatch.setattr(os, "fsync", fsync)
    settings.write_theme(settings.load(str(path), {}), "judgetui-light")
    assert written == [path]
    assert synced_folders, "the folder is fsynced once the file is renamed"
    assert path.read_text() == 'refresh_ms = 300\ntheme = "judgetui-light"\n'
    assert path.stat().st_mode & 0o777 == 0o640  # an existing file keeps its mode
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]  # no temp file left


def test_write_theme_creates_the_file_and_its_folder() -> None:
    loaded = settings.load(None)
    assert loaded.path is None
    path = settings.write_theme(loaded, "judgetui-light")
    assert path == user_config()
    assert path.read_text() == 'theme = "judgetui-light"\n'
    assert path.stat().st_mode & 0o777 == 0o600
    assert settings.load(None).theme == "judgetui-light"


def test_write_theme_that_cannot_write_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    loaded = replace(settings.load(None), write_path=blocker / "config.toml")
    with pytest.raises(settings.SettingsError, match="cannot write"):
        settings.write_theme(loaded, "judgetui-light")
    assert blocker.read_text() == ""


def test_write_theme_never_writes_a_file_the_next_start_would_refuse(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("refresh_ms = 300\n")
    loaded = settings.load(str(path), {})
    path.write_text("refresh_ms = 3\n")  # broken by hand since
    with pytest.raises(settings.SettingsError, match="refresh_ms = 3"):
        settings.write_theme(loaded, "judgetui-light")
    assert path.read_text() == "refresh_ms = 3\n"


# -- cost --------------------------------------------------------------------------


def test_a_command_with_db_and_lang_never_reads_the_settings(tmp_path: Path) -> None:
    """The pydantic declaration is not even imported without a file to check."""
    env = {**os.environ, "JUDGETUI_CONFIG": str(tmp_path / "missing.toml")}
    code = (
        "import sys; from judgetui.cli import main; "
        f"rc = main(['--db', {str(tmp_path / 'e.json')!r}, '--lang', 'en', "
        "'classify', '--intentional', 'no', '--disruptive', 'no']); "
        "print(rc, 'judgetui.settings_schema' in sys.modules, 'platformdirs' in sys.modules)"
    )
    # the missing $JUDGETUI_CONFIG would be refused if the settings were read at all
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "0 False False"
    # with no file, reading them imports neither the declaration nor platformdirs
    env.pop("JUDGETUI_CONFIG")
    code = code.replace("'--lang', 'en', ", "")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "0 False False"


def test_a_settings_file_is_validated_every_time_and_nothing_is_cached(tmp_path: Path) -> None:
    """No validated copy anywhere (issue 14): every command checks the file itself, and a
    run leaves no file behind in $HOME, the XDG folders or the working folder."""
    config = tmp_path / "config.toml"
    config.write_text('language = "ja"\nrefresh_ms = 300\n')
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "JUDGETUI_"))},
        "HOME": str(home),
        "JUDGETUI_CONFIG": str(config),
    }
    code = (
        "import sys; from judgetui.cli import main; "
        f"rc = main(['--db', {str(tmp_path / 'e.json')!r}, "
        "'classify', '--intentional', 'no', '--disruptive', 'no']); "
        "print(rc, 'pydantic' in sys.modules)"
    )

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=work, capture_output=True, text=True
        )

    first, second = run(), run()
    # validated, and validated again: by the declaration's fast path, without pydantic
    # (`judgetui.settings.plain_values`; tests/unit/test_settings_fast.py)
    assert first.stdout.splitlines()[-1] == "0 False"
    assert second.stdout.splitlines()[-1] == "0 False"
    assert "最低" in second.stdout or "推奨" in second.stdout  # the file's language
    # a changed file is refused like any bad file
    config.write_text('language = "ja"\nrefresh_ms = 3\n')
    third = run()
    assert third.returncode == 0 and third.stdout.splitlines()[-1] == "2 True"
    assert "refresh_ms = 3" in third.stderr
    # (the refusal is a line of the diagnostic log, issue 28 item 5: its folder aside,
    # nothing was written)
    log_folder = home / ".local" / "state" / "judgetui" / "log"
    assert "key=bad_settings" in (log_folder / "judgetui.log").read_text(encoding="utf-8")
    assert [p for p in home.rglob("*") if not log_folder.is_relative_to(p)] == [
        log_folder / "judgetui.log"
    ]
    assert list(work.rglob("*")) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml", "home", "work"]


def test_no_settings_cache_is_left_in_the_code() -> None:
    source = (ROOT / "judgetui" / "settings.py").read_text(encoding="utf-8")
    for gone in ("JUDGETUI_CACHE_DIR", "XDG_CACHE_HOME", ".cache", "cached"):
        assert gone not in source


@pytest.mark.parametrize("xdg", [None, "", "   ", "/srv/conf", "/srv/conf/", "relative/conf"])
def test_the_user_config_file_is_platformdirs(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None
) -> None:
    from platformdirs import user_config_path

    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    expected = user_config_path("judgetui") / "config.toml"
    assert settings.user_config_file() == expected
    assert settings.user_config_file(dict(os.environ)) == expected
    monkeypatch.setenv("HOME", "/home/someone/")
    assert settings.user_config_file() == user_config_path("judgetui") / "config.toml"
