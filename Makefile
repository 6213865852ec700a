# One-command entry points: `make run` and `make test` work on a fresh clone with only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean i18n

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py --bench

clean:
	rm -rf $(VENV) build/out dist

# Extract every player-facing text into the catalogs (assets/locale/<lang>/LC_MESSAGES/olympus.po) and
# compile them to the .mo files the program reads. Translate the new empty entries, then run it again.
i18n: $(STAMP)
	$(PY) build/message_catalogs.py update

# ----- packaging (build/, docs/packaging.md) -----------------------------------------------------------
.PHONY: dist startup-bench

# A windowed one-folder PyInstaller bundle in dist/olympus-table/, packed as dist/olympus-table-<version>-linux-x86_64.tar.gz.
dist: $(STAMP)
	nice $(VENV)/bin/pyinstaller --noconfirm --log-level WARN --workpath build/out --distpath dist build/olympus_table.spec
	nice $(PY) build/make_archive.py

# Seconds to the first title frame, from source and from the bundle, and the bundle's size, as JSON.
startup-bench: dist
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) build/startup_bench.py

# ----- Windows, built on Linux (build/make_windows.py; docs/packaging.md, "Windows") ------------------
.PHONY: dist-windows wheel

# dist/olympus-table-<version>-windows-x86_64-setup.exe and …-windows-x86_64.zip. Installs the Debian
# packages it needs when missing and run as root (wine, nsis, osslsigncode, mingw-w64).
dist-windows: $(STAMP)
	nice $(PY) build/make_windows.py

# dist/olympus_table-<version>-py3-none-any.whl: the program as a pip package (pipx install …).
wheel: $(STAMP)
	$(PY) build/make_wheel.py
