"""Feeds the stack accounting of the benchmark runner and the fuzzer
(utils/buffer_opt_tools.py) with printed modules and
prints what it counts: the static memref.alloca bytes of each frame, summed
along the deepest chain of calls from main, or none when a size is dynamic
or a function on a chain may call itself."""

import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "utils"))
import buffer_opt_tools as tools  # noqa: E402

CHAIN = """\
module {
  func.func @main() {
    %a = memref.alloca() {alignment = 64 : i64} : memref<f32>
    %b = memref.alloca() : memref<4x4xindex>
    %e = memref.alloca() : memref<0xf32>
    call @small() : () -> ()
    %r = func.call @large(%a) : (memref<f32>) -> f32
    return
  }
  func.func private @small() {
    %a = memref.alloca() : memref<10xi1>
    return
  }
  func.func private @large(%m: memref<f32>) -> f32 {
    %a = memref.alloca() : memref<3xi32>
    call @leaf() : () -> ()
    %v = memref.load %m[] : memref<f32>
    return %v : f32
  }
  func.func private @leaf() {
    %a = memref.alloca() : memref<100xf64>
    return
  }
  func.func private @external(memref<f32>)
}
"""

# main: 4 + 128 + 0 bytes; large: 12, leaf: 800 (deeper than small: 10).
print("chain:", tools.stack_bytes(CHAIN))
print(
    "no allocas:", tools.stack_bytes(CHAIN.replace("memref.alloca()", "memref.alloc()"))
)
print(
    "dynamic:",
    tools.stack_bytes(
        CHAIN.replace(
            "memref.alloca() : memref<10xi1>", "memref.alloca(%n) : memref<?xi1>"
        )
    ),
)
print("recursive:", tools.stack_bytes(CHAIN.replace("call @leaf()", "call @large()")))
# Recursion through functions without stack allocations adds nothing, also
# when a function outside the cycle calls into it: main -> large -> leaf ->
# large, and main -> small -> leaf.
ZERO = (
    CHAIN.replace("%a = memref.alloca() : memref<3xi32>\n", "")
    .replace("%a = memref.alloca() : memref<100xf64>", "call @large() : () -> ()")
    .replace("%a = memref.alloca() : memref<10xi1>", "call @leaf() : () -> ()")
)
print("recursion without allocas:", tools.stack_bytes(ZERO))
print(
    "recursion without allocas, small has 10 bytes:",
    tools.stack_bytes(
        ZERO.replace(
            "func.func private @small() {",
            "func.func private @small() {\n    %s = memref.alloca() : memref<10xi8>",
        )
    ),
)
# A recursive function that main does not reach does not count.
print(
    "unreached recursion:",
    tools.stack_bytes(
        CHAIN.replace(
            "func.func private @external(memref<f32>)",
            "func.func private @r() {\n    call @r() : () -> ()\n    return\n  }",
        )
    ),
)
