"""Olympus Table's pygame-ce layer: the scene stack, tables, widgets, tweens, input and sound.

Scenes never decide a rule: what may be played comes from the engine's legal actions.
"""
