"""Checks the JSON and SVG that bench-smoke.test's run of the benchmark
runner wrote: every configuration ran, leaked nothing, freed nothing badly,
printed stock's checksum, counted its stack bytes, and ours allocated less
than stock and held at least the program's live-bytes bound."""

import json
import sys

with open(sys.argv[1]) as f:
    data = json.load(f)
runs = data["programs"]["for-fresh-buffer"]
assert set(runs) == {
    "stock",
    "stock-best",
    "ours",
    "ours-merge",
    "ours-heap",
    "ours-fresh",
}, runs.keys()
for name, run in runs.items():
    assert "error" not in run, (name, run)
    assert run["leaks"] == 0 and run["bad_frees"] == 0, (name, run)
    assert run["mallocs"] == run["frees"], (name, run)
    assert run["checksum_ok"], (name, run)
    assert run["output"].startswith("checksum: "), (name, run["output"])
    assert run["compile_ms"] > 0 and run["run_ms"] > 0, (name, run)
    assert 0 < run["compile_ms_without_verifier"], (name, run)
    assert run["heap_and_stack_bytes"] == run["peak_bytes"] + run["stack_bytes"], (
        name,
        run,
    )
assert runs["ours"]["mallocs"] * 10 < runs["stock"]["mallocs"], runs
assert runs["ours"]["peak_bytes"] < runs["stock"]["peak_bytes"], runs
assert data["failures"] == [], data["failures"]
assert data["geomean_ratios"]["mallocs"]["stock"] == 1.0
assert (
    0 < data["live_bytes_bounds"]["for-fresh-buffer"] <= runs["ours"]["peak_bytes"]
), data

with open(sys.argv[2]) as f:
    svg = f.read()
# One bar per configuration in each of the three panels.
assert svg.count("<title>for-fresh-buffer,") == 3 * len(runs), svg
print("bench json and svg: ok")
