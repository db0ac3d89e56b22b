#!/bin/sh
# Stands in for a checking build's mlir-opt whose pipeline hits a bug: it
# prints an AddressSanitizer report and aborts when it runs the deallocation
# pipeline, and is the series' mlir-opt (from PATH) otherwise.
for arg in "$@"; do
  case "$arg" in
  *buffer-deallocation-pipeline*)
    echo "=================================================================" >&2
    echo "==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x55d4c0ffee00 bp 0x7ffc00000010 sp 0x7ffc00000008" >&2
    echo "READ of size 8 at 0x602000000010 thread T0" >&2
    kill -ABRT $$
    ;;
  esac
done
exec mlir-opt "$@"
