"""Olympus Table's engine: pure-Python rules, AI, records and content. Never imports pygame."""
