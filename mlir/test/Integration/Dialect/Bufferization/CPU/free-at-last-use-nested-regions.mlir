// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline=merge-alloc=true | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc=true lift-allocating-branches=true" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK

// @score reads its 4 KiB input last in one case of an scf.index_switch
// nested in an scf.if, and that case then allocates a 16 KiB temporary.
// free-buffers-at-last-use frees the input in each region of the scf.if,
// and on in each case of the scf.index_switch, right after its last read
// there: the input is dead when the temporary is allocated. Before, it
// was freed in the scf.if's regions only, after the scf.index_switch, and
// the peak was 20 KiB (the input and the temporary) instead of 16 KiB.

func.func private @score(%seed: f32, %mode: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%seed : f32) outs(%in : memref<1024xf32>)
  %first = memref.load %in[%c0] : memref<1024xf32>
  %positive = arith.cmpf ogt, %first, %zero : f32
  %r = scf.if %positive -> f32 {
    %s = scf.index_switch %mode -> f32
    case 0 {
      %x = memref.load %in[%c5] : memref<1024xf32>
      %big = memref.alloc() : memref<4096xf32>
      linalg.fill ins(%x : f32) outs(%big : memref<4096xf32>)
      %sum = memref.alloc() : memref<f32>
      linalg.fill ins(%zero : f32) outs(%sum : memref<f32>)
      linalg.reduce ins(%big : memref<4096xf32>) outs(%sum : memref<f32>) dimensions = [0]
        (%a: f32, %acc: f32) {
          %t = arith.addf %a, %acc : f32
          linalg.yield %t : f32
        }
      %v = memref.load %sum[] : memref<f32>
      scf.yield %v : f32
    }
    default {
      %y = memref.load %in[%c7] : memref<1024xf32>
      scf.yield %y : f32
    }
    scf.yield %s : f32
  } else {
    scf.yield %zero : f32
  }
  return %r : f32
}
func.func @main() {
  %two = arith.constant 2.0 : f32
  %minus = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // The temporary: 4096 twos.
  // CHECK: 8192
  %a = call @score(%two, %c0) : (f32, index) -> f32
  vector.print %a : f32
  // The default case reads the input.
  // CHECK-NEXT: 2
  %b = call @score(%two, %c1) : (f32, index) -> f32
  vector.print %b : f32
  // Neither.
  // CHECK-NEXT: 0
  %c = call @score(%minus, %c0) : (f32, index) -> f32
  vector.print %c : f32
  // The input per call and one temporary; and the sum where it is not on
  // the stack. At the peak, only the temporary (and the sum) is alive.
  // STACK: alloc-tracker: mallocs=4 frees=4 peak_bytes=16384 total_bytes=28672 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HEAP: alloc-tracker: mallocs=5 frees=5 peak_bytes=16388 total_bytes=28676 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
