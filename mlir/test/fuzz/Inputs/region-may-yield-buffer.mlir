// Finding: peak-increase under merge:default (seed 60978): peak 128 bytes, 64 without merge-alloc
// One region of an scf.if yields a select that may be a buffer from before
// it, which the region frees unless it is that buffer.
func.func @main() {
  %v1 = memref.alloc() : memref<16xf32>
  %c2 = arith.constant 7.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<16xf32>)
  %c3 = arith.constant 0 : index
  %v4 = memref.load %v1[%c3] : memref<16xf32>
  %c5 = arith.constant 4.0 : f32
  %v6 = arith.cmpf ogt, %v4, %c5 : f32
  %r14 = scf.if %v6 -> (memref<16xf32>) {
    %v15 = memref.alloca() : memref<16xf32>
    %c16 = arith.constant 0.0 : f32
    linalg.fill ins(%c16 : f32) outs(%v15 : memref<16xf32>)
    %c17 = arith.constant 0 : index
    %v18 = memref.load %v1[%c17] : memref<16xf32>
    %c19 = arith.constant 0.0 : f32
    %v20 = arith.cmpf ogt, %v18, %c19 : f32
    %v21 = arith.select %v20, %v15, %v1 : memref<16xf32>
    scf.yield %v21 : memref<16xf32>
  } else {
    scf.yield %v1 : memref<16xf32>
  }
  %v22 = memref.alloc() : memref<16xf32>
  %c23 = arith.constant 5.0 : f32
  linalg.fill ins(%c23 : f32) outs(%v22 : memref<16xf32>)
  %c24 = arith.constant 0.0 : f32
  %c25 = arith.constant 0 : index
  %c26 = arith.constant 1 : index
  %c27 = arith.constant 16 : index
  %s29 = scf.for %i28 = %c25 to %c27 step %c26 iter_args(%a30 = %c24) -> (f32) {
    %v31 = memref.load %r14[%i28] : memref<16xf32>
    %v32 = arith.addf %a30, %v31 : f32
    scf.yield %v32 : f32
  }
  vector.print %s29 : f32
  return
}

