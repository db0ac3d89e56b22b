#!/bin/sh
# Stands in for an mlir-opt whose deallocation pipeline prints IR that
# depends on the run: it appends a comment that names its process, and is
# the series' mlir-opt (from PATH) otherwise.
for arg in "$@"; do
  case "$arg" in
  *buffer-deallocation-pipeline*)
    mlir-opt "$@" || exit $?
    echo "// run $$"
    exit 0
    ;;
  esac
done
exec mlir-opt "$@"
