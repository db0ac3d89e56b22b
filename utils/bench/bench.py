#!/usr/bin/env python3
# ===- bench.py - Stock and optimized buffer deallocation side by side -----===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===----------------------------------------------------------------------===#
"""Benchmark runner of the buffer deallocation pipeline.

Every program of the suite (utils/bench/programs/*.mlir) has a `main` that
prints a checksum. A program's first line says what it is:

  // bench: tensor    a tensor program: One-Shot Bufferize runs first
  // bench: memref    an already bufferized program

Each program goes through six configurations:

  stock        the installed mlir-opt: buffer-deallocation-pipeline
  stock-best   the installed mlir-opt: buffer-loop-hoisting and
               promote-buffers-to-stack, buffer-deallocation-pipeline,
               optimize-allocation-liveness
  ours         our mlir-opt: split-alloc-tensors (tensor programs) and our
               buffer-deallocation-pipeline with its defaults
  ours-merge   as `ours`, with buffer-deallocation-pipeline{merge-alloc=true}
  ours-heap    as `ours`, with
               buffer-deallocation-pipeline{stack-promotion-max-bytes=0}:
               every buffer on the heap, no stack promotion
  ours-fresh   as `ours`, with
               buffer-deallocation-pipeline{fresh-results-to-out-params=true}

and is compiled ahead of time (mlir-translate, llc, cc) with the allocation
tracker, then run. Recorded per program and configuration: the tracker's
mallocs, frees, peak and total bytes, leaks and bad frees; the stack bytes
of the pipeline's output (the `memref.alloca` bytes of each function's
frame, summed along the deepest chain of calls from `main`), and the heap
peak plus those; the `dealloc_helper` call sites and `bufferization.clone` ops in the pipeline's
output; the pipeline's compile time (the passes' wall time from -mlir-timing on
one thread, without parsing and printing; median of --compile-runs runs), as
mlir-opt runs it, with the verifier after every pass, and without the
verifier (--verify-each=0);
the program's run time (median of --runs runs); whether its output equals
the stock configuration's.

It prints Markdown tables (ratios against stock and their geometric mean),
writes JSON (--json) and an SVG chart of mallocs and peak bytes (--svg).
It exits 1 when ours-merge has a higher peak than ours on a program, or
when a configuration fails to compile or run, leaks, frees
badly, or prints a different result than stock.

--scaling N1,N2,... measures compile-time scaling instead: modules of about
N generated operations in five shapes (see scaling.py) through the stock
and our pipeline, with stage times, peak RSS, the growth exponent of each
and the stages that dominate; --json and --svg write them too.

Usage:
  bench.py                               the whole suite
  bench.py --programs mlp-chain,views    some programs
  bench.py --scaling 1000,10000,100000   compile-time scaling
"""

import argparse
import collections
import glob
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import buffer_opt_tools as shared  # noqa: E402

ROOT = shared.ROOT

BUFFERIZE = (
    "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
    "function-boundary-type-conversion=identity-layout-map}"
)

CONFIGS = ["stock", "stock-best", "ours", "ours-merge", "ours-heap", "ours-fresh"]

CONFIG_DOC = {
    "stock": "stock mlir-opt 22: buffer-deallocation-pipeline",
    "stock-best": "stock, plus buffer-loop-hoisting, promote-buffers-to-stack, "
    "optimize-allocation-liveness",
    "ours": "our buffer-deallocation-pipeline, defaults",
    "ours-merge": "ours with merge-alloc=true",
    "ours-heap": "ours with stack-promotion-max-bytes=0 (no stack promotion)",
    "ours-fresh": "ours with fresh-results-to-out-params=true",
}

# The tracker's figures the results record: all but the double frees, which
# bad_frees counts too.
TRACKER_FIELDS = [f for f in shared.TRACKER_FIELDS if f != "double_frees"]


class Error(Exception):
    pass


def stages(config, kind):
    """(tool, preparation pipeline, timed pipeline) of `config` for a
    program of `kind`. The preparation (bufferization) is not timed."""
    prepare = []
    if kind == "tensor":
        if config.startswith("ours"):
            prepare.append("split-alloc-tensors")
        prepare.append(BUFFERIZE)
    if config == "stock":
        timed = ["buffer-deallocation-pipeline"]
    elif config == "stock-best":
        timed = [
            "func.func(buffer-loop-hoisting,promote-buffers-to-stack)",
            "buffer-deallocation-pipeline",
            "func.func(optimize-allocation-liveness)",
        ]
    elif config == "ours":
        timed = ["buffer-deallocation-pipeline"]
    elif config == "ours-merge":
        timed = ["buffer-deallocation-pipeline{merge-alloc=true}"]
    elif config == "ours-fresh":
        timed = ["buffer-deallocation-pipeline{fresh-results-to-out-params=true}"]
    else:
        timed = ["buffer-deallocation-pipeline{stack-promotion-max-bytes=0}"]
    tool = "stock" if config.startswith("stock") else "ours"
    return tool, prepare, timed


def module(passes):
    return "builtin.module(%s)" % ",".join(passes)


class Tools:
    def __init__(self, args):
        paths = shared.ToolPaths(args.build_dir, args.llvm_prefix)
        self.paths = {"ours": paths.ours, "stock": paths.stock}
        self.translate = paths.translate
        self.llc = paths.llc
        self.cc = args.cc
        self.libdirs = paths.lib_dirs
        self.lowering = shared.lowering_pipeline()
        missing = paths.missing(
            [paths.ours, paths.stock, self.translate, self.llc, paths.tracker]
        )
        if missing:
            raise Error(
                "%s not found; build the project first (utils/build.sh)" % missing
            )

    def opt(self, tool, text, pipeline, extra=()):
        return run(
            [self.paths[tool], "-", "--pass-pipeline=" + pipeline] + list(extra), text
        )


def run(cmd, text=None, env=None):
    r = subprocess.run(cmd, input=text, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        raise Error(
            "%s failed: %s"
            % (
                os.path.basename(cmd[0]),
                lines[0] if lines else "exit %d" % r.returncode,
            )
        )
    return r.stdout, r.stderr


# A row of the report; with threads it has a user time column before the
# wall time.
TIMING_ROW = re.compile(
    r"^\s*(?:[0-9.]+ \(\s*[0-9.]+%\)\s+)?([0-9.]+) \(\s*[0-9.]+%\)\s+(.+?)\s*$"
)


def pass_times(stderr):
    """Name -> wall seconds of an -mlir-timing-display=list report."""
    times = {}
    for line in stderr.splitlines():
        m = TIMING_ROW.match(line)
        if m:
            times[m.group(2)] = float(m.group(1))
    return times


def pipeline_seconds(times):
    """The passes' time: everything but parsing and printing."""
    return times["Total"] - times.get("Parser", 0.0) - times.get("Output", 0.0)


def timed_compile(tools, tool, text, pipeline, runs, extra=()):
    """Runs `pipeline` with the extra options `extra`; returns its output,
    the median pipeline seconds and the per-pass times of the median run."""
    samples = []
    out = None
    for _ in range(runs):
        out, err = tools.opt(
            tool,
            text,
            pipeline,
            ["--mlir-timing", "--mlir-timing-display=list", "--mlir-disable-threading"]
            + list(extra),
        )
        times = pass_times(err)
        samples.append((pipeline_seconds(times), times))
    samples.sort(key=lambda s: s[0])
    median = samples[len(samples) // 2]
    return out, median[0], median[1]


SHIM = "extern void bench_main(void);\nint main(void) { bench_main(); return 0; }\n"


def build_executable(tools, ir, work, name):
    """Lowers pipeline output `ir` to an executable linked with the runner
    utils and the allocation tracker."""
    lowered, _ = tools.opt("ours", ir, tools.lowering)
    llvm_ir, _ = run([tools.translate, "--mlir-to-llvmir"], lowered)
    # The C runtime calls `main`; the program's `main` returns nothing.
    llvm_ir, count = re.subn(
        r"^define void @main\(\)", "define void @bench_main()", llvm_ir, flags=re.M
    )
    if count != 1:
        raise Error("no `func.func @main()` without results")
    ll = os.path.join(work, name + ".ll")
    obj = os.path.join(work, name + ".o")
    shim = os.path.join(work, "shim.c")
    exe = os.path.join(work, name)
    with open(ll, "w") as f:
        f.write(llvm_ir)
    with open(shim, "w") as f:
        f.write(SHIM)
    run([tools.llc, "-O2", "-relocation-model=pic", "-filetype=obj", ll, "-o", obj])
    cmd = [tools.cc, "-o", exe, obj, shim]
    for d in tools.libdirs:
        cmd += ["-L" + d, "-Wl,-rpath," + d]
    # The tracker reports at exit even for a program that allocates nothing.
    cmd += [
        "-lmlir_c_runner_utils",
        "-lmlir_runner_utils",
        "-Wl,--no-as-needed",
        "-lmlir_alloc_tracker",
        "-lm",
    ]
    run(cmd)
    return exe


BOUND = re.compile(r"alloc-tracker: live_bytes_bound=(\d+) uses=(\d+)")


def measure_bound(tools, path, work):
    """The live-bytes bound of a program: bufferized as stock bufferizes it,
    run without deallocation (only `expand-realloc`) and with every use of a
    buffer reported to the tracker (`test-instrument-buffer-uses`)."""
    kind = program_kind(path)
    with open(path) as f:
        text = f.read()
    if kind == "tensor":
        text, _ = tools.opt("ours", text, module([BUFFERIZE]))
    ir, _ = tools.opt(
        "ours", text, module(["expand-realloc", "test-instrument-buffer-uses"])
    )
    name = os.path.splitext(os.path.basename(path))[0] + ".bound"
    exe = build_executable(tools, ir, work, name)
    report = exe + ".report"
    if os.path.exists(report):
        os.remove(report)
    run([exe], env=dict(os.environ, MLIR_ALLOC_TRACKER_REPORT=report))
    with open(report) as f:
        m = BOUND.search(f.read())
    if not m:
        raise Error("no live-bytes bound in the allocation tracker's report")
    return int(m.group(1))


def run_executable(exe, runs):
    """Runs `exe` `runs` times; returns its output, the tracker's figures
    (of the first run) and the median wall seconds."""
    output = None
    stats = None
    seconds = []
    for i in range(runs):
        report = exe + ".report"
        if os.path.exists(report):
            os.remove(report)
        env = dict(os.environ, MLIR_ALLOC_TRACKER_REPORT=report)
        start = time.perf_counter()
        out, _ = run([exe], env=env)
        seconds.append(time.perf_counter() - start)
        if i == 0:
            output = out
            with open(report) as f:
                report_stats = shared.parse_tracker(f.read())
            if not report_stats:
                raise Error("no report of the allocation tracker")
            stats = {field: report_stats[field] for field in TRACKER_FIELDS}
    return output, stats, statistics.median(seconds)


def program_kind(path):
    with open(path) as f:
        first = f.readline()
    m = re.match(r"//\s*bench:\s*(tensor|memref)\b", first)
    if not m:
        raise Error(
            "%s: the first line must be `// bench: tensor` or `// bench: memref`" % path
        )
    return m.group(1)


def measure(tools, path, config, args, work):
    kind = program_kind(path)
    tool, prepare, timed = stages(config, kind)
    with open(path) as f:
        text = f.read()
    if prepare:
        text, _ = tools.opt(tool, text, module(prepare))
    ir, seconds, _ = timed_compile(tools, tool, text, module(timed), args.compile_runs)
    # The passes' own work: the verifier after every pass costs the same per
    # pass, whatever the pass did.
    _, quick_seconds, _ = timed_compile(
        tools, tool, text, module(timed), args.compile_runs, ["--verify-each=0"]
    )
    name = os.path.splitext(os.path.basename(path))[0] + "." + config
    exe = build_executable(tools, ir, work, name)
    output, stats, run_seconds = run_executable(exe, args.runs)
    result = dict(stats)
    result["stack_bytes"] = shared.stack_bytes(ir)
    if result["stack_bytes"] is None:
        raise Error("a stack allocation of dynamic size, or recursion, in the output")
    result["heap_and_stack_bytes"] = result["peak_bytes"] + result["stack_bytes"]
    result["helper_calls"] = len(re.findall(r"\bcall @dealloc_helper\b", ir))
    result["clones"] = len(re.findall(r"\bbufferization\.clone\b", ir))
    result["compile_ms"] = round(seconds * 1000, 3)
    result["compile_ms_without_verifier"] = round(quick_seconds * 1000, 3)
    result["run_ms"] = round(run_seconds * 1000, 3)
    result["output"] = output.strip()
    return result


# Metrics of the tables, with how a ratio against stock is formed: counts
# use (x + 1) / (stock + 1), so that a zero does not void the mean.
METRICS = [
    ("mallocs", "mallocs", True),
    ("peak_bytes", "peak bytes", False),
    ("total_bytes", "total bytes", False),
    ("stack_bytes", "stack bytes (memref.alloca, deepest chain of frames)", None),
    ("heap_and_stack_bytes", "peak bytes plus stack bytes", False),
    ("helper_calls", "dealloc_helper calls (static)", True),
    ("clones", "bufferization.clone ops", True),
    ("compile_ms", "pipeline compile time, ms", False),
    (
        "compile_ms_without_verifier",
        "pipeline compile time without the verifier (--verify-each=0), ms",
        False,
    ),
    ("run_ms", "run time, ms", False),
]


def ratio(value, base, smoothed):
    if smoothed:
        return (value + 1.0) / (base + 1.0)
    if base == 0:
        return 1.0 if value == 0 else float("inf")
    return value / base


def geomean(values):
    values = [v for v in values if v > 0 and math.isfinite(v)]
    if not values:
        return float("nan")
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fmt(value):
    if isinstance(value, float):
        return "%.3g" % value if value < 100 else "%.0f" % value
    return "{:,}".format(value)


def summarize(results, configs):
    """Geometric means of the ratios against stock: metric -> config -> r."""
    means = collections.OrderedDict()
    for key, _, smoothed in METRICS:
        if smoothed is None:
            continue
        means[key] = collections.OrderedDict()
        for config in configs:
            rs = [
                ratio(r[config][key], r["stock"][key], smoothed)
                for r in results.values()
                if "error" not in r[config] and "error" not in r["stock"]
            ]
            means[key][config] = geomean(rs)
    return means


def markdown(results, configs, means):
    lines = ["### Summary: geometric mean of the ratios against stock", ""]
    lines.append("| metric | " + " | ".join(configs[1:]) + " |")
    lines.append("| --- |" + " ---: |" * (len(configs) - 1))
    for key, title, _ in METRICS:
        if key in means:
            lines.append(
                "| %s | %s |"
                % (title, " | ".join("%.2fx" % means[key][c] for c in configs[1:]))
            )
    lines.append("")
    lines.append(
        "Below 1 is better. Ratios of counts (mallocs, helper calls, clones) are"
    )
    lines.append("(x + 1) / (stock + 1), so that a count of 0 does not void the mean.")
    lines.append("")
    for key, title, smoothed in METRICS:
        lines.append("### %s" % title)
        lines.append("")
        lines.append("| program | " + " | ".join(configs) + " |")
        lines.append("| --- |" + " ---: |" * len(configs))
        for name, r in results.items():
            cells = []
            for config in configs:
                if "error" in r[config]:
                    cells.append("error")
                    continue
                v = r[config][key]
                cell = fmt(v)
                if (
                    smoothed is not None
                    and config != "stock"
                    and "error" not in r["stock"]
                ):
                    cell += " (%.2fx)" % ratio(v, r["stock"][key], smoothed)
                cells.append(cell)
            lines.append("| %s | %s |" % (name, " | ".join(cells)))
        if key in means:
            lines.append(
                "| geometric mean of ratios | "
                + " | ".join("%.2fx" % means[key][c] for c in configs)
                + " |"
            )
        lines.append("")
    return "\n".join(lines)


def bound_markdown(results, configs, bounds):
    """The live-bytes bound of each program and, per configuration, the peak
    plus stack bytes over it."""
    lines = ["### peak plus stack bytes over the live-bytes bound", ""]
    lines.append("| program | bound | " + " | ".join(configs) + " |")
    lines.append("| --- | ---: |" + " ---: |" * len(configs))
    over = {c: [] for c in configs}
    for name, r in results.items():
        bound = bounds.get(name)
        cells = []
        for config in configs:
            m = r[config]
            if "error" in m or not bound:
                cells.append("-")
                continue
            q = m["heap_and_stack_bytes"] / bound
            over[config].append(q)
            cells.append("%.2fx" % q)
        lines.append(
            "| %s | %s | %s |"
            % (name, fmt(bound) if bound is not None else "error", " | ".join(cells))
        )
    lines.append(
        "| geometric mean | | "
        + " | ".join("%.2fx" % geomean(over[c]) for c in configs)
        + " |"
    )
    lines.append(
        "| within 1.10x of the bound | | "
        + " | ".join(
            "%d of %d" % (sum(q <= 1.10 for q in over[c]), len(over[c]))
            for c in configs
        )
        + " |"
    )
    lines.append("")
    lines.append("The bound is the most bytes of buffers between their allocation and")
    lines.append(
        "their last use at any time, in a run of the program as One-Shot Bufferize"
    )
    lines.append("leaves it, without deallocation (see the README).")
    lines.append("")
    return "\n".join(lines)


def problems(results, configs):
    """Failures: errors, leaks, bad frees, outputs that differ from stock,
    and merge-alloc raising the peak of the configuration without it."""
    found = []
    for name, r in results.items():
        if "ours" in configs and "ours-merge" in configs:
            plain, merged = r["ours"], r["ours-merge"]
            if (
                "error" not in plain
                and "error" not in merged
                and merged["peak_bytes"] > plain["peak_bytes"]
            ):
                found.append(
                    "%s, ours-merge: peak %d bytes above ours (%d)"
                    % (name, merged["peak_bytes"], plain["peak_bytes"])
                )
        for config in configs:
            m = r[config]
            if "error" in m:
                found.append("%s, %s: %s" % (name, config, m["error"]))
                continue
            if m["leaks"]:
                found.append("%s, %s: %d leaks" % (name, config, m["leaks"]))
            if m["bad_frees"]:
                found.append("%s, %s: %d bad frees" % (name, config, m["bad_frees"]))
            if not m.get("checksum_ok", False):
                found.append("%s, %s: output differs from stock" % (name, config))
    return found


COLORS = {
    "stock": "#9e9e9e",
    "stock-best": "#616161",
    "ours": "#1f77b4",
    "ours-merge": "#2ca02c",
    "ours-heap": "#ff7f0e",
    "ours-fresh": "#9467bd",
}


def svg_chart(results, configs):
    """Panels of grouped bars on a log scale: mallocs, peak bytes, and peak
    plus stack bytes."""
    names = [n for n in results if all("error" not in results[n][c] for c in configs)]
    group = 8 * len(configs) + 10
    left, top, height, gap = 70, 40, 180, 120
    width = left + 20 + group * len(names)
    panels = [
        ("mallocs", "mallocs"),
        ("peak_bytes", "peak bytes"),
        ("heap_and_stack_bytes", "peak plus stack bytes"),
    ]
    total_h = top + len(panels) * (height + gap) + 30
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
        'font-family="sans-serif" font-size="11">' % (width, total_h),
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    x = left
    for config in configs:
        out.append(
            '<rect x="%d" y="10" width="10" height="10" fill="%s"/>'
            % (x, COLORS[config])
        )
        out.append('<text x="%d" y="19">%s</text>' % (x + 14, config))
        x += 110
    for p, (key, title) in enumerate(panels):
        y0 = top + p * (height + gap)
        values = [results[n][c][key] for n in names for c in configs]
        hi = max([1] + values)
        decades = max(1, math.ceil(math.log10(hi + 1)))

        def ypos(v):
            return y0 + height - height * math.log10(v + 1) / decades

        out.append(
            '<text x="5" y="%d" font-weight="bold">%s (log scale)</text>'
            % (y0 - 6, title)
        )
        for d in range(decades + 1):
            y = ypos(10**d - 1)
            out.append(
                '<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                % (left, width - 10, y, y)
            )
            out.append(
                '<text x="%d" y="%.1f" text-anchor="end">1e%d</text>'
                % (left - 4, y + 4, d)
            )
        for i, name in enumerate(names):
            gx = left + 5 + i * group
            for j, config in enumerate(configs):
                v = results[name][config][key]
                y = ypos(v)
                out.append(
                    '<rect x="%d" y="%.1f" width="7" height="%.1f" fill="%s">'
                    "<title>%s, %s: %s</title></rect>"
                    % (gx + 8 * j, y, y0 + height - y, COLORS[config], name, config, v)
                )
            tx = gx + 4 * len(configs)
            ty = y0 + height + 8
            out.append(
                '<text x="%d" y="%d" transform="rotate(45 %d %d)">%s</text>'
                % (tx, ty, tx, ty, name)
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def suite(args, tools):
    paths = sorted(glob.glob(os.path.join(args.program_dir, "*.mlir")))
    if args.programs:
        wanted = args.programs.split(",")
        by_name = {os.path.splitext(os.path.basename(p))[0]: p for p in paths}
        missing = [w for w in wanted if w not in by_name]
        if missing:
            raise Error(
                "no program named %s in %s" % (", ".join(missing), args.program_dir)
            )
        paths = [by_name[w] for w in wanted]
    if not paths:
        raise Error("no programs in %s" % args.program_dir)
    for path in paths:
        program_kind(path)
    configs = CONFIGS
    results = collections.OrderedDict()
    bounds = collections.OrderedDict()
    with tempfile.TemporaryDirectory(prefix="bench.") as work:
        for path in paths:
            name = os.path.splitext(os.path.basename(path))[0]
            results[name] = collections.OrderedDict()
            for config in configs:
                try:
                    results[name][config] = measure(tools, path, config, args, work)
                except Error as e:
                    results[name][config] = {"error": str(e)}
            try:
                bounds[name] = measure_bound(tools, path, work)
            except Error as e:
                bounds[name] = None
                print("bench: %s: live-bytes bound: %s" % (name, e), file=sys.stderr)
            stock = results[name]["stock"]
            for config in configs:
                m = results[name][config]
                if "error" not in m:
                    m["checksum_ok"] = (
                        "error" not in stock and m["output"] == stock["output"]
                    )
            print("bench: %s done" % name, file=sys.stderr)
    means = summarize(results, configs)
    print("## Buffer deallocation benchmarks\n")
    docs = dict(CONFIG_DOC)
    print("Configurations:\n")
    for config in configs:
        print("- `%s`: %s" % (config, docs[config]))
    print()
    print(markdown(results, configs, means))
    print(bound_markdown(results, configs, bounds))
    found = problems(results, configs)
    print("### Leaks, bad frees and results\n")
    if found:
        for f in found:
            print("- FAIL: " + f)
    else:
        print(
            "Every configuration of every program: 0 leaks, 0 bad frees, "
            "the same output as stock, and no peak of ours-merge above "
            "ours (%d programs)." % len(results)
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "configs": docs,
                    "programs": results,
                    "live_bytes_bounds": bounds,
                    "geomean_ratios": means,
                    "failures": found,
                },
                f,
                indent=1,
            )
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg_chart(results, configs))
    return 1 if found else 0


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--build-dir", default=shared.DEFAULT_BUILD_DIR)
    parser.add_argument("--llvm-prefix", default=shared.DEFAULT_LLVM_PREFIX)
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--program-dir", default=os.path.join(HERE, "programs"))
    parser.add_argument(
        "--programs", help="comma-separated program names (default: all)"
    )
    parser.add_argument(
        "--runs", type=int, default=5, help="runs of each program (median)"
    )
    parser.add_argument(
        "--compile-runs", type=int, default=5, help="runs of each pipeline (median)"
    )
    parser.add_argument("--json", help="write the results as JSON")
    parser.add_argument("--svg", help="write a chart of mallocs and peak bytes")
    parser.add_argument(
        "--scaling", help="comma-separated operation counts: compile-time scaling"
    )
    parser.add_argument(
        "--shapes", help="with --scaling: comma-separated shapes (default: all)"
    )
    parser.add_argument(
        "--scaling-timeout",
        type=int,
        default=600,
        help="with --scaling: seconds after which a compile is stopped",
    )
    args = parser.parse_args()
    if args.runs < 1 or args.compile_runs < 1:
        parser.error("--runs and --compile-runs must be at least 1")
    try:
        tools = Tools(args)
        if args.scaling:
            # scaling.py imports this module as `bench`; let it be this one,
            # so that it raises the `Error` caught below.
            sys.modules.setdefault("bench", sys.modules[__name__])
            import scaling

            return scaling.main(args, tools)
        return suite(args, tools)
    except Error as e:
        print("bench: error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
