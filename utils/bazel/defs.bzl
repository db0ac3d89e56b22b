"""Build macros of the series: TableGen through the installed mlir-tblgen, and
lit tests as `bazel test` targets."""

_MLIR_TBLGEN = "@llvm-project//:bin/mlir-tblgen"

def mlir_tblgen(name, td_file, out, opts):
    """Runs the installed `mlir-tblgen` on `td_file` and writes `out`.

    Args:
      name: the name of the genrule.
      td_file: the TableGen source.
      out: the file to write.
      opts: the generator and its options, e.g. ["-gen-pass-decls", "-name X"].
    """
    native.genrule(
        name = name,
        srcs = [td_file, "@llvm-project//:td_files"],
        outs = [out],
        tools = [_MLIR_TBLGEN],
        cmd = " ".join([
            "$(location %s)" % _MLIR_TBLGEN,
        ] + opts + [
            # The installed include/ directory, next to bin/.
            "-I $$(dirname $(location %s))/../include" % _MLIR_TBLGEN,
            "-I mlir/include",
            "$(location %s)" % td_file,
            "-o $@",
        ]),
    )

def lit_tests(name, srcs, data):
    """One `bazel test` target per lit test, and a test suite of them all.

    Each test is named after its file, e.g.
    //:mlir/test/Dialect/Bufferization/Transforms/hoist-alloc-dealloc-pairs.mlir.test.

    Args:
      name: the name of the test suite.
      srcs: the test files.
      data: what the tests need at run time: the tools, the lit
        configuration, the inputs and the scripts they call; it may include
        the tests themselves.
    """
    tests = []
    for src in srcs:
        test = src + ".test"
        native.sh_test(
            name = test,
            srcs = ["//utils/bazel:lit_test.sh"],
            args = ["$(location %s)" % src],
            data = [src] + [d for d in data if d != src],
            # The fuzzer and benchmark smoke tests run programs by the hundred.
            size = "large" if ("/fuzz/" in src or "/bench/" in src) else "medium",
        )
        tests.append(test)
    native.test_suite(
        name = name,
        tests = tests,
    )
