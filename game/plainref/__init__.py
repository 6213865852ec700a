"""Plain reference implementations of the rules, for the benchmarks only (`python -m game bench
--compare-plain`, `python -m game bench-replay`).

Each is the straightforward program a developer would write from /work/shared/rules: plain lists,
dicts and strings, no views, no events, no knowledge tracking, no caches. They deal from the same
seeded generators as the engines, list their moves in the same order and write the same record
entries, so one policy with one generator plays the very same games on both, and the benchmark
compares like with like (a test checks the records are equal). Nothing in the program uses them.
"""
