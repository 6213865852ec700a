"""The Windows build's inputs and scripts, checked without Wine or makensis (fast). The build itself and
the installed program run in CI: build/ci_windows_check.sh."""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
WINDOWS = REPO / "build" / "windows"
sys.path.insert(0, str(REPO / "build"))

import bundle_plan  # noqa: E402
import make_windows  # noqa: E402

SHA256 = re.compile(r"^[0-9a-f]{64}$")
EXACT_VERSION = re.compile(r"^\d+(\.\d+)+$")


@pytest.fixture(scope="module")
def lock() -> dict:
    return make_windows.load_lock()


@pytest.fixture(scope="module")
def nsis() -> str:
    return (WINDOWS / "installer.nsi").read_text(encoding="utf-8")


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


# ----- the lock file ----------------------------------------------------------------------------------------
def test_every_input_is_pinned_by_exact_version_and_a_well_formed_sha256(lock: dict) -> None:
    runtime, wheels = make_windows.pinned_inputs(lock)
    assert wheels
    for pinned in (runtime, *wheels):
        assert SHA256.match(pinned.sha256), pinned
        assert EXACT_VERSION.match(pinned.version), pinned
        assert normalized(pinned.file).startswith(f"{normalized(pinned.name)}_{normalized(pinned.version)}"), pinned
    assert len({p.sha256 for p in (runtime, *wheels)}) == len(wheels) + 1


def test_the_wheels_are_windows_x86_64_wheels_for_the_pinned_runtime(lock: dict) -> None:
    _, wheels = make_windows.pinned_inputs(lock)
    abi = lock["runtime"]["abi"]
    assert lock["runtime"]["python"].startswith(lock["runtime"]["python_version"] + ".")
    for wheel in wheels:
        assert wheel.file.endswith(".whl")
        python_tag, abi_tag, platform_tag = wheel.file[:-4].split("-")[-3:]
        assert platform_tag in ("win_amd64", "any"), wheel.file
        assert abi_tag in (abi, "abi3", "none"), wheel.file
        assert python_tag in (abi, "py3") or python_tag.startswith("cp3"), wheel.file


def test_every_runtime_dependency_of_pyproject_has_a_pinned_wheel(lock: dict) -> None:
    with (REPO / "pyproject.toml").open("rb") as handle:
        dependencies = tomllib.load(handle)["project"]["dependencies"]
    wanted = {normalized(re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0]) for d in dependencies}
    pinned = {normalized(w.name) for w in make_windows.pinned_inputs(lock)[1]}
    needed_by = {normalized(w["name"]): normalized(w["needed_by"]) for w in lock["wheel"] if "needed_by" in w}
    assert wanted == pinned - set(needed_by)
    assert set(needed_by.values()) <= wanted, "a dependency's own dependency names a dependency of ours"


def test_the_pinned_root_certificate_is_the_one_the_lock_names(lock: dict) -> None:
    assert make_windows.check_root(lock).is_file()


def test_a_root_certificate_with_another_fingerprint_is_refused(lock: dict) -> None:
    changed = {**lock, "authenticode": {**lock["authenticode"], "root_sha256": "0" * 64}}
    with pytest.raises(make_windows.BuildError, match="fingerprint"):
        make_windows.check_root(changed)


def test_a_download_with_another_hash_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "pyyaml-6.0.4-cp313-cp313-win_amd64.whl"
    file.write_bytes(b"not the wheel")
    pinned = make_windows.Pinned("pyyaml", "6.0.4", file.name, "0" * 64)
    with pytest.raises(make_windows.BuildError, match="not the one the lock names"):
        make_windows.check_hash(file, pinned)


def test_the_interpreter_is_among_the_signature_checked_files(lock: dict) -> None:
    patterns = lock["authenticode"]["signed"]
    for name in ("python.exe", "pythonw.exe", f"python{lock['runtime']['abi'][2:]}.dll"):
        assert name in patterns
    assert "Python Software Foundation" in lock["authenticode"]["signer"]


# ----- names and versions ---------------------------------------------------------------------------------------
def test_the_outputs_are_named_with_the_pyproject_version() -> None:
    version = bundle_plan.version()
    assert make_windows.installer_name(version) == f"olympus-table-{version}-windows-x86_64-setup.exe"
    assert make_windows.zip_name(version) == f"olympus-table-{version}-windows-x86_64.zip"


@pytest.mark.parametrize("version, quad", [("0.1.0", "0.1.0.0"), ("1.2", "1.2.0.0"), ("2.0.1rc1", "2.0.1.0"),
                                           ("1.2.3.4.5", "1.2.3.4")])
def test_windows_version_resources_get_four_numbers(version: str, quad: str) -> None:
    assert make_windows.version_quad(version) == quad


def test_excluded_modules_map_to_the_files_that_hold_them() -> None:
    assert make_windows.excluded_paths("pygame.tests") == ["pygame/tests", "pygame/tests.py", "pygame/tests.pyi"]
    assert "sqlite3" in bundle_plan.EXCLUDES and "sqlite3.dll" in make_windows.RUNTIME_LEAVE_OUT
    assert not {"_ssl.pyd", "libssl-3.dll", "libcrypto-3.dll"} & set(make_windows.RUNTIME_LEAVE_OUT), \
        "online play needs ssl"


# ----- the installer script -------------------------------------------------------------------------------------
def test_the_installer_is_per_user_and_installs_under_local_app_data(nsis: str) -> None:
    assert "RequestExecutionLevel user" in nsis
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\OlympusTable"' in nsis
    assert "Target amd64-unicode" in nsis   # runs under a 64-bit-only Wine, and on every x64 Windows


def test_the_installer_writes_every_apps_and_features_value(nsis: str) -> None:
    key = re.search(r'!define UNINSTALL_KEY "([^"]+)"', nsis)
    assert key and key.group(1) == "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\OlympusTable"
    written = set(re.findall(r'WriteReg(?:Str|DWORD) HKCU "\$\{UNINSTALL_KEY\}" "(\w+)"', nsis))
    assert {"DisplayName", "DisplayVersion", "Publisher", "EstimatedSize", "DisplayIcon",
            "UninstallString"} <= written
    assert 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in nsis


def test_the_installer_adds_a_start_menu_entry_with_the_programs_icon(nsis: str) -> None:
    assert re.search(r'CreateShortcut "\$\{SHORTCUT\}" "\$INSTDIR\\\$\{APP_EXE\}" "" "\$INSTDIR\\\$\{APP_EXE\}" 0',
                     nsis)
    assert '!define SHORTCUT "$SMPROGRAMS\\' in nsis
    assert "WriteUninstaller" in nsis


def test_the_uninstaller_removes_only_what_was_installed_and_keeps_the_players_files(nsis: str) -> None:
    uninstall = nsis[nsis.index('Section "Uninstall"'):]
    uninstall = uninstall[:uninstall.index("SectionEnd")]
    commands = [line.split(";")[0].strip() for line in uninstall.splitlines() if line.split(";")[0].strip()]
    assert 'RMDir "$INSTDIR"' in commands                 # the folder, only when empty
    assert 'RMDir /r "$INSTDIR"' not in commands          # never everything in it
    for removed in ('"$INSTDIR\\app"', '"$INSTDIR\\lib"', '"$INSTDIR\\runtime"'):
        assert f"RMDir /r {removed}" in commands
    assert not [c for c in commands if "OlympusTable" in c and "LOCALAPPDATA" in c]


def test_every_installer_message_is_in_english_and_dutch(nsis: str) -> None:
    strings = re.findall(r"^LangString (\w+) \$\{LANG_(\w+)\}", nsis, flags=re.MULTILINE)
    names = {name for name, _ in strings}
    assert names >= {"Running", "NotWritable", "NotEmpty", "KeptFiles"}
    for name in names:
        assert {language for n, language in strings if n == name} == {"ENGLISH", "DUTCH"}, name
    for language in ("English", "Dutch"):
        assert f'!insertmacro MUI_LANGUAGE "{language}"' in nsis


def test_the_installer_and_the_launcher_agree_on_the_running_mutex(nsis: str) -> None:
    launcher = (WINDOWS / "launcher.c").read_text(encoding="utf-8")
    in_launcher = re.search(r'#define MUTEX_NAME L"([^"]+)"', launcher)
    in_installer = re.search(r'!define RUNNING_MUTEX "([^"]+)"', nsis)
    assert in_launcher and in_installer and in_launcher.group(1) == in_installer.group(1)


def test_the_launcher_runs_the_windowed_python_on_main_py_and_returns_its_status() -> None:
    launcher = (WINDOWS / "launcher.c").read_text(encoding="utf-8")
    assert "\\\\runtime\\\\pythonw.exe" in launcher and "\\\\app\\\\main.py" in launcher
    assert "GetExitCodeProcess" in launcher and "return (int)status;" in launcher
    assert "STARTF_USESTDHANDLES" in launcher


def test_the_runtime_search_path_reaches_our_code_and_the_wheels() -> None:
    source = Path(make_windows.__file__).read_text(encoding="utf-8")
    assert '"{pth.stem}.zip\\n.\\n..\\\\lib\\n..\\\\app\\n"' in source


# ----- the wheel ------------------------------------------------------------------------------------------------
def test_the_wheel_carries_assets_and_the_console_command() -> None:
    with (REPO / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)
    assert project["project"]["scripts"]["olympus-table"] == "main:main"
    setuptools = project["tool"]["setuptools"]
    assert "assets*" in setuptools["packages"]["find"]["include"]
    assert setuptools["package-data"]["assets"] == ["**/*"]


# ----- the macOS workflow (it runs on GitHub's macOS runners, never here) ------------------------------------
def test_the_macos_workflow_builds_self_tests_and_uploads_the_app() -> None:
    import yaml

    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "macos.yml").read_text(encoding="utf-8"))
    job = workflow["jobs"]["app"]
    runners = {entry["runner"] for entry in job["strategy"]["matrix"]["include"]}
    assert all(runner.startswith("macos-") for runner in runners) and len(runners) == 2
    script = "\n".join(step.get("run", "") for step in job["steps"])
    assert "pyinstaller" in script and "build/olympus_table.spec" in script
    assert f"/dist/{bundle_plan.DISPLAY_NAME}.app/Contents/MacOS/{bundle_plan.APP_NAME}\" --self-test" in script
    assert "ditto -c -k --keepParent" in script
    assert any(step.get("uses", "").startswith("actions/upload-artifact@") for step in job["steps"])
