"""What the benchmark runner (utils/bench) and the fuzzer (utils/fuzz) share.

Where the two compilers, the runner, the LLVM tools and the allocation
tracker are, the pipeline that lowers the output of the deallocation to
LLVM, the tracker's report, and the stack bytes of a printed module. Both
scripts put this directory on `sys.path` and import it.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: The build directory and LLVM installation the scripts use by default.
DEFAULT_BUILD_DIR = os.environ.get("BUILD_DIR", os.path.join(ROOT, "build"))
DEFAULT_LLVM_PREFIX = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")

#: The fields of the line the allocation tracker prints at exit, in order.
TRACKER_FIELDS = [
    "mallocs",
    "frees",
    "peak_bytes",
    "total_bytes",
    "leaks",
    "leaked_bytes",
    "bad_frees",
    "double_frees",
]
TRACKER = re.compile(
    r"alloc-tracker: " + " ".join(r"%s=(\d+)" % field for field in TRACKER_FIELDS)
)


def parse_tracker(text):
    """The figures of the allocation tracker's report in `text`, by field
    name, or None if there is no report."""
    m = TRACKER.search(text)
    if not m:
        return None
    return dict(zip(TRACKER_FIELDS, map(int, m.groups())))


def lowering_pipeline():
    """The pass pipeline that lowers the deallocation's output to LLVM
    (utils/lower-to-llvm.pipeline, which the lit tests use too)."""
    with open(os.path.join(ROOT, "utils", "lower-to-llvm.pipeline")) as f:
        return f.read().strip()


class ToolPaths:
    """The tools of a build directory and an LLVM installation."""

    def __init__(self, build_dir, llvm_prefix, mlir_opt=None, tracker=None):
        self.ours = mlir_opt or os.path.join(build_dir, "bin", "mlir-opt")
        self.stock = os.path.join(llvm_prefix, "bin", "mlir-opt")
        self.runner = os.path.join(llvm_prefix, "bin", "mlir-runner")
        self.translate = os.path.join(llvm_prefix, "bin", "mlir-translate")
        self.llc = os.path.join(llvm_prefix, "bin", "llc")
        self.tracker = tracker or os.path.join(
            build_dir, "lib", "libmlir_alloc_tracker.so"
        )
        #: What `mlir-runner -shared-libs` needs to run a lowered program
        #: with the tracker.
        self.runner_libs = [
            os.path.join(llvm_prefix, "lib", "libmlir_runner_utils.so"),
            os.path.join(llvm_prefix, "lib", "libmlir_c_runner_utils.so"),
            self.tracker,
        ]
        #: Where a linked program finds the runner utils and the tracker.
        self.lib_dirs = [
            os.path.join(llvm_prefix, "lib"),
            os.path.join(build_dir, "lib"),
        ]

    @staticmethod
    def missing(paths):
        """The first of `paths` that does not exist, or None."""
        return next((path for path in paths if not os.path.exists(path)), None)


# Bytes of an element of the types the programs use, as LLVM lays out an
# array of them (an `i1` takes a byte).
ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "index": 8}
FUNC = re.compile(r"^\s*func\.func\s+(?:(?:private|public|nested)\s+)?@([\w$.-]+)")
ALLOCA = re.compile(
    r"\bmemref\.alloca\(([^)]*)\)(?:\s*\{[^}\n]*\})?\s*:\s*memref<([^>\n]*)>"
)
CALL = re.compile(r"\bcall @([\w$.-]+)\(")


def alloca_bytes(operands, type_body):
    """Bytes of a `memref.alloca` with `operands` and type `memref<type_body>`,
    or None if they are not static."""
    if operands.strip():
        return None
    m = re.match(r"((?:\d+x)*)([a-z]\w*)", type_body)
    if not m:
        return None
    element = m.group(2)
    size = ELEMENT_BYTES.get(element)
    if size is None:
        width = re.fullmatch(r"i(\d+)", element)
        if not width:
            return None
        size = 1
        while size * 8 < int(width.group(1)):
            size *= 2
    count = 1
    for dim in re.findall(r"(\d+)x", m.group(1)):
        count *= int(dim)
    return count * size


def stack_bytes(ir, entry="main"):
    """The static `memref.alloca` bytes of the frames along the deepest chain
    of calls from `entry` in the printed module `ir`, or None when a size is
    dynamic or a function with stack allocations may call itself."""
    frames, calls, current = {}, {}, None
    for line in ir.splitlines():
        m = FUNC.match(line)
        if m:
            current = m.group(1)
            frames[current], calls[current] = 0, set()
            continue
        if current is None:
            continue
        for operands, body in ALLOCA.findall(line):
            size = alloca_bytes(operands, body)
            frames[current] = (
                None
                if size is None or frames[current] is None
                else frames[current] + size
            )
        calls[current].update(CALL.findall(line))
    # `path` is the chain of calls being followed. A call back into it is a
    # cycle: unbounded if a function on the cycle has stack allocations,
    # else it adds nothing. A result that depends on such a call is not
    # remembered, as it holds only for this path.
    deepest, path = {}, []

    def visit(name):
        if name in deepest:
            return deepest[name], True
        if name in path:
            cycle = path[path.index(name) :]
            return (None if any(frames[f] != 0 for f in cycle) else 0), False
        path.append(name)
        best, complete = 0, True
        for callee in calls.get(name, ()):
            if callee not in frames:
                continue
            below, known = visit(callee)
            complete = complete and known
            best = None if below is None or best is None else max(best, below)
        path.pop()
        own = frames[name]
        result = None if best is None or own is None else own + best
        if complete:
            deepest[name] = result
        return result, complete

    return visit(entry)[0] if entry in frames else 0
