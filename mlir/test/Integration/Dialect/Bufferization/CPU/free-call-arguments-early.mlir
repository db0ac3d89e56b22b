// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NOALIAS
// RUN: mlir-opt %s -buffer-deallocation-pipeline=no-alias-function-results=false \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OWNERSHIP
// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=IR

// A chain of calls, each taking the previous result. Under the no-alias
// function boundary ABI (the default) a call's result is no alias of its
// argument, so free-buffers-at-last-use frees each argument right after the
// call that last reads it. Under the ownership ABI alone, each result may be
// its argument, and every buffer lives until the last one is read.

func.func @doubled(%in: memref<1024xf32>) -> memref<1024xf32> {
  %out = memref.alloc() : memref<1024xf32>
  linalg.add ins(%in, %in : memref<1024xf32>, memref<1024xf32>)
      outs(%out : memref<1024xf32>)
  return %out : memref<1024xf32>
}

// IR-LABEL: func.func @main()
//       IR:   %[[X:.*]] = memref.alloc()
//       IR:   %[[Y:.*]] = call @doubled(%[[X]]) {buffer_abi.no_alias_results}
//  IR-NEXT:   memref.dealloc %[[X]]
//  IR-NEXT:   %[[Z:.*]] = call @doubled(%[[Y]]) {buffer_abi.no_alias_results}
//  IR-NEXT:   %[[BASEY:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[Y]]
//  IR-NEXT:   memref.dealloc %[[BASEY]] :
//  IR-NEXT:   %[[W:.*]] = call @doubled(%[[Z]]) {buffer_abi.no_alias_results}
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<1024xf32>)
  %y = func.call @doubled(%x) : (memref<1024xf32>) -> memref<1024xf32>
  %z = func.call @doubled(%y) : (memref<1024xf32>) -> memref<1024xf32>
  %w = func.call @doubled(%z) : (memref<1024xf32>) -> memref<1024xf32>
  %v = memref.load %w[%c0] : memref<1024xf32>
  vector.print %v : f32
  // CHECK: {{^}}8{{$}}

  // Four buffers of 4096 bytes. No-alias: at most an argument and the
  // result of the call that reads it are live. Ownership: all four.
  // NOALIAS: alloc-tracker: mallocs=4 frees=4 peak_bytes=8192 total_bytes=16384 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // OWNERSHIP: alloc-tracker: mallocs=4 frees=4 peak_bytes=16384 total_bytes=16384 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
