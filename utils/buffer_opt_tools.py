"""What the benchmark runner (utils/bench) and the fuzzer (utils/fuzz) share.

Where the two compilers, the runner, the LLVM tools and the allocation
tracker are, the pipeline that lowers the output of the deallocation to
LLVM, and the tracker's report. Both scripts put this directory on
`sys.path` and import it.
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
