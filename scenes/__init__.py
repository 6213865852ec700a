"""Olympus Table's pygame-ce layer. Scenes never decide a rule: what may be played comes from the engine's
legal actions.

The map (docs/architecture.md, "The scenes layer"):
- `scenes/<game>/` — one folder per game, mirroring `game/<game>/`: `table.py` (the game's table scene on the
  kit) and `art.py` (its card faces and pieces); named by the game's manifest.
- `scenes/screens/` — the app-wide screens: title, setup, settings, saves, statistics, replays, the replay
  viewer, the review, rules, pause, results, error, hand-off.
- `scenes/table/` — the table kit every game's table is built from (seat zones, layout, drag and drop, trick
  area, reaction windows, AI pacing, plates, notices).
- `scenes/ui/` — the shared controls (`widgets`), colours and fonts (`theme`), and the language (`i18n`,
  `game_texts`).
- Here: `app.py` (the loop and the services every scene uses; its window in `app_window.py`, its settings
  in `app_settings.py`, memory upkeep in `heap.py`), `scene.py` (the scene stack and
  `AppServices`, what a scene may ask of the app), `tables.py` and `card_faces.py` (a game's table and card
  faces, found through its manifest), `headless.py` and `self_test.py` (windowless runs and the self-test).
"""
