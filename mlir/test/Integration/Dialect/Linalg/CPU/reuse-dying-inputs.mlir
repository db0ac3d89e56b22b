// DEFINE: %{bufferize} = one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops}
// RUN: mlir-opt %s --pass-pipeline="builtin.module(%{bufferize},buffer-deallocation-pipeline{stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt %s --pass-pipeline="builtin.module(%{bufferize},buffer-deallocation-pipeline{reuse-dying-inputs=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NODYING
// RUN: %stock_mlir_opt %s --pass-pipeline="builtin.module(%{bufferize},buffer-deallocation-pipeline)" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

#id = affine_map<(d0) -> (d0)>

// y = relu(x + b) * 0.5 + 0.25, as three elementwise ops that a front end
// lowers without fusion. Each op gets a buffer of its own from One-Shot
// Bufferize; the first reads the argument, which the function does not own.
func.func @act(%x: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %e0 = tensor.empty() : tensor<256xf32>
  %s = linalg.add ins(%x, %b : tensor<256xf32>, tensor<256xf32>)
                  outs(%e0 : tensor<256xf32>) -> tensor<256xf32>
  %e1 = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<256xf32>) outs(%e1 : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%r : tensor<256xf32>) outs(%e2 : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %h = arith.mulf %v, %half : f32
    %a = arith.addf %h, %quarter : f32
    linalg.yield %a : f32
  } -> tensor<256xf32>
  return %y : tensor<256xf32>
}

// Element i of a vector: (i mod m) * scale + shift.
func.func @pattern(%m: index, %scale: f32, %shift: f32) -> tensor<256xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %t = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %r = arith.remui %i, %m : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %v = arith.mulf %rf, %scale : f32
    %w = arith.addf %v, %shift : f32
    linalg.yield %w : f32
  } -> tensor<256xf32>
  return %t : tensor<256xf32>
}

// 100 steps of x <- act(x, b), negated in odd steps in another block.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %one = arith.constant 1.0 : f32
  %quarter = arith.constant 0.25 : f32
  %m3 = arith.constant -3.0 : f32
  %mhalf = arith.constant -0.5 : f32
  %x0 = func.call @pattern(%c7, %one, %m3) : (index, f32, f32) -> tensor<256xf32>
  %b = func.call @pattern(%c5, %quarter, %mhalf) : (index, f32, f32) -> tensor<256xf32>
  %res = scf.for %k = %c0 to %c100 step %c1 iter_args(%x = %x0) -> tensor<256xf32> {
    %a = func.call @act(%x, %b) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %kr = arith.remui %k, %c2 : index
    %odd = arith.cmpi eq, %kr, %c1 : index
    %n = scf.if %odd -> tensor<256xf32> {
      %e = tensor.empty() : tensor<256xf32>
      %neg = linalg.negf ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) -> tensor<256xf32>
      scf.yield %neg : tensor<256xf32>
    } else {
      scf.yield %a : tensor<256xf32>
    }
    scf.yield %n : tensor<256xf32>
  }
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%res : tensor<256xf32>) outs(%acc : tensor<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print %v : f32
  return
}

// The values are exact binary fractions, so the sum is exact.
// CHECK: -102.25

// Every 256-element buffer asks for 64-byte alignment, which the lowering
// gets with 64 more bytes: 1088 bytes per malloc, 68 for the scalar of the
// sum.
//
// Ours: @act writes all three ops into one buffer, which it returns: 100
// mallocs. The 50 negations allocate (their input is @act's result, a call
// result of the loop body, not an allocation of the branch), @pattern allocates
// twice and the sum once: 153 mallocs, 152 * 1088 + 68 bytes in total. The
// peak is at the negation: b, x, act's result and the negation's buffer.
// OURS: alloc-tracker: mallocs=153 frees=153 peak_bytes=4352 total_bytes=165444 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
//
// Without the stage, @act allocates twice per call (its third buffer takes
// over its first, freed before it): 100 mallocs more, 100 * 1088 bytes
// more in total. At its second op it holds b, x and two buffers of its
// own, which is the peak of the negation again.
// NODYING: alloc-tracker: mallocs=253 frees=253 peak_bytes=4352 total_bytes=274244 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
//
// Stock: 3 buffers per @act call, the same others (353 buffers), and the 5
// metadata mallocs of each of 101 dealloc_helper calls. It frees the first
// x only after the loop, so @act holds 6 buffers at its last op.
// STOCK: alloc-tracker: mallocs=858 frees=858 peak_bytes=6528 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
