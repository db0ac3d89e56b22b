#!/usr/bin/env bash
#===- lit_test.sh - Run one lit test under `bazel test` -------------------===#
#
# Usage (from the lit_tests macro): lit_test.sh mlir/test/<path>
#
# Lays out the tools of this Bazel build as the CMake build does (bin/ and lib/
# of a build directory, in the test's temporary directory), writes the site
# configuration that CMake would, and runs lit on the one test. The main lit
# configuration, mlir/test/lit.cfg.py, is the same for both builds.
#
#===----------------------------------------------------------------------===#

set -euo pipefail

if [[ $# -ne 1 || "$1" != mlir/test/* ]]; then
  echo "lit_test.sh: error: expected one test under mlir/test, got: $*" >&2
  exit 2
fi
test_file=$1

# The installed LLVM/MLIR 22, as in WORKSPACE.
llvm_prefix=/usr/lib/llvm-22
# `bazel test` runs the test from the runfiles tree of this workspace.
src=$PWD
obj=${TEST_TMPDIR:?run this script with bazel test}/obj

mkdir -p "$obj/bin" "$obj/lib" "$obj/docs" "$obj/mlir/test"
ln -sf "$src/mlir-opt" "$src/MLIRBufferOptUnitTests" "$obj/bin/"
ln -sf "$src/libmlir_alloc_tracker.so" "$src/MLIRBufferOptPlugin.so" "$obj/lib/"
ln -sf "$src"/docs/*.md "$obj/docs/"

triple=$("$llvm_prefix/bin/llvm-config" --host-target)
cat >"$obj/mlir/test/lit.site.cfg.py" <<SITE
# Written by utils/bazel/lit_test.sh; the CMake build writes the same values
# from mlir/test/lit.site.cfg.py.in.
config.llvm_tools_dir = "$llvm_prefix/bin"
config.mlir_lib_dir = "$llvm_prefix/lib"
config.buffer_opt_src_root = "$src"
config.buffer_opt_obj_root = "$obj"
config.buffer_opt_tools_dir = "$obj/bin"
config.buffer_opt_lib_dir = "$obj/lib"
config.shlib_ext = ".so"
config.host_triple = "$triple"
config.target_triple = "$triple"
# The Bazel build has no checking mode (mlir/docs/SanitizerBuild.md).
config.buffer_opt_sanitizers = False
config.asan_runtime = ""

import lit.llvm
lit.llvm.initialize(lit_config, config)

lit_config.load_config(config, "$src/mlir/test/lit.cfg.py")
SITE

# lit finds the site configuration above from the test's path in the build
# directory and the test itself in the source directory, as with CMake.
exec "$llvm_prefix/bin/lit" -sv "$obj/${test_file}"
