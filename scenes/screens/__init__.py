"""The app-wide screens, one module each: title, setup, settings, saves, statistics, replays, the replay
viewer, the review, rules, pause, results, error and the pass-and-play hand-off. They ask the program for
what they need through `scenes.scene.AppServices` and never import the app."""
