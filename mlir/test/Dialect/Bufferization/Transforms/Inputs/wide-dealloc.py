"""Prints a function that frees `n` buffers with one `bufferization.dealloc`,
as the deallocation does at the end of a function with `n` temporaries.
With `--unknown`, the first buffer is the result of a call, which may be
any buffer."""

import argparse

parser = argparse.ArgumentParser()
parser.add_argument("n", type=int)
parser.add_argument("--unknown", action="store_true")
args = parser.parse_args()

ty = "memref<2xf32>"
names = ["%%a%d" % i for i in range(args.n)]
if args.unknown:
    print("func.func private @get() -> %s" % ty)
print("func.func @wide(%c: i1) {")
for i, name in enumerate(names):
    if i == 0 and args.unknown:
        print("  %s = func.call @get() : () -> %s" % (name, ty))
    else:
        print("  %s = memref.alloc() : %s" % (name, ty))
types = ", ".join([ty] * args.n)
print('  "test.use"(%s) : (%s) -> ()' % (", ".join(names), types))
print(
    "  bufferization.dealloc (%s : %s) if (%s)"
    % (", ".join(names), types, ", ".join(["%c"] * args.n))
)
print("  return")
print("}")
