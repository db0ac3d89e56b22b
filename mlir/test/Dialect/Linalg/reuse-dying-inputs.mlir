// RUN: mlir-opt %s --linalg-reuse-dying-inputs --split-input-file | FileCheck %s
// RUN: mlir-opt %s --linalg-reuse-dying-inputs --split-input-file \
// RUN:   --remarks-filter=linalg-reuse-dying-inputs --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

#id = affine_map<(d0) -> (d0)>

// The output of an elementwise op takes the buffer of an input freed after
// it: the allocation and that free go away, and the free of the output frees
// the input's buffer.

// CHECK-LABEL: func @exp
//  CHECK-SAME:   (%[[X:.*]]: memref<64xf32>)
//       CHECK:   %[[IN:.*]] = memref.alloc() : memref<64xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.generic {{.*}} ins(%[[IN]] : memref<64xf32>) outs(%[[IN]] : memref<64xf32>)
//   CHECK-NOT:   memref.dealloc
//       CHECK:   "test.use"(%[[IN]])
//       CHECK:   memref.dealloc %[[IN]]
//   CHECK-NOT:   memref.dealloc
// REMARK: remark: [Passed] InputReused | Category:linalg-reuse-dying-inputs | Remark="'linalg.generic' writes into an input buffer that dies at it"
func.func @exp(%x: memref<64xf32>) {
  %in = memref.alloc() : memref<64xf32>
  memref.copy %x, %in : memref<64xf32> to memref<64xf32>
  %out = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  memref.dealloc %in : memref<64xf32>
  "test.use"(%out) : (memref<64xf32>) -> ()
  memref.dealloc %out : memref<64xf32>
  return
}

// -----

// A chain: each step writes into the previous step's buffer, so the chain
// allocates once. The free of the input may come later in the block, after
// ops that do not touch it.

// CHECK-LABEL: func @chain
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.add ins(%[[A]], %{{.*}} : {{.*}}) outs(%[[A]] : memref<64xf32>)
//       CHECK:   linalg.mul ins(%[[A]], %[[A]] : {{.*}}) outs(%[[A]] : memref<64xf32>)
//       CHECK:   "test.other"
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return %[[A]]
func.func @chain(%x: memref<64xf32>, %y: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  memref.copy %x, %a : memref<64xf32> to memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.add ins(%a, %y : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.mul ins(%b, %b : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %c : memref<64xf32>
}

// -----

// The same permutation on both sides, dynamic sizes that are the same
// values, and a free through the base buffer of the strided metadata.

#t = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func @transposed_dynamic
//       CHECK:   %[[IN:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.generic {{.*}} ins(%[[IN]] : memref<?x?xf32>) outs(%[[IN]] : memref<?x?xf32>)
//   CHECK-NOT:   memref.dealloc
//       CHECK:   "test.use"(%[[IN]])
//       CHECK:   memref.dealloc %[[IN]]
func.func @transposed_dynamic(%m: index, %n: index, %v: f32) {
  %in = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<?x?xf32>)
  %out = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#t, #t], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<?x?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  }
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %in
      : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  memref.dealloc %base : memref<f32>
  "test.use"(%out) : (memref<?x?xf32>) -> ()
  memref.dealloc %out : memref<?x?xf32>
  return
}

// -----

// Ops in the body of a loop: each iteration's buffers are its own.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @loop_body
//       CHECK:   scf.for
//       CHECK:     %[[IN:.*]] = memref.alloc() : memref<16xf32>
//   CHECK-NOT:     memref.alloc
//       CHECK:     linalg.negf ins(%[[IN]] : memref<16xf32>) outs(%[[IN]] : memref<16xf32>)
//       CHECK:     "test.use"(%[[IN]])
//       CHECK:     memref.dealloc %[[IN]]
//   CHECK-NOT:     memref.dealloc
func.func @loop_body(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %in = memref.alloc() : memref<16xf32>
    linalg.fill ins(%v : f32) outs(%in : memref<16xf32>)
    %out = memref.alloc() : memref<16xf32>
    linalg.negf ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
    memref.dealloc %in : memref<16xf32>
    "test.use"(%out) : (memref<16xf32>) -> ()
    memref.dealloc %out : memref<16xf32>
  }
  return
}

// -----

// Each of several outputs takes its own dying input.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @two_outputs
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<8xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.generic {{.*}} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[A]], %[[B]] : {{.*}})
//       CHECK:   "test.use"(%[[A]], %[[B]])
func.func @two_outputs(%v: f32) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  linalg.fill ins(%v : f32) outs(%b : memref<8xf32>)
  %c = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : memref<8xf32>, memref<8xf32>)
      outs(%c, %d : memref<8xf32>, memref<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.subf %x, %y : f32
    linalg.yield %s, %t : f32, f32
  }
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  "test.use"(%c, %d) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %d : memref<8xf32>
  return
}

// -----

// The rewrite needs the input dead after the op. Each function below breaks
// one condition and is left alone.

#id = affine_map<(d0) -> (d0)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#i2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// The input is read after the op.
// CHECK-LABEL: func @input_used_after
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.negf ins(%[[IN]] {{.*}} outs(%[[OUT]] :
//       CHECK:   memref.load %[[IN]]
func.func @input_used_after(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %in = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<16xf32>)
  %out = memref.alloc() : memref<16xf32>
  linalg.negf ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
  %x = memref.load %in[%c0] : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  "test.use"(%out) : (memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return %x : f32
}

// A view of the input is read after the op, in a loop.
// CHECK-LABEL: func @view_used_after
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.negf ins(%[[IN]] : {{.*}} outs(%[[OUT]] :
func.func @view_used_after(%v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<16xf32>)
  %view = memref.subview %in[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %out = memref.alloc() : memref<16xf32>
  linalg.negf ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %view[%c0] : memref<8xf32, strided<[1]>>
    memref.store %x, %out[%i] : memref<16xf32>
  }
  memref.dealloc %in : memref<16xf32>
  "test.use"(%out) : (memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return
}

// The descriptor of the input was stored: a load may bring it back after
// the free.
// CHECK-LABEL: func @input_escapes
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.negf ins(%[[IN]] : {{.*}} outs(%[[OUT]] :
func.func @input_escapes(%v: f32, %box: memref<memref<16xf32>>) {
  %in = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<16xf32>)
  memref.store %in, %box[] : memref<memref<16xf32>>
  %out = memref.alloc() : memref<16xf32>
  linalg.negf ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
  memref.dealloc %in : memref<16xf32>
  "test.use"(%out) : (memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return
}

// The input is not freed in the block: a function argument.
// CHECK-LABEL: func @input_is_argument
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.negf {{.*}} outs(%[[OUT]] :
func.func @input_is_argument(%in: memref<16xf32>) {
  %out = memref.alloc() : memref<16xf32>
  linalg.negf ins(%in : memref<16xf32>) outs(%out : memref<16xf32>)
  "test.use"(%out) : (memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  return
}

// The input's element is not the one the iteration writes: a transpose.
// CHECK-LABEL: func @transpose
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @transpose(%v: f32) {
  %in = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8x8xf32>)
  %out = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#t, #i2], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<8x8xf32>) outs(%out : memref<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.dealloc %in : memref<8x8xf32>
  "test.use"(%out) : (memref<8x8xf32>) -> ()
  memref.dealloc %out : memref<8x8xf32>
  return
}

// Another input reads a shifted view of the input.
// CHECK-LABEL: func @shifted_view_input
//       CHECK:   memref.alloc() : memref<9xf32>
//       CHECK:   %[[OUT:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @shifted_view_input(%v: f32) {
  %in = memref.alloc() : memref<9xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<9xf32>)
  %lo = memref.subview %in[0] [8] [1] : memref<9xf32> to memref<8xf32, strided<[1]>>
  %hi = memref.subview %in[1] [8] [1] : memref<9xf32> to memref<8xf32, strided<[1], offset: 1>>
  %out = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%lo, %hi : memref<8xf32, strided<[1]>>, memref<8xf32, strided<[1], offset: 1>>)
      outs(%out : memref<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %b, %a : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<9xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}

// The same buffer is an input with another map.
// CHECK-LABEL: func @second_read_transposed
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @second_read_transposed(%v: f32) {
  %in = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8x8xf32>)
  %out = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#i2, #t, #i2], iterator_types = ["parallel", "parallel"]}
      ins(%in, %in : memref<8x8xf32>, memref<8x8xf32>) outs(%out : memref<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<8x8xf32>
  "test.use"(%out) : (memref<8x8xf32>) -> ()
  memref.dealloc %out : memref<8x8xf32>
  return
}

// The payload loads from the input directly.
// CHECK-LABEL: func @payload_reads_input
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @payload_reads_input(%v: f32) {
  %c0 = arith.constant 0 : index
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %first = memref.load %in[%c0] : memref<8xf32>
    %s = arith.subf %a, %first : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<8xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}

// A reduction: an iteration does not write its own element.
// CHECK-LABEL: func @reduction
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @reduction(%v: f32) {
  %in = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8x8xf32>)
  %out = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%v : f32) outs(%out : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#i2, #i2], iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<8x8xf32>) outs(%out : memref<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<8x8xf32>
  "test.use"(%out) : (memref<8x8xf32>) -> ()
  memref.dealloc %out : memref<8x8xf32>
  return
}

// The payload reads the output's element, which a fill wrote before.
// CHECK-LABEL: func @payload_reads_output
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.generic {{.*}} outs(%[[OUT]] :
func.func @payload_reads_output(%v: f32) {
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<8xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}

// The output is written before the op, and the op does not read it.
// CHECK-LABEL: func @output_used_before
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   "test.use"(%[[OUT]])
//       CHECK:   linalg.negf {{.*}} outs(%[[OUT]] :
func.func @output_used_before(%v: f32) {
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  linalg.negf ins(%in : memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %in : memref<8xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}

// Another type, other dynamic sizes, a stricter alignment, a free in
// another block.
// CHECK-LABEL: func @mismatches
//       CHECK:   memref.alloc() : memref<8xf32>
//       CHECK:   %[[O1:.*]] = memref.alloc() : memref<8xf64>
//       CHECK:   linalg.generic {{.*}} outs(%[[O1]] :
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:   %[[O2:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:   linalg.negf {{.*}} outs(%[[O2]] :
//       CHECK:   memref.alloc() : memref<8xf32>
//       CHECK:   %[[O3:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
//       CHECK:   linalg.negf {{.*}} outs(%[[O3]] :
//       CHECK:   memref.alloc() : memref<8xf32>
//       CHECK:   %[[O4:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   linalg.negf {{.*}} outs(%[[O4]] :
func.func @mismatches(%v: f32, %m: index, %n: index, %c: i1) {
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  %o1 = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<8xf32>) outs(%o1 : memref<8xf64>) {
  ^bb0(%x: f32, %o: f64):
    %e = arith.extf %x : f32 to f64
    linalg.yield %e : f64
  }
  memref.dealloc %a : memref<8xf32>
  "test.use"(%o1) : (memref<8xf64>) -> ()
  memref.dealloc %o1 : memref<8xf64>

  %b = memref.alloc(%m) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<?xf32>)
  %o2 = memref.alloc(%n) : memref<?xf32>
  linalg.negf ins(%b : memref<?xf32>) outs(%o2 : memref<?xf32>)
  memref.dealloc %b : memref<?xf32>
  "test.use"(%o2) : (memref<?xf32>) -> ()
  memref.dealloc %o2 : memref<?xf32>

  %d = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%d : memref<8xf32>)
  %o3 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  linalg.negf ins(%d : memref<8xf32>) outs(%o3 : memref<8xf32>)
  memref.dealloc %d : memref<8xf32>
  "test.use"(%o3) : (memref<8xf32>) -> ()
  memref.dealloc %o3 : memref<8xf32>

  %e = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%e : memref<8xf32>)
  %o4 = memref.alloc() : memref<8xf32>
  linalg.negf ins(%e : memref<8xf32>) outs(%o4 : memref<8xf32>)
  scf.if %c {
    memref.dealloc %e : memref<8xf32>
  } else {
    memref.dealloc %e : memref<8xf32>
  }
  "test.use"(%o4) : (memref<8xf32>) -> ()
  memref.dealloc %o4 : memref<8xf32>
  return
}

// -----

// Functions with frees by hand are left alone.

// CHECK-LABEL: func @manual
//       CHECK:   %[[IN:.*]] = memref.alloc()
//       CHECK:   %[[OUT:.*]] = memref.alloc()
//       CHECK:   linalg.negf {{.*}} outs(%[[OUT]] :
func.func @manual(%v: f32) {
  %in = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%in : memref<8xf32>)
  %out = memref.alloc() : memref<8xf32>
  linalg.negf ins(%in : memref<8xf32>) outs(%out : memref<8xf32>)
  memref.dealloc %in {bufferization.manual_deallocation} : memref<8xf32>
  "test.use"(%out) : (memref<8xf32>) -> ()
  memref.dealloc %out : memref<8xf32>
  return
}

// -----

// Two outputs and one dying input: only one output takes it.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func @one_input_two_outputs
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   %[[D:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   linalg.generic {{.*}} ins(%[[A]] : {{.*}}) outs(%[[A]], %[[D]] : {{.*}})
//       CHECK:   "test.use"(%[[A]], %[[D]])
func.func @one_input_two_outputs(%v: f32) {
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  %c = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<8xf32>) outs(%c, %d : memref<8xf32>, memref<8xf32>) {
  ^bb0(%x: f32, %o: f32, %p: f32):
    %n = arith.negf %x : f32
    linalg.yield %x, %n : f32, f32
  }
  memref.dealloc %a : memref<8xf32>
  "test.use"(%c, %d) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %d : memref<8xf32>
  return
}
