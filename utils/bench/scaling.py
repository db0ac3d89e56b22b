# ===- scaling.py - Compile-time scaling of the deallocation pipelines -----===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===----------------------------------------------------------------------===#
"""Compile-time scaling: `bench.py --scaling 1000,10000,100000`.

For each shape and size, generates a module of about that many operations
(nested ones and terminators included), times the stock and our
`buffer-deallocation-pipeline` on it with `-mlir-timing` on one thread, and
records each stage's time and the peak resident set size of the compiler.
Each pipeline runs twice: as `mlir-opt` runs it by default, with the
verifier after every pass (its time counts towards the pass before it), and
with `--verify-each=0`, which shows the passes' own work. The verifier costs
the same for every pass, so a pipeline of more passes pays it more often.
The growth exponent of a pipeline on a shape is the slope of log(time) over
log(operations), fitted by least squares over the sizes that finished within
the time limit.

Shapes:
  blocks       one function; per block an allocation, an `scf.for` that
               yields a fresh buffer per iteration, an `scf.if` on the
               function's condition whose else branch copies, and a read
  layer-chain  one function of layers as model importers emit them, on
               tensors (`tensor.empty`, `linalg.fill`, `linalg.matmul`, an
               elementwise `linalg.generic`) bufferized with One-Shot
               Bufferize before it is timed; the result is returned
  functions    many small private functions, each with temporaries and a
               fresh result, called in a chain from one function
  loop-nests   loop nests four deep with a buffer allocated and freed at
               every level
  results      one function that returns a buffer per unit, each computed
               by an `scf.for` that yields a fresh buffer per iteration from
               a copy of the argument, as a backward pass returns one
               gradient per parameter: the function's last dealloc frees
               and retains thousands of buffers
"""

import math
import os
import re
import subprocess
import sys
import tempfile
import threading

import bench

# The pipelines whose scaling is measured: (name, tool, pass pipeline).
PIPELINES = [
    ("stock", "stock", "buffer-deallocation-pipeline"),
    ("ours", "ours", "buffer-deallocation-pipeline"),
]


def one_function(head, unit, n, tail):
    """A function made of `head`, `n` copies of `unit` (with `{i}` the copy's
    number and `{j}` the next one) and `tail`."""
    lines = (
        list(head)
        + [unit.format(i=i, j=i + 1).rstrip("\n") for i in range(n)]
        + list(tail)
    )
    return "\n".join(lines) + "\n"


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


def gen_blocks(n):
    head = [
        "func.func @scaling(%cond: i1, %f: f32) -> f32 {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %c4 = arith.constant 4 : index",
        "    %s0 = arith.constant 0.0 : f32",
    ]
    return one_function(head, BLOCK, n, ["    return %%s%d : f32" % n, "}"])


LAYER = """\
    %e{i} = tensor.empty() : tensor<16x16xf32>
    %z{i} = linalg.fill ins(%zero : f32) outs(%e{i} : tensor<16x16xf32>) -> tensor<16x16xf32>
    %m{i} = linalg.matmul ins(%x{i}, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%z{i} : tensor<16x16xf32>) -> tensor<16x16xf32>
    %o{i} = tensor.empty() : tensor<16x16xf32>
    %x{j} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%m{i} : tensor<16x16xf32>) outs(%o{i} : tensor<16x16xf32>) {{
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %bias : f32
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    }} -> tensor<16x16xf32>
"""


def gen_layer_chain(n):
    head = [
        "#id = affine_map<(d0, d1) -> (d0, d1)>",
        "func.func @layers(%x0: tensor<16x16xf32>, %w: tensor<16x16xf32>, %bias: f32) -> tensor<16x16xf32> {",
        "    %zero = arith.constant 0.0 : f32",
    ]
    return one_function(
        head, LAYER, n, ["    return %%x%d : tensor<16x16xf32>" % n, "}"]
    )


FUNCTION = """\
func.func private @f{i}(%in: memref<16xf32>, %g: f32) -> memref<16xf32> {{
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<16xf32>
  %u = memref.alloc() : memref<16xf32>
  %v = memref.load %in[%c0] : memref<16xf32>
  %w = arith.mulf %v, %g : f32
  memref.store %w, %t[%c0] : memref<16xf32>
  memref.copy %t, %u : memref<16xf32> to memref<16xf32>
  %r = memref.alloc() : memref<16xf32>
  memref.copy %u, %r : memref<16xf32> to memref<16xf32>
  return %r : memref<16xf32>
}}
"""


def gen_functions(n):
    lines = [FUNCTION.format(i=i) for i in range(n)]
    lines.append("func.func @chain(%in: memref<16xf32>, %g: f32) -> memref<16xf32> {")
    for i in range(n):
        lines.append(
            "  %%r%d = func.call @f%d(%s, %%g) : (memref<16xf32>, f32) -> memref<16xf32>"
            % (i, i, "%in" if i == 0 else "%%r%d" % (i - 1))
        )
    lines.append("  return %%r%d : memref<16xf32>" % (n - 1))
    lines.append("}")
    return "\n".join(lines) + "\n"


NEST = """\
    scf.for %i{i} = %c0 to %c4 step %c1 {{
      %a{i} = memref.alloc() : memref<16xf32>
      memref.store %f, %a{i}[%c0] : memref<16xf32>
      scf.for %j{i} = %c0 to %c4 step %c1 {{
        %b{i} = memref.alloc() : memref<16xf32>
        %va{i} = memref.load %a{i}[%c0] : memref<16xf32>
        memref.store %va{i}, %b{i}[%c0] : memref<16xf32>
        scf.for %k{i} = %c0 to %c4 step %c1 {{
          %d{i} = memref.alloc() : memref<16xf32>
          %vb{i} = memref.load %b{i}[%c0] : memref<16xf32>
          memref.store %vb{i}, %d{i}[%c0] : memref<16xf32>
          scf.for %l{i} = %c0 to %c4 step %c1 {{
            %e{i} = memref.alloc() : memref<16xf32>
            %vd{i} = memref.load %d{i}[%c0] : memref<16xf32>
            memref.store %vd{i}, %e{i}[%c0] : memref<16xf32>
            memref.copy %e{i}, %out : memref<16xf32> to memref<16xf32>
          }}
        }}
      }}
    }}
"""


def gen_loop_nests(n):
    head = [
        "func.func @nests(%f: f32, %out: memref<16xf32>) {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %c4 = arith.constant 4 : index",
    ]
    return one_function(head, NEST, n, ["    return", "}"])


RESULT = """\
    %t{i} = memref.alloc() : memref<16xf32>
    memref.copy %x, %t{i} : memref<16xf32> to memref<16xf32>
    %g{i} = scf.for %k = %c0 to %n step %c1 iter_args(%cur = %t{i}) -> (memref<16xf32>) {{
      %u = memref.alloc() : memref<16xf32>
      %v = memref.load %cur[%c0] : memref<16xf32>
      %w = arith.addf %v, %f : f32
      memref.store %w, %u[%c0] : memref<16xf32>
      scf.yield %u : memref<16xf32>
    }}
"""


def gen_results(n):
    types = ", ".join(["memref<16xf32>"] * n)
    head = [
        "func.func @results(%%x: memref<16xf32>, %%n: index, %%f: f32) -> (%s) {"
        % types,
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
    ]
    values = ", ".join("%%g%d" % i for i in range(n))
    return one_function(head, RESULT, n, ["    return %s : %s" % (values, types), "}"])


# Shape name -> (generator of n units, bufferize first).
SHAPES = {
    "blocks": (gen_blocks, False),
    "layer-chain": (gen_layer_chain, True),
    "functions": (gen_functions, False),
    "loop-nests": (gen_loop_nests, False),
    "results": (gen_results, False),
}

BUFFERIZE = (
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries=1 "
    "function-boundary-type-conversion=identity-layout-map})"
)


def count_ops(tools, text):
    """Operations in the module, nested ones included, but the module (from
    the IR as printed generically, one op per line)."""
    out, _ = tools.opt("ours", text, "builtin.module()", ["--mlir-print-op-generic"])
    return len(re.findall(r'^\s*(?:%[^=]+= )?"[a-z_]+\.[a-z_.]+"', out, flags=re.M)) - 1


def make_input(tools, shape, units):
    gen, bufferize = SHAPES[shape]
    text = gen(units)
    if bufferize:
        text, _ = tools.opt("ours", text, BUFFERIZE)
    return text


def sized_input(tools, shape, ops):
    """The input of `shape` with about `ops` operations: the operations per
    unit are counted on a small instance, and the size is checked after."""
    per_unit = (
        count_ops(tools, make_input(tools, shape, 11))
        - count_ops(tools, make_input(tools, shape, 1))
    ) / 10.0
    units = max(1, round(ops / per_unit))
    text = make_input(tools, shape, units)
    return text, count_ops(tools, text)


def timed_run(tools, tool, text, pipeline, timeout, extra=()):
    """Runs `pipeline` once, with the extra options `extra`; returns (pass
    seconds, per-pass times, peak RSS in bytes), or None if it took longer
    than `timeout` seconds."""
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "in.mlir")
        err = os.path.join(work, "err.txt")
        with open(src, "w") as f:
            f.write(text)
        cmd = [
            tools.paths[tool],
            src,
            "--pass-pipeline=" + pipeline,
            "--mlir-timing",
            "--mlir-timing-display=list",
            "--mlir-disable-threading",
            "-o",
            os.devnull,
        ] + list(extra)
        with open(err, "w") as errf:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errf)
            killed = []
            timer = threading.Timer(timeout, lambda: (killed.append(1), proc.kill()))
            timer.start()
            # wait4 gives the resource usage of this child alone.
            _, status, usage = os.wait4(proc.pid, 0)
            timer.cancel()
            proc.returncode = os.waitstatus_to_exitcode(status)
        if killed:
            return None
        with open(err) as f:
            stderr = f.read()
        if proc.returncode != 0:
            lines = [l for l in stderr.splitlines() if l.strip()]
            raise bench.Error(
                "%s failed: %s"
                % (tool, lines[0] if lines else "exit %d" % proc.returncode)
            )
        times = bench.pass_times(stderr)
        return bench.pipeline_seconds(times), times, usage.ru_maxrss * 1024


def exponent(points):
    """Least-squares slope of log(y) over log(x)."""
    if len(points) < 2:
        return float("nan")
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-9)) for _, y in points]
    mx = sum(xs) / len(xs)
    my = sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den == 0:
        return float("nan")
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den


SKIP = {"root", "Total", "Parser", "Output", "Rest"}

COLORS = {
    "blocks": "#1f77b4",
    "layer-chain": "#d62728",
    "functions": "#2ca02c",
    "loop-nests": "#9467bd",
    "results": "#ff7f0e",
}


def svg_chart(results, shapes):
    """Time over operations on log-log axes; a line per shape and pipeline,
    dashed for stock."""
    left, top, width, height = 70, 50, 560, 340
    points = [
        (ops, r["seconds"])
        for shape in shapes
        for name, _, _ in PIPELINES
        for ops, r in results[shape][name]
        if r
    ]
    if not points:
        return ""
    xlo = math.floor(math.log10(min(p[0] for p in points)))
    xhi = math.ceil(math.log10(max(p[0] for p in points)))
    ylo = math.floor(math.log10(min(p[1] for p in points)))
    yhi = math.ceil(math.log10(max(p[1] for p in points)))
    xhi, yhi = max(xhi, xlo + 1), max(yhi, ylo + 1)

    def xpos(v):
        return left + width * (math.log10(v) - xlo) / (xhi - xlo)

    def ypos(v):
        return top + height - height * (math.log10(v) - ylo) / (yhi - ylo)

    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
        'font-family="sans-serif" font-size="11">'
        % (left + width + 190, top + height + 50),
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="%d" y="20" font-weight="bold">pipeline time (s) over operations, '
        "log-log; dashed: stock</text>" % left,
    ]
    for d in range(xlo, xhi + 1):
        x = xpos(10**d)
        out.append(
            '<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#ddd"/>'
            % (x, x, top, top + height)
        )
        out.append(
            '<text x="%.1f" y="%d" text-anchor="middle">1e%d</text>'
            % (x, top + height + 16, d)
        )
    for d in range(ylo, yhi + 1):
        y = ypos(10**d)
        out.append(
            '<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
            % (left, left + width, y, y)
        )
        out.append(
            '<text x="%d" y="%.1f" text-anchor="end">1e%d</text>' % (left - 4, y + 4, d)
        )
    ly = top
    for shape in shapes:
        for name, _, _ in PIPELINES:
            pts = [(ops, r["seconds"]) for ops, r in results[shape][name] if r]
            if not pts:
                continue
            dash = ' stroke-dasharray="5,4"' if name == "stock" else ""
            path = " ".join("%.1f,%.1f" % (xpos(o), ypos(t)) for o, t in pts)
            out.append(
                '<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s>'
                "<title>%s, %s</title></polyline>"
                % (path, COLORS[shape], dash, shape, name)
            )
            lx = left + width + 20
            out.append(
                '<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                % (lx, lx + 24, ly, ly, COLORS[shape], dash)
            )
            out.append(
                '<text x="%d" y="%d">%s, %s</text>' % (lx + 30, ly + 4, shape, name)
            )
            ly += 16
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(args, tools):
    sizes = [int(s) for s in args.scaling.split(",")]
    if any(s < 10 for s in sizes):
        raise bench.Error("--scaling sizes must be at least 10 operations")
    shapes = args.shapes.split(",") if args.shapes else list(SHAPES)
    unknown = [s for s in shapes if s not in SHAPES]
    if unknown:
        raise bench.Error(
            "unknown shape %s (known: %s)" % (unknown[0], ", ".join(SHAPES))
        )

    # results[shape][pipeline] = [(ops, {seconds, times, rss, quick} or
    # None)], where `quick` is the run without the verifier, or None.
    results = {shape: {name: [] for name, _, _ in PIPELINES} for shape in shapes}
    for shape in shapes:
        for size in sizes:
            text, ops = sized_input(tools, shape, size)
            for name, tool, pipeline in PIPELINES:
                r = timed_run(
                    tools, tool, text, bench.module([pipeline]), args.scaling_timeout
                )
                if r:
                    r = {"seconds": r[0], "times": r[1], "rss": r[2]}
                    # Only the verifier is left out, so a run that timed out
                    # with it is not run again without it.
                    q = timed_run(
                        tools,
                        tool,
                        text,
                        bench.module([pipeline]),
                        args.scaling_timeout,
                        ["--verify-each=0"],
                    )
                    r["quick"] = {"seconds": q[0], "times": q[1]} if q else None
                results[shape][name].append((ops, r))
            print(
                "bench: scaling, %s at %d operations done" % (shape, ops),
                file=sys.stderr,
            )

    print("## Compile-time scaling\n")
    print(
        "Pipeline time in ms (one run, one thread; parsing and printing not "
        "counted), ours against stock, as `mlir-opt` runs it (with the "
        "verifier after every pass) and with `--verify-each=0` (`w/o verifier`), "
        "and the compiler's peak RSS in MB. Runs longer than %d s are stopped "
        "(`>`).\n" % args.scaling_timeout
    )
    for shape in shapes:
        print("### %s\n" % shape)
        print(
            "| operations | stock ms | ours ms | ours / stock | stock ms w/o verifier "
            "| ours ms w/o verifier | ours / stock w/o verifier | stock RSS MB | ours RSS MB |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for k in range(len(sizes)):
            ops, stock = results[shape]["stock"][k]
            _, ours = results[shape]["ours"][k]
            stock_quick = stock["quick"] if stock else None
            ours_quick = ours["quick"] if ours else None

            def ms(r):
                return (
                    "%.1f" % (r["seconds"] * 1000)
                    if r
                    else "> %d000" % args.scaling_timeout
                )

            def mb(r):
                return "%.0f" % (r["rss"] / 1e6) if r else "-"

            def ratio(a, b):
                return "%.3fx" % (b["seconds"] / a["seconds"]) if a and b else "-"

            print(
                "| {:,} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
                    ops,
                    ms(stock),
                    ms(ours),
                    ratio(stock, ours),
                    ms(stock_quick),
                    ms(ours_quick),
                    ratio(stock_quick, ours_quick),
                    mb(stock),
                    mb(ours),
                )
            )
        slopes = {
            name: exponent([(o, r["seconds"]) for o, r in results[shape][name] if r])
            for name, _, _ in PIPELINES
        }
        quick_slopes = {
            name: exponent(
                [
                    (o, r["quick"]["seconds"])
                    for o, r in results[shape][name]
                    if r and r["quick"]
                ]
            )
            for name, _, _ in PIPELINES
        }
        print(
            "| growth exponent | %.2f | %.2f | | %.2f | %.2f | | | |"
            % (
                slopes["stock"],
                slopes["ours"],
                quick_slopes["stock"],
                quick_slopes["ours"],
            )
        )
        print()
        for name, _, _ in PIPELINES:
            done = [(o, r) for o, r in results[shape][name] if r]
            if not done:
                continue
            ops, r = done[-1]
            ranked = sorted(
                ((t, p) for p, t in r["times"].items() if p not in SKIP), reverse=True
            )[:5]
            print(
                "Stages that dominate `%s` at {:,} operations: %s\n".format(ops)
                % (name, ", ".join("%s %.1f ms" % (p, t * 1000) for t, p in ranked))
            )

    if args.json:
        import json

        with open(args.json, "w") as f:
            json.dump(
                {
                    shape: {
                        name: [
                            {
                                "operations": o,
                                "seconds": r["seconds"] if r else None,
                                "peak_rss_bytes": r["rss"] if r else None,
                                "stages": r["times"] if r else None,
                                "seconds_without_verifier": (
                                    r["quick"]["seconds"] if r and r["quick"] else None
                                ),
                                "stages_without_verifier": r["quick"]["times"]
                                if r and r["quick"]
                                else None,
                            }
                            for o, r in results[shape][name]
                        ]
                        for name, _, _ in PIPELINES
                    }
                    for shape in shapes
                },
                f,
                indent=1,
                sort_keys=True,
            )
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg_chart(results, shapes))
    return 0
