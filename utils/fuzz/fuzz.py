#!/usr/bin/env python3
# ===- fuzz.py - Differential fuzzer of the buffer deallocation pipeline ---===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===----------------------------------------------------------------------===#
"""Differential fuzzer of the buffer deallocation pipeline.

For every seed, it generates a bufferized program (program.py), runs it
without any deallocation as the reference (leaks allowed), and then through
`buffer-deallocation-pipeline` under several configurations of its options,
lowered to LLVM and executed with the allocation tracker. A finding is

  sanitizer      AddressSanitizer, LeakSanitizer or UBSan reported an error
                 in a pass (a checking build, utils/build.sh --sanitize)
  crash          a pass crashed (signal or stack dump)
  error          a pass failed with a diagnostic that is not a documented
                 limitation (this includes verifier failures after a pass)
  lowering       the pipeline's output does not lower to LLVM
  leak           the program ends with live allocations
  bad-free       a free of memory the program does not own (double frees
                 are counted here too and named in the details)
  wrong-result   the output differs from the reference (a use after free
                 reads the tracker's poison)
  run-crash      the compiled program crashed
  hang           a compile or a run took longer than the time limit
  nondeterministic  a second run of the pipeline on the program gave other
                 IR (one configuration per program, one with merge-alloc
                 if any); such a program is written unreduced
  invalid-program  the reference itself did not run: a generator bug
  peak-increase  a configuration with merge-alloc (merge-alloc,
                 merge:default, merge:heap-only, merge-lift) holds more bytes
                 at its peak than the same pipeline without it (default, or
                 heap-only for the two without stack promotion) on the same
                 program, or the default one more than
                 no-reuse-freed-buffers; bytes are the heap peak plus the
                 stack bytes of the deepest chain of frames

A clean diagnostic for a documented limitation (for example loops built from
`cf` branches, which ownership-based deallocation rejects) is counted as
`rejected` and is not a finding. Every finding is reduced (functions,
statements and regions dropped while the finding persists) and written to
the output directory as a small .mlir file with the command that reproduces
it.

Usage:
  fuzz.py --seeds 0:240                 smoke campaign
  fuzz.py --seeds 0:10000 --jobs 2      long campaign
  fuzz.py --seeds 0:10000 --merge-alloc every configuration with merge-alloc on
  fuzz.py --seeds 0:2000 --all-configs --build-dir build-sanitize
                                        every configuration, checking build
  fuzz.py --emit 42                     print the program of seed 42
  fuzz.py --check FILE --config NAME    re-run a written finding

Exits 1 when there is a finding of our pipeline (findings of the stock
pipeline, with --stock, are reported but do not fail the run).
"""

import argparse
import collections
import hashlib
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import buffer_opt_tools as shared  # noqa: E402
import program as prog  # noqa: E402

# The options of buffer-deallocation-pipeline that switch stages of ours on
# and off (README, "The pipeline and its options").
OPTIMIZATIONS = [
    "simplify-loop-ownership",
    "double-buffer-loops",
    "hoist-alloc-dealloc-pairs",
    "free-at-last-use",
    "elide-copies",
    "reuse-dying-inputs",
    "reuse-freed-buffers",
    "lower-deallocations-to-scf",
]

# The pipeline option that keeps every buffer on the heap.
NO_STACK = {"stack-promotion-max-bytes": "0"}


def all_configs():
    """Name -> pipeline options."""
    configs = collections.OrderedDict()
    configs["default"] = {}
    configs["all-off"] = dict({o: "false" for o in OPTIMIZATIONS}, **NO_STACK)
    configs["dynamic-ownership"] = {"private-function-dynamic-ownership": "true"}
    # merge-alloc is off by default; this runs it on top of the default.
    configs["merge-alloc"] = {"merge-alloc": "true"}
    # merge-alloc keeping the peak of the costliest runs only, on branches
    # lifted to scf: no peak check.
    configs["merge-worst"] = {
        "merge-alloc": "true",
        "merge-alloc-worst-run": "true",
        "lift-allocating-branches": "true",
    }
    # merge-alloc on branches lifted to scf (lift-allocating-branches is off
    # by default), whose peak is checked like merge-alloc's. Without stack
    # promotion: a lifted branch changes which buffers the promotion takes,
    # which the heap peak would show as merge-alloc's doing.
    configs["merge-lift"] = dict(
        {"merge-alloc": "true", "lift-allocating-branches": "true"}, **NO_STACK
    )
    # Stack promotion is on by default (buffers of at most 1 KiB); these run
    # the default without it and with a limit 16 times larger.
    configs["heap-only"] = dict(NO_STACK)
    configs["stack-promotion"] = {"stack-promotion-max-bytes": "16384"}
    # Fresh results as out-params are off by default; this runs them on top
    # of the default.
    configs["fresh-results"] = {"fresh-results-to-out-params": "true"}
    # The same with the reuse before the loop stages (off by default), which
    # takes over the buffers and loop states that the out-params free early.
    configs["fresh-early-reuse"] = {
        "fresh-results-to-out-params": "true",
        "reuse-before-loop-stages": "true",
    }
    for o in OPTIMIZATIONS:
        configs["no-" + o] = {o: "false"}
    for o in OPTIMIZATIONS:
        options = dict({p: "false" for p in OPTIMIZATIONS if p != o}, **NO_STACK)
        configs["only-" + o] = options
    # The default pipeline, then the pipeline again on its own output under
    # manual-deallocation, which must add and move no free (see
    # pipeline_of).
    configs["twice"] = {}
    # No deallocation at all (only the expansion of `memref.realloc`, which
    # has no lowering to LLVM): every program that allocates leaks. Only for
    # testing the fuzzer (its finding, reduction and --check paths).
    configs["none"] = None
    return configs


CONFIGS = all_configs()


def configs_for_seed(seed):
    """The configurations a program runs under by default: the fixed ones,
    `heap-only` or `stack-promotion` (alternating), `fresh-results` or
    `fresh-early-reuse` (alternating every two seeds), and one `no-` and one
    `only-` configuration, rotating with the seed so that a campaign covers
    them all."""
    n = len(OPTIMIZATIONS)
    return [
        "default",
        "all-off",
        "dynamic-ownership",
        "merge-alloc",
        "heap-only" if seed % 2 else "stack-promotion",
        "fresh-results" if (seed // 2) % 2 else "fresh-early-reuse",
        "no-" + OPTIMIZATIONS[seed % n],
        "only-" + OPTIMIZATIONS[(seed // n) % n],
    ]


# A configuration named MERGE_PREFIX + NAME is configuration NAME with
# merge-alloc on (--merge-alloc).
MERGE_PREFIX = "merge:"

# The configurations whose peak merge-alloc must not raise, per
# configuration with merge-alloc.
MERGE_BASELINES = {
    "merge-alloc": "default",
    MERGE_PREFIX + "default": "default",
    MERGE_PREFIX + "heap-only": "heap-only",
    "merge-lift": "heap-only",
}


def merge_configs():
    """The names of the configurations that can take merge-alloc, with it."""
    return [
        MERGE_PREFIX + c
        for c in CONFIGS
        if CONFIGS[c] is not None
        and c not in ("merge-alloc", "merge-worst", "merge-lift")
    ]


def configs_with_merge_alloc(seed):
    """The configurations of a program under --merge-alloc: the default
    pipeline and `heap-only` as the baselines of the peak check, the default
    with merge-alloc, merge-alloc on lifted branches (`merge-lift`, without
    stack promotion), merge-alloc keeping the peak of the costliest runs
    (`merge-worst`), and one more of the configurations of `configs_for_seed`
    with merge-alloc, rotating with the seed."""
    others = [c for c in configs_for_seed(seed) if c not in ("default", "merge-alloc")]
    return [
        "default",
        MERGE_PREFIX + "default",
        "heap-only",
        "merge-lift",
        "merge-worst",
        MERGE_PREFIX + others[seed % len(others)],
    ]


def pipeline_of(config):
    """The pass pipeline of configuration `config`."""
    if config.startswith("stock:"):
        return "builtin.module(buffer-deallocation-pipeline)"
    merge = config.startswith(MERGE_PREFIX)
    if merge:
        config = config[len(MERGE_PREFIX) :]
    if config == "twice":
        option = "{merge-alloc=true}" if merge else ""
        return (
            "builtin.module(buffer-deallocation-pipeline%s,"
            "buffer-deallocation-pipeline{manual-deallocation=true%s})"
            % (option, " merge-alloc=true" if merge else "")
        )
    options = CONFIGS[config]
    if options is None:
        return "builtin.module(expand-realloc)"
    if merge:
        options = dict(options, **{"merge-alloc": "true"})
    text = " ".join("%s=%s" % kv for kv in sorted(options.items()))
    return "builtin.module(buffer-deallocation-pipeline%s)" % (
        "{%s}" % text if text else ""
    )


# Diagnostics of documented limitations: a clean rejection, not a finding.
LIMITATIONS = [
    "Only structured control-flow loops are supported",
    "with multiple successors are not supported",
    "Terminators with more than one successor are not supported",
    "ops with unknown memory side effects are not supported",
    # check-buffer-deallocation-input on stored memref descriptors.
    "pass the memref as an SSA value instead",
]

FINDING_KINDS = [
    "sanitizer",
    "crash",
    "error",
    "lowering",
    "leak",
    "bad-free",
    "wrong-result",
    "run-crash",
    "hang",
    "nondeterministic",
    "invalid-program",
    "peak-increase",
]


class Tools:
    def __init__(self, args):
        paths = shared.ToolPaths(
            args.build_dir, args.llvm_prefix, args.mlir_opt, args.tracker
        )
        self.ours = paths.ours
        self.stock = paths.stock
        self.runner = paths.runner
        self.libs = ",".join(paths.runner_libs)
        self.lowering = shared.lowering_pipeline()
        self.timeout = args.timeout
        missing = paths.missing([self.ours, self.runner] + paths.runner_libs)
        if missing:
            sys.exit("fuzz: error: %s not found; build the project first" % missing)

    def command(self, config):
        """A shell command that reproduces a run under `config` on $FILE."""
        if config == "reference":
            first = "%s $FILE --expand-realloc" % self.ours
        else:
            tool = self.stock if config.startswith("stock:") else self.ours
            first = "%s $FILE --pass-pipeline='%s'" % (tool, pipeline_of(config))
        return (
            "%s | %s --pass-pipeline='%s' | %s -e main -entry-point-result=void -shared-libs=%s"
            % (
                first,
                self.ours,
                self.lowering,
                self.runner,
                self.libs,
            )
        )


def run(cmd, text, timeout):
    try:
        r = subprocess.run(
            cmd, input=text, capture_output=True, text=True, timeout=timeout
        )
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


SANITIZER_REPORT = re.compile(r"(?:Address|Leak)Sanitizer: .*|runtime error: .*")


def sanitizer_report(stderr):
    """The first line of a sanitizer report in `stderr`, else "". The
    checking build's reports are fatal, but a report is looked for whatever
    the exit status, as ASAN_OPTIONS may say otherwise."""
    m = SANITIZER_REPORT.search(stderr)
    if not m:
        return ""
    # Drop addresses so that one bug has one signature.
    return re.sub(r"0x[0-9a-f]+", "_", m.group(0).strip())


def crashed(code, stderr):
    return code is not None and (
        code < 0 or "Stack dump" in stderr or "PLEASE submit a bug report" in stderr
    )


FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (.+?)(?: \(/| \(\S+\+0x|$)")


def crash_signature(stderr):
    """The first error of a crash, else the innermost frame of its stack
    trace that is MLIR's or ours (stable across programs for one bug)."""
    error = first_error(stderr, stack=False)
    if error:
        return error
    for line in stderr.splitlines():
        m = FRAME.match(line)
        if not m:
            continue
        symbol = m.group(1)
        if "llvm::sys::" in symbol or symbol.startswith(("0x", "(")):
            continue
        return "crash in " + symbol.split("(")[0]
    return "crash"


def first_error(stderr, stack=True):
    for line in stderr.splitlines():
        if "error:" in line:
            return re.sub(r"^.*?error: ", "", line).strip()
    if not stack:
        return ""
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


class Outcome:
    """What happened to one program under one configuration."""

    def __init__(self, kind, detail="", output=None, stats=None):
        self.kind = kind  # None (clean), "rejected", or a finding kind
        self.detail = detail
        self.output = output
        self.stats = stats


def execute(tools, ir):
    """Lowers and runs pipeline output `ir`; returns an Outcome whose kind is
    None when it ran, or a finding kind."""
    code, lowered, err = run(
        [tools.ours, "-", "--pass-pipeline=" + tools.lowering], ir, tools.timeout
    )
    if code is None:
        return Outcome("hang", "lowering timed out")
    if sanitizer_report(err):
        return Outcome("sanitizer", "lowering: " + sanitizer_report(err))
    if code != 0:
        if crashed(code, err):
            return Outcome("crash", crash_signature(err))
        return Outcome("lowering", first_error(err))
    code, out, err = run(
        [
            tools.runner,
            "-",
            "-e",
            "main",
            "-entry-point-result=void",
            "-shared-libs=" + tools.libs,
        ],
        lowered,
        tools.timeout,
    )
    if code is None:
        return Outcome("hang", "run timed out")
    stats = shared.parse_tracker(out)
    if code != 0 or stats is None:
        return Outcome("run-crash", "exit %s: %s" % (code, first_error(err)))
    output = "\n".join(
        l for l in out.splitlines() if not l.startswith("alloc-tracker:")
    )
    # The stack bytes of the deepest chain of frames, None when unknown.
    stats["stack_bytes"] = shared.stack_bytes(ir)
    return Outcome(None, "", output, stats)


def held_bytes(stats, other):
    """The peak bytes of `stats` to compare with those of `other`: heap peak
    plus stack bytes where both know their stack bytes (stack promotion
    moves buffers off the heap into frames that hold them for the whole
    call), else the heap peaks alone."""
    if stats.get("stack_bytes") is None or other.get("stack_bytes") is None:
        return stats["peak_bytes"]
    return stats["peak_bytes"] + stats["stack_bytes"]


def compile_and_run(tools, text, config, cache=None, irs=None):
    """Runs `text` through the pipeline of configuration `config` (a name of
    CONFIGS, or "stock:default"), then lowers and runs the result. The
    pipeline's output goes into `irs[config]` if given."""
    stock = config.startswith("stock:")
    tool = tools.stock if stock else tools.ours
    code, ir, err = run(
        [tool, "-", "--pass-pipeline=" + pipeline_of(config)], text, tools.timeout * 6
    )
    if code is None:
        return Outcome("hang", "pipeline timed out")
    if sanitizer_report(err):
        return Outcome("sanitizer", sanitizer_report(err))
    if crashed(code, err):
        return Outcome("crash", crash_signature(err))
    if code != 0:
        message = first_error(err)
        if any(l in err for l in LIMITATIONS):
            return Outcome("rejected", message)
        return Outcome("error", message)
    if irs is not None:
        irs[config] = ir
    key = hashlib.sha1(ir.encode()).hexdigest()
    if cache is None:
        return execute(tools, ir)
    if key not in cache:
        cache[key] = execute(tools, ir)
    return cache[key]


def second_run_differs(tools, text, config, ir):
    """Whether the pipeline of `config` gives other IR than `ir`, its output
    of a first run, when it runs on `text` again."""
    code, again, _ = run(
        [tools.ours, "-", "--pass-pipeline=" + pipeline_of(config)],
        text,
        tools.timeout * 6,
    )
    return code == 0 and again != ir


def judge(outcome, reference):
    """The finding kind of `outcome` against the reference output."""
    if outcome.kind is not None:
        return outcome.kind, outcome.detail
    s = outcome.stats
    if s["bad_frees"]:
        return "bad-free", "%d bad frees (%d double)" % (
            s["bad_frees"],
            s["double_frees"],
        )
    if s["leaks"]:
        return "leak", "%d leaks, %d bytes" % (s["leaks"], s["leaked_bytes"])
    if outcome.output != reference.output:
        return "wrong-result", "output differs from the run without deallocation"
    return None, ""


def reference_of(tools, text):
    """The run of `text` without deallocation; kind "invalid-program" when the
    program itself does not compile or run. `memref.realloc` has no lowering
    to LLVM; the reference expands it (with the free of the old buffer)."""
    code, expanded, err = run(
        [tools.ours, "-", "--expand-realloc"], text, tools.timeout
    )
    if sanitizer_report(err):
        return Outcome("sanitizer", "expand-realloc: " + sanitizer_report(err))
    if code != 0:
        return Outcome("invalid-program", "expand-realloc: " + first_error(err))
    outcome = execute(tools, expanded)
    if outcome.kind == "sanitizer":
        return outcome
    if outcome.kind is not None:
        return Outcome("invalid-program", "%s: %s" % (outcome.kind, outcome.detail))
    return outcome


def check_program(tools, text, configs, stock):
    """Findings of one program: a list of (config, kind, detail), with
    config prefixed by "stock:" for the stock pipeline."""
    reference = reference_of(tools, text)
    if reference.kind is not None:
        return [("reference", reference.kind, reference.detail)], {}
    findings = []
    counts = collections.Counter()
    cache = {}
    clean = {}
    irs = {}
    for config in configs:
        counts["runs"] += 1
        outcome = compile_and_run(tools, text, config, cache=cache, irs=irs)
        kind, detail = judge(outcome, reference)
        if kind == "rejected":
            counts["rejected"] += 1
        elif kind is not None:
            findings.append((config, kind, detail))
        else:
            clean[config] = outcome.stats
    # The output must not depend on the run (on the order of pointer-keyed
    # containers or of use lists): one configuration, one with merge-alloc
    # if any, which runs the most passes, compiles once more.
    ours = [c for c in configs if c in irs and not c.startswith("stock:")]
    if ours:
        again = max(ours, key=lambda c: "merge" in c)
        if second_run_differs(tools, text, again, irs[again]):
            findings.append((again, "nondeterministic", "a second run gave other IR"))
    # merge-alloc must never raise the peak of the pipeline without it.
    for merged_config, baseline in MERGE_BASELINES.items():
        if baseline in clean and merged_config in clean:
            merged, plain = (
                held_bytes(clean[merged_config], clean[baseline]),
                held_bytes(clean[baseline], clean[merged_config]),
            )
            if merged > plain:
                findings.append(
                    (
                        merged_config,
                        "peak-increase",
                        "peak %d bytes, %d without merge-alloc" % (merged, plain),
                    )
                )
    # Nor may reuse-freed-buffers.
    if "default" in clean and "no-reuse-freed-buffers" in clean:
        reused, plain = (
            held_bytes(clean["default"], clean["no-reuse-freed-buffers"]),
            held_bytes(clean["no-reuse-freed-buffers"], clean["default"]),
        )
        if reused > plain:
            findings.append(
                (
                    "default",
                    "peak-increase",
                    "peak %d bytes, %d without reuse-freed-buffers" % (reused, plain),
                )
            )
    if stock:
        kind, detail = judge(compile_and_run(tools, text, "stock:default"), reference)
        if kind == "rejected":
            counts["stock-rejected"] += 1
        elif kind is not None:
            findings.append(("stock:default", kind, detail))
    return findings, counts


# ---------------------------------------------------------------------------
# Reduction
# ---------------------------------------------------------------------------


def statement_lists(program):
    """Every statement list of `program`, outermost first."""
    lists = []

    def visit(stmts):
        lists.append(stmts)
        for s in stmts:
            for b in s.bodies:
                visit(b)

    for fn in program.funcs:
        visit(fn.body)
    return lists


def variants(program, li, si):
    """Smaller variants of `program` at statement `si` of list `li`: without
    the statement, with a region op replaced by one of its bodies, with a
    loop running once."""
    stmt = statement_lists(program)[li][si]
    p = program.copy()
    del statement_lists(p)[li][si]
    yield p
    for bi in range(len(stmt.bodies)):
        p = program.copy()
        lst = statement_lists(p)[li]
        lst[si : si + 1] = lst[si].bodies[bi]
        yield p
    if stmt.f.get("n", 0) > 1:
        p = program.copy()
        statement_lists(p)[li][si].f["n"] = 1
        yield p


def peak_baseline(config, detail):
    """The configuration a peak-increase finding of `config` compares with."""
    if "without reuse-freed-buffers" in detail:
        return "no-reuse-freed-buffers"
    return MERGE_BASELINES.get(config, "default")


def reduce_program(tools, program, config, kind, detail, budget):
    """Greedy reduction of `program` while it keeps showing `kind` (with the
    same message for compile failures) under `config`: functions first, then
    every statement, in passes until one pass changes nothing or `budget`
    attempts are spent. A peak-increase must persist against the same
    baseline configuration, with any peaks. Returns the reduced program and
    the attempts."""
    attempts = [0]

    def still_fails(p):
        attempts[0] += 1
        text = prog.render(p)
        if kind == "peak-increase":
            configs = sorted({config, peak_baseline(config, detail)})
            findings, _ = check_program(tools, text, configs, False)
            return any(c == config and k == kind for c, k, _ in findings)
        reference = reference_of(tools, text)
        if reference.kind is not None:
            return False
        k, d = judge(compile_and_run(tools, text, config), reference)
        return k == kind and (
            kind not in ("sanitizer", "crash", "error", "lowering") or d == detail
        )

    progress = True
    while progress and attempts[0] < budget:
        progress = False
        fi = 1
        while fi < len(program.funcs) and attempts[0] < budget:
            p = program.copy()
            del p.funcs[fi]
            if still_fails(p):
                program, progress = p, True
            else:
                fi += 1
        li = 0
        while li < len(statement_lists(program)) and attempts[0] < budget:
            si = 0
            while si < len(statement_lists(program)[li]) and attempts[0] < budget:
                for p in variants(program, li, si):
                    if attempts[0] >= budget:
                        break
                    if still_fails(p):
                        program, progress = p, True
                        break
                else:
                    si += 1
                if li >= len(statement_lists(program)):
                    break
            li += 1
    return program, attempts[0]


def write_finding(tools, out_dir, seed, config, kind, detail, program, original_size):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(
        out_dir, "%s-%s-seed%d.mlir" % (kind, config.replace(":", "-"), seed)
    )
    header = [
        "// Finding: %s under %s (seed %d): %s" % (kind, config, seed, detail),
        "// Reduced from %d to %d functions and statements."
        % (original_size, program.size()),
        "// Reproduce: utils/fuzz/fuzz.py --check %s --config %s" % (path, config),
        "// or, with FILE set to this file:",
        "//   " + tools.command(config),
        "",
    ]
    with open(path, "w") as f:
        f.write("\n".join(header) + prog.render(program) + "\n")
    return path


# ---------------------------------------------------------------------------
# Campaign
# ---------------------------------------------------------------------------

_TOOLS = None
_ARGS = None


def init_worker(args):
    global _TOOLS, _ARGS
    _ARGS = args
    _TOOLS = Tools(args)


def fuzz_seed(seed):
    args = _ARGS
    program = prog.generate(
        seed,
        max_stmts=args.max_stmts,
        unstructured=args.unstructured,
        kernels=args.kernels,
        producers=args.producers,
    )
    text = prog.render(program)
    configs = args.configs or configs_for_seed(seed)
    if args.all_configs:
        configs = [c for c in CONFIGS if c != "none"]
    if args.merge_alloc:
        configs = configs_with_merge_alloc(seed)
        if args.all_configs:
            configs = ["default"] + merge_configs()
    findings, counts = check_program(_TOOLS, text, configs, args.stock)
    written = []
    for config, kind, detail in findings:
        # Whether a run shows a nondeterministic output is itself left to
        # chance: such a program is kept whole.
        if not args.reduce or config == "reference" or kind == "nondeterministic":
            reduced = program
        else:
            reduced, _ = reduce_program(
                _TOOLS, program, config, kind, detail, args.reduce_budget
            )
        written.append(
            write_finding(
                _TOOLS, args.out, seed, config, kind, detail, reduced, program.size()
            )
        )
    return seed, findings, counts, written


def campaign(args):
    first, last = (int(x) for x in args.seeds.split(":"))
    seeds = range(first, last)
    start = time.time()
    kinds = collections.Counter()
    stock_kinds = collections.Counter()
    counts = collections.Counter()
    report = []
    with multiprocessing.Pool(
        args.jobs, initializer=init_worker, initargs=(args,)
    ) as pool:
        for done, (seed, findings, c, written) in enumerate(
            pool.imap_unordered(fuzz_seed, seeds), 1
        ):
            counts.update(c)
            if done % 1000 == 0:
                print(
                    "fuzz: %d programs done, %.0f s" % (done, time.time() - start),
                    file=sys.stderr,
                    flush=True,
                )
            for (config, kind, detail), path in zip(findings, written):
                (stock_kinds if config.startswith("stock:") else kinds)[kind] += 1
                report.append(
                    {
                        "seed": seed,
                        "config": config,
                        "kind": kind,
                        "detail": detail,
                        "file": path,
                    }
                )
                print(
                    "seed %d: %s under %s: %s -> %s"
                    % (seed, kind, config, detail, path),
                    flush=True,
                )
    elapsed = time.time() - start
    ours = sum(kinds.values())
    print(
        "fuzz: %d programs, seeds %d:%d, %d jobs, %.0f s"
        % (len(seeds), first, last, args.jobs, elapsed)
    )
    print(
        "fuzz: program runs: %d, rejected with a documented limitation: %d"
        % (counts["runs"], counts["rejected"])
    )
    print("fuzz: findings: %d" % ours)
    for kind in FINDING_KINDS:
        print("fuzz:   %-16s %d" % (kind, kinds[kind]))
    if args.stock:
        print(
            "fuzz: stock pipeline: findings: %d, rejected: %d"
            % (sum(stock_kinds.values()), counts["stock-rejected"])
        )
        for kind in FINDING_KINDS:
            print("fuzz:   %-16s %d" % (kind, stock_kinds[kind]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "seeds": [first, last],
                    "seconds": elapsed,
                    "runs": counts["runs"],
                    "rejected": counts["rejected"],
                    "findings": {k: kinds[k] for k in FINDING_KINDS},
                    "stock_findings": {k: stock_kinds[k] for k in FINDING_KINDS},
                    "stock_rejected": counts["stock-rejected"],
                    "details": report,
                },
                f,
                indent=1,
            )
    return 1 if ours else 0


def check_file(args):
    """Re-runs a written finding (or any program) under one configuration."""
    tools = Tools(args)
    with open(args.check) as f:
        text = f.read()
    reference = reference_of(tools, text)
    if reference.kind is not None:
        print(
            "fuzz: the program does not run without deallocation: %s" % reference.detail
        )
        return 2
    config = args.config or "default"
    # A peak-increase compares two configurations.
    m = re.match(r"// Finding: peak-increase under \S+ \(seed \d+\): (.*)", text)
    if m:
        baseline = peak_baseline(config, m.group(1))
        findings, _ = check_program(tools, text, sorted({config, baseline}), False)
        for c, kind, detail in findings:
            if c == config and kind == "peak-increase":
                print("fuzz: peak-increase under %s: %s" % (config, detail))
                return 1
        print("fuzz: no peak-increase under %s against %s" % (config, baseline))
        return 0
    irs = {}
    kind, detail = judge(compile_and_run(tools, text, config, irs=irs), reference)
    if (
        kind is None
        and config in irs
        and not config.startswith("stock:")
        and second_run_differs(tools, text, config, irs[config])
    ):
        kind, detail = "nondeterministic", "a second run gave other IR"
    if kind is None:
        print("fuzz: no finding under %s" % config)
        return 0
    print("fuzz: %s under %s: %s" % (kind, config, detail))
    return 0 if kind == "rejected" else 1


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seeds", default="0:240", help="range of seeds, first:last (last excluded)"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--config",
        action="append",
        dest="configs",
        choices=list(CONFIGS) + merge_configs() + ["stock:default"],
        help="run only these configurations (repeatable); default: 8 per program, two of them rotating",
    )
    parser.add_argument(
        "--all-configs",
        action="store_true",
        help="run every configuration but `none` on every program",
    )
    parser.add_argument(
        "--merge-alloc",
        action="store_true",
        help="run the configurations with merge-alloc on (merge:NAME): per program the default "
        "(the baseline of the peak check), merge:default and one more, rotating; with "
        "--all-configs, every configuration that can take it",
    )
    parser.add_argument(
        "--stock", action="store_true", help="also run the stock pipeline"
    )
    parser.add_argument(
        "--out", default="fuzz-findings", help="directory for reduced findings"
    )
    parser.add_argument(
        "--json", help="write the campaign's counts and findings as JSON"
    )
    parser.add_argument("--no-reduce", dest="reduce", action="store_false")
    parser.add_argument(
        "--reduce-budget",
        type=int,
        default=400,
        help="most reduction attempts per finding",
    )
    parser.add_argument(
        "--max-stmts", type=int, default=40, help="statement budget of a program"
    )
    parser.add_argument(
        "--unstructured",
        type=float,
        default=prog.UNSTRUCTURED,
        help="share of drawn cf loops and cf.switch ops kept (the rest become scf ops)",
    )
    parser.add_argument(
        "--kernels",
        type=float,
        default=0.0,
        help="share of private functions drawn as kernels without results, "
        "whose temporaries merge-alloc plans into their callers' workspaces",
    )
    parser.add_argument(
        "--producers",
        type=float,
        default=0.0,
        help="share of the other functions drawn as producers, whose first "
        "statement allocates the buffer they return at one position, which "
        "fresh-results-to-out-params lets their callers allocate",
    )
    parser.add_argument("--timeout", type=float, default=10, help="seconds per run")
    parser.add_argument("--build-dir", default=shared.DEFAULT_BUILD_DIR)
    parser.add_argument("--llvm-prefix", default=shared.DEFAULT_LLVM_PREFIX)
    parser.add_argument(
        "--mlir-opt", help="our mlir-opt (default: BUILD_DIR/bin/mlir-opt)"
    )
    parser.add_argument(
        "--tracker", help="the allocation tracker library (default: BUILD_DIR/lib/...)"
    )
    parser.add_argument(
        "--emit", type=int, metavar="SEED", help="print the program of SEED and exit"
    )
    parser.add_argument(
        "--check", metavar="FILE", help="run FILE under --config and report"
    )
    parser.add_argument("--list-configs", action="store_true")
    args = parser.parse_args()

    if args.emit is not None:
        print(
            prog.render(
                prog.generate(
                    args.emit,
                    max_stmts=args.max_stmts,
                    unstructured=args.unstructured,
                    kernels=args.kernels,
                    producers=args.producers,
                )
            )
        )
        return 0
    if args.list_configs:
        for name in list(CONFIGS) + merge_configs() + ["stock:default"]:
            print("%-36s %s" % (name, pipeline_of(name)))
        return 0
    if args.check:
        if args.configs and len(args.configs) > 1:
            parser.error("--check takes one --config")
        args.config = args.configs[0] if args.configs else None
        return check_file(args)
    return campaign(args)


if __name__ == "__main__":
    sys.exit(main())
