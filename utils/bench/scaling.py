#===- scaling.py - Compile-time scaling of the deallocation pipelines -----===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Compile-time scaling: `bench.py --scaling 1000,10000,100000`.

Generates one function per size with about that many operations, built
from a block that allocates, carries a buffer through an `scf.for` that
allocates in its body, picks a buffer in an `scf.if` (one branch copies)
and reads it, and times the stock and our deallocation pipelines on it.
The growth exponent is the slope of log(time) over log(operations),
fitted by least squares.
"""

import math
import re
import sys

import bench

# The pipelines whose scaling is measured: (name, tool, pass pipeline).
PIPELINES = [
    ("stock", "stock", "buffer-deallocation-pipeline"),
    ("ours", "ours", "buffer-deallocation-pipeline"),
    ("ours-merge", "ours", "buffer-deallocation-pipeline{merge-alloc=true}"),
]

BLOCK = """\
    %a{i} = memref.alloc() : memref<16xf32>
    memref.store %f, %a{i}[%c0] : memref<16xf32>
    %b{i} = scf.for %k = %c0 to %c4 step %c1 iter_args(%cur = %a{i}) -> (memref<16xf32>) {{
      %t = memref.alloc() : memref<16xf32>
      %v = memref.load %cur[%c0] : memref<16xf32>
      %w = arith.addf %v, %f : f32
      memref.store %w, %t[%c0] : memref<16xf32>
      scf.yield %t : memref<16xf32>
    }}
    %p{i} = scf.if %cond -> (memref<16xf32>) {{
      scf.yield %b{i} : memref<16xf32>
    }} else {{
      %u = memref.alloc() : memref<16xf32>
      memref.copy %b{i}, %u : memref<16xf32> to memref<16xf32>
      scf.yield %u : memref<16xf32>
    }}
    %x{i} = memref.load %p{i}[%c0] : memref<16xf32>
    %s{j} = arith.addf %s{i}, %x{i} : f32
"""

# Operations in one BLOCK, counting nested ones and terminators.
OPS_PER_BLOCK = 15


def generate(ops):
    """A module with one function of about `ops` operations."""
    blocks = max(1, round(ops / OPS_PER_BLOCK))
    lines = [
        "func.func @scaling(%cond: i1, %f: f32) -> f32 {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %c4 = arith.constant 4 : index",
        "    %s0 = arith.constant 0.0 : f32",
    ]
    for i in range(blocks):
        lines.append(BLOCK.format(i=i, j=i + 1).rstrip("\n"))
    lines.append("    return %%s%d : f32" % blocks)
    lines.append("}")
    return "\n".join(lines) + "\n"


def count_ops(tools, text):
    """Operations in the function, nested ones included (from the IR as
    printed generically, one op per line)."""
    out, _ = tools.opt("ours", text, "builtin.module()", ["--mlir-print-op-generic"])
    return len(re.findall(r'^\s*(?:%[^=]+= )?"[a-z_]+\.[a-z_.]+"', out, flags=re.M)) - 1


def exponent(points):
    """Least-squares slope of log(y) over log(x)."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-9)) for _, y in points]
    mx = sum(xs) / len(xs)
    my = sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den == 0:
        return float("nan")
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den


def main(args, tools):
    sizes = [int(s) for s in args.scaling.split(",")]
    if any(s < 10 for s in sizes):
        raise bench.Error("--scaling sizes must be at least 10 operations")
    results = {name: [] for name, _, _ in PIPELINES}
    top_passes = {}
    ops_of = {}
    for size in sizes:
        text = generate(size)
        ops = count_ops(tools, text)
        ops_of[size] = ops
        for name, tool, pipeline in PIPELINES:
            _, seconds, times = bench.timed_compile(
                tools, tool, text, bench.module([pipeline]), args.compile_runs
            )
            results[name].append((ops, seconds))
            top_passes[(name, size)] = times
        print("bench: scaling, %d operations done" % ops, file=sys.stderr)

    print("## Compile-time scaling\n")
    print("One function of generated allocations, loops and branches; pipeline time")
    print("in ms (median of %d runs, one thread), and ours against stock.\n" % args.compile_runs)
    print("| operations | " + " | ".join(name for name, _, _ in PIPELINES) + " |")
    print("| ---: |" + " ---: |" * len(PIPELINES))
    for k, size in enumerate(sizes):
        cells = []
        stock = results["stock"][k][1]
        for name, _, _ in PIPELINES:
            t = results[name][k][1]
            cell = "%.1f" % (t * 1000)
            if name != "stock":
                cell += " (%.2fx)" % (t / stock)
            cells.append(cell)
        print("| {:,} | {} |".format(ops_of[size], " | ".join(cells)))
    slopes = {name: exponent(points) for name, points in results.items()}
    print(
        "| growth exponent | "
        + " | ".join("%.2f" % slopes[name] for name, _, _ in PIPELINES)
        + " |"
    )
    print()
    largest = sizes[-1]
    for name, _, _ in PIPELINES:
        times = top_passes[(name, largest)]
        skip = {"root", "Total", "Parser", "Output", "Rest"}
        ranked = sorted(((t, p) for p, t in times.items() if p not in skip), reverse=True)[:5]
        print(
            "Passes that dominate `%s` at %s operations: %s\n"
            % (
                name,
                "{:,}".format(ops_of[largest]),
                ", ".join("%s %.1f ms" % (p, t * 1000) for t, p in ranked),
            )
        )
    worst = max(results["ours"][k][1] / results["stock"][k][1] for k in range(len(sizes)))
    print("Largest ratio of ours to stock: %.2fx." % worst)
    return 0
