"""Build the Windows program on Linux: `make dist-windows`.

    dist/olympus-table-<version>-windows-x86_64-setup.exe   the installer (NSIS, per user, /S and /D=)
    dist/olympus-table-<version>-windows-x86_64.zip         the same program folder, portable

The program folder (docs/packaging.md explains why this layout and not PyInstaller):

    olympus-table.exe   the launcher (build/windows/launcher.c): icon, version, valid std streams
    runtime/            python.org's embeddable CPython for Windows (signature checked)
    lib/                the Windows wheels of pygame-ce, PyYAML, platformdirs and comtypes, unpacked
    app/                main.py, game/, scenes/ and assets/, compiled to .pyc ahead of time

Every input is pinned by version and sha256 in build/windows/lock.toml. Needs only Debian and PyPI
packages; the Debian ones are installed with apt-get when missing and this runs as root (CI), else
the message names them. Wine runs the Windows Python once, to compile the modules.
"""
from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle_plan as plan  # noqa: E402

WINDOWS_DIR = plan.REPO_ROOT / "build" / "windows"
LOCK_FILE = WINDOWS_DIR / "lock.toml"
OUT = plan.REPO_ROOT / "build" / "out" / "windows"
DOWNLOADS = OUT / "downloads"
DIST = plan.REPO_ROOT / "dist"
PLATFORM_TAG = "windows-x86_64"
EXECUTABLE = f"{plan.APP_NAME}.exe"
MAX_INSTALLER_BYTES = 30 * 2**20

# Debian packages that provide each tool the build runs.
TOOLS = {
    "makensis": "nsis",
    "osslsigncode": "osslsigncode",
    "x86_64-w64-mingw32-gcc": "gcc-mingw-w64-x86-64-win32",
    "x86_64-w64-mingw32-windres": "binutils-mingw-w64-x86-64",
    "wineserver": "wine",
}
WINE_CANDIDATES = ("/usr/lib/wine/wine64", "wine64", "wine")

# Parts of the runtime the program never loads: sqlite (left out of every bundle, bundle_plan.EXCLUDES).
# OpenSSL stays: online play imports ssl (websockets, and wss:// when a host has a certificate).
RUNTIME_LEAVE_OUT = ("sqlite3.dll", "_sqlite3.pyd")
# Files of the wheels no player needs: type stubs (the modules are there).
LIB_LEAVE_OUT_PATTERNS = ("*.pyi", "py.typed")


class BuildError(RuntimeError):
    """A step failed; the message says which and why."""


@dataclass(frozen=True)
class Pinned:
    name: str
    version: str
    file: str
    sha256: str


def load_lock(path: Path = LOCK_FILE) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def pinned_inputs(lock: dict) -> tuple[Pinned, list[Pinned]]:
    runtime = lock["runtime"]
    python = Pinned(runtime["package"], runtime["version"], runtime["file"], runtime["sha256"])
    wheels = [Pinned(w["name"], w["version"], w["file"], w["sha256"]) for w in lock["wheel"]]
    return python, wheels


def version_quad(version: str) -> str:
    """0.1.0 -> 0.1.0.0: Windows version resources want four numbers."""
    numbers = [int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:4]]   # 1rc1 -> 1
    return ".".join(str(n) for n in numbers + [0] * (4 - len(numbers)))


def installer_name(version: str) -> str:
    return f"{plan.APP_NAME}-{version}-{PLATFORM_TAG}-setup.exe"


def zip_name(version: str) -> str:
    return f"{plan.APP_NAME}-{version}-{PLATFORM_TAG}.zip"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(command, check=True, **kwargs)
    except subprocess.CalledProcessError as exc:
        output = (exc.stderr or exc.stdout or "")
        output = output.decode(errors="replace") if isinstance(output, bytes) else output
        raise BuildError(f"{' '.join(map(str, command))} failed (status {exc.returncode})\n{output[-3000:]}") from None


# ----- tools ------------------------------------------------------------------------------------------

def wine_command() -> str | None:
    for candidate in WINE_CANDIDATES:
        found = shutil.which(candidate) or (candidate if os.access(candidate, os.X_OK) else None)
        if found:
            return found
    return None


def missing_packages() -> list[str]:
    packages = [package for tool, package in TOOLS.items() if shutil.which(tool) is None]
    if wine_command() is None:
        packages += ["wine64", "wine"]
    return sorted(set(packages))


def ensure_tools() -> None:
    """Install the Debian packages the build needs when they are missing (as root, e.g. in CI)."""
    packages = missing_packages()
    if not packages:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise BuildError("the Windows build needs these Debian packages: " + " ".join(packages)
                         + "\n  sudo apt-get install -y " + " ".join(packages))
    print(f"make_windows: installing {' '.join(packages)} with apt-get", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages], env=env)
    still = missing_packages()
    if still:
        raise BuildError("apt-get ran, but these are still missing: " + " ".join(still))


# ----- pinned downloads ------------------------------------------------------------------------------

def check_hash(path: Path, pinned: Pinned) -> None:
    actual = sha256_of(path)
    if actual != pinned.sha256:
        raise BuildError(f"{path.name}: sha256 {actual}, but build/windows/lock.toml pins {pinned.sha256}. "
                         "The file is not the one the lock names; it is not used.")


def download(pinned: Pinned, pip_options: list[str]) -> Path:
    """The pinned file, from the download cache when its hash matches, else fetched by pip with the
    hash required (a different file makes pip refuse)."""
    target = DOWNLOADS / pinned.file
    if target.is_file() and sha256_of(target) == pinned.sha256:
        return target
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        requirements = Path(scratch) / "requirements.txt"
        requirements.write_text(f"{pinned.name}=={pinned.version} --hash=sha256:{pinned.sha256}\n", encoding="utf-8")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
             "--dest", scratch, *pip_options, "-r", str(requirements)], capture_output=True, text=True)
        fetched = Path(scratch) / pinned.file
        if not fetched.is_file():
            names = ", ".join(p.name for p in Path(scratch).iterdir() if p.name != requirements.name)
            raise BuildError(f"pip fetched {names or 'nothing'}, not {pinned.file} as the lock names")
        check_hash(fetched, pinned)
        shutil.move(str(fetched), target)
    return target


def fetch_inputs(lock: dict) -> tuple[Path, list[Path]]:
    python, wheels = pinned_inputs(lock)
    runtime = lock["runtime"]
    sdist = download(python, ["--no-binary", ":all:"])
    wheel_options = ["--only-binary", ":all:", "--platform", "win_amd64", "--python-version",
                     runtime["python_version"], "--implementation", "cp", "--abi", runtime["abi"], "--abi", "none",
                     "--abi", "abi3"]
    wheel_files = [download(wheel, wheel_options) for wheel in wheels]
    for path, pinned in [(sdist, python), *zip(wheel_files, wheels)]:
        check_hash(path, pinned)   # again, right before use: the cache could have been changed
    return sdist, wheel_files


# ----- the runtime and its signature ------------------------------------------------------------------

def check_root(lock: dict) -> Path:
    """The pinned root certificate file, refused unless its fingerprint is the pinned one."""
    signing = lock["authenticode"]
    root = WINDOWS_DIR / signing["root"]
    pem = root.read_text(encoding="ascii")
    body = pem.split("-----BEGIN CERTIFICATE-----")[1].split("-----END CERTIFICATE-----")[0]
    fingerprint = hashlib.sha256(base64.b64decode("".join(body.split()))).hexdigest()
    if fingerprint != signing["root_sha256"]:
        raise BuildError(f"{root.name}: SHA-256 fingerprint {fingerprint}, expected {signing['root_sha256']}")
    return root


def verify_signature(path: Path, root: Path, signer: str) -> None:
    """Authenticode: the file's digest matches its signature, the signer is `signer`, the chain ends at
    the pinned root, and the time stamp (also checked against that root) falls inside the signing
    certificate's life. Offline: no revocation lists are fetched."""
    result = subprocess.run(["osslsigncode", "verify", "-CAfile", str(root), "-TSA-CAfile", str(root),
                             "-ignore-cdp", "-ignore-crl", "-in", str(path)],
                            capture_output=True, text=True, timeout=120)
    report = result.stdout + result.stderr
    signer_line = next((line for line in report.splitlines() if "Subject:" in line), "")
    if result.returncode != 0 or "Succeeded" not in report:
        raise BuildError(f"{path.name}: Authenticode signature not valid (osslsigncode status "
                         f"{result.returncode})\n{report[-2000:]}")
    if not signer_line.rstrip().endswith(signer):
        raise BuildError(f"{path.name}: signed by {signer_line.strip()!r}, expected {signer!r}")


def unpack_runtime(lock: dict, sdist: Path, target: Path) -> list[str]:
    """The embeddable CPython into `target`, minus what the program never loads; returns the names of
    the files whose signature was checked."""
    runtime = lock["runtime"]
    with tarfile.open(sdist) as archive:
        member = archive.extractfile(runtime["data_zip"])
        if member is None:
            raise BuildError(f"{sdist.name} has no {runtime['data_zip']}")
        data = member.read()
    prefix = runtime["folder"].rstrip("/") + "/"
    target.mkdir(parents=True)
    with tempfile.TemporaryFile() as buffer:
        buffer.write(data)
        buffer.seek(0)
        with zipfile.ZipFile(buffer) as embedded:
            for info in embedded.infolist():
                name = info.filename[len(prefix):] if info.filename.startswith(prefix) else None
                if not name or info.is_dir() or "/" in name or name in RUNTIME_LEAVE_OUT:
                    continue
                (target / name).write_bytes(embedded.read(info))
    root = check_root(lock)
    signing = lock["authenticode"]
    checked = sorted(p.name for p in target.iterdir()
                     if any(fnmatch.fnmatch(p.name, pattern) for pattern in signing["signed"]))
    for name in ("python.exe", "pythonw.exe"):
        if name not in checked:
            raise BuildError(f"the runtime has no {name}")
    for name in checked:
        verify_signature(target / name, root, signing["signer"])
    # The search path of the embeddable Python: its standard library, its own folder, then ours.
    pth = next(target.glob("python3*._pth"))
    pth.write_text(f"{pth.stem}.zip\n.\n..\\lib\n..\\app\n", encoding="ascii")
    return checked


# ----- wheels and our code ----------------------------------------------------------------------------

def excluded_paths(module: str) -> list[str]:
    """Relative paths (package folder, module file, extension) that hold an excluded module."""
    base = module.replace(".", "/")
    return [base, f"{base}.py", f"{base}.pyi"]


def unpack_wheels(wheels: list[Path], target: Path) -> None:
    target.mkdir(parents=True)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(target)
    for module in plan.EXCLUDES:
        for relative in excluded_paths(module):
            path = target / relative
            if path.is_dir():
                shutil.rmtree(path)
            elif path.is_file():
                path.unlink()
    for pattern in LIB_LEAVE_OUT_PATTERNS:
        for path in list(target.rglob(pattern)):
            path.unlink()


def copy_app(target: Path) -> None:
    """main.py, every file of the program's packages (so a module added or moved is picked up with no
    list to keep) and all of assets/, as build/bundle_plan.py defines them for every bundle."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    target.mkdir(parents=True)
    shutil.copy2(plan.ENTRY_SCRIPT, target / plan.ENTRY_SCRIPT.name)
    for package in plan.APP_PACKAGES:
        shutil.copytree(plan.REPO_ROOT / package, target / package, ignore=ignore)
    shutil.copytree(plan.ASSETS, target / "assets", ignore=ignore)
    missing = [m for m in plan.app_modules() if not module_file(target, m)]
    if missing:
        raise BuildError("modules the game manifests name are not in the program folder: " + ", ".join(missing))


def module_file(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def build_launcher(version: str, target: Path) -> None:
    work = OUT / "launcher"
    work.mkdir(parents=True, exist_ok=True)
    icon = plan.ICON_BASE.with_suffix(".ico")
    (work / "launcher_version.h").write_text(
        f"#define VERSION_NUMBERS {version_quad(version).replace('.', ',')}\n"
        f"#define VERSION_TEXT \"{version}\"\n"
        f"#define ICON_FILE \"{icon}\"\n", encoding="ascii")
    resources = work / "launcher.res.o"
    run(["x86_64-w64-mingw32-windres", f"-I{work}", str(WINDOWS_DIR / "launcher.rc"), "-O", "coff",
         "-o", str(resources)], capture_output=True, text=True)
    run(["x86_64-w64-mingw32-gcc", "-municode", "-mwindows", "-O2", "-s", "-Wall", "-Wextra", "-Werror",
         "-o", str(target), str(WINDOWS_DIR / "launcher.c"), str(resources)], capture_output=True, text=True)


def build_prefix() -> Path:
    """The Wine prefix the build uses, kept outside the checkout: a prefix links drive Z: to `/`, which
    no tool walking the checkout (setuptools' package finder, for one) must ever follow."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "olympus-table" / "wine-build"


def wine_environment(prefix: Path) -> dict[str, str]:
    """Wine without its first-start dialogs (Mono, Gecko) and without menu entries on this machine."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(WINEPREFIX=str(prefix), WINEDEBUG="-all", WINEARCH="win64",
               WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d")
    return env


def precompile(folder: Path) -> None:
    """Compile app/ and lib/ to .pyc with the Windows Python itself, so the first start does not (and a
    read-only portable folder never has to). Unchecked hashes: the files' times do not matter."""
    prefix = build_prefix()
    prefix.parent.mkdir(parents=True, exist_ok=True)
    env = wine_environment(prefix)
    wine = wine_command()
    assert wine is not None
    run([wine, str(folder / "runtime" / "python.exe"), "-E", "-s", "-m", "compileall", "-q",
         "--invalidation-mode", "unchecked-hash", "app", "lib"], cwd=folder, env=env, capture_output=True,
        text=True, timeout=900)
    run(["wineserver", "-w"], env=env, timeout=120)


# ----- packing ---------------------------------------------------------------------------------------

def write_zip(folder: Path, target: Path, top: str) -> None:
    """The portable zip: sorted entries under one top folder, one time stamp (the same folder packs
    the same bytes)."""
    stamp = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(f"{top}/{path.relative_to(folder).as_posix()}", date_time=stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())


def write_installer(folder: Path, version: str, target: Path) -> None:
    run(["makensis", "-V2", "-NOCD", f"-DVERSION={version}", f"-DVERSION_QUAD={version_quad(version)}",
         f"-DSTAGE={folder}", f"-DOUTFILE={target}", f"-DICON={plan.ICON_BASE.with_suffix('.ico')}",
         str(WINDOWS_DIR / "installer.nsi")], capture_output=True, text=True)


def build(skip_tools: bool = False) -> dict[str, object]:
    started = time.perf_counter()
    if not skip_tools:
        ensure_tools()
    lock = load_lock()
    version = plan.version()
    sdist, wheels = fetch_inputs(lock)
    stage = OUT / "stage"
    folder = stage / plan.APP_NAME
    if stage.exists():
        shutil.rmtree(stage)
    checked = unpack_runtime(lock, sdist, folder / "runtime")
    unpack_wheels(wheels, folder / "lib")
    copy_app(folder / "app")
    build_launcher(version, folder / EXECUTABLE)
    precompile(folder)
    DIST.mkdir(exist_ok=True)
    portable = DIST / zip_name(version)
    write_zip(folder, portable, top=f"{plan.APP_NAME}-{version}")
    installer = DIST / installer_name(version)
    write_installer(folder, version, installer)
    size = installer.stat().st_size
    if size > MAX_INSTALLER_BYTES:
        raise BuildError(f"{installer.name} is {size / 2**20:.1f} MB, more than the 30 MB allowed")
    return {
        "installer": str(installer.relative_to(plan.REPO_ROOT)), "installer_mb": round(size / 2**20, 1),
        "zip": str(portable.relative_to(plan.REPO_ROOT)), "zip_mb": round(portable.stat().st_size / 2**20, 1),
        "folder_mb": round(plan.folder_bytes(folder) / 2**20, 1), "python": lock["runtime"]["python"],
        "signatures_checked": len(checked), "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-tools", action="store_true", help="do not look for or install Debian packages")
    args = parser.parse_args(argv)
    try:
        summary = build(skip_tools=args.skip_tools)
    except BuildError as exc:
        print(f"make_windows: {exc}", file=sys.stderr)
        return 1
    print(f"make_windows: {summary['installer']} ({summary['installer_mb']} MB), {summary['zip']} "
          f"({summary['zip_mb']} MB), Python {summary['python']}, {summary['signatures_checked']} signatures "
          f"checked, {summary['seconds']} s")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
