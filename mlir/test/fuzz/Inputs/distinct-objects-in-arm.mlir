// Finding: peak-increase under merge-lift (seed 85965): peak 128 bytes, 96 without merge-alloc
// One arm passes %v1 and %v3 on through memref.distinct_objects, the other
// as they are. The lifetime analysis linked each result of the op to both
// operands, so the lifted scf.if's result kept %v3 alive to the end of the
// function, over the other arm's %v15, where the blocks free %v3 first.
func.func @main() {
  %v1 = memref.alloc() : memref<8xi32>
  %c2 = arith.constant 8 : i32
  linalg.fill ins(%c2 : i32) outs(%v1 : memref<8xi32>)
  %v3 = memref.alloc() : memref<4x4xf32>
  %c4 = arith.constant 4.0 : f32
  linalg.fill ins(%c4 : f32) outs(%v3 : memref<4x4xf32>)
  %c11 = arith.constant 0 : index
  %v12 = memref.load %v1[%c11] : memref<8xi32>
  %c13 = arith.constant 2 : i32
  %v14 = arith.cmpi sgt, %v12, %c13 : i32
  cf.cond_br %v14, ^bb8, ^bb9
^bb8:
  %v15 = memref.alloc() : memref<8xf32>
  %c16 = arith.constant 7.0 : f32
  linalg.fill ins(%c16 : f32) outs(%v15 : memref<8xf32>)
  %x = memref.load %v15[%c11] : memref<8xf32>
  vector.print %x : f32
  cf.br ^bb10(%v1, %v3 : memref<8xi32>, memref<4x4xf32>)
^bb9:
  %v17:2 = memref.distinct_objects %v3, %v1 : memref<4x4xf32>, memref<8xi32>
  cf.br ^bb10(%v17#1, %v17#0 : memref<8xi32>, memref<4x4xf32>)
^bb10(%m18: memref<8xi32>, %m19: memref<4x4xf32>):
  %c20 = arith.constant 0 : i32
  %c21 = arith.constant 0 : index
  %c22 = arith.constant 1 : index
  %c23 = arith.constant 8 : index
  %s25 = scf.for %i24 = %c21 to %c23 step %c22 iter_args(%a26 = %c20) -> (i32) {
    %v27 = memref.load %m18[%i24] : memref<8xi32>
    %v28 = arith.addi %a26, %v27 : i32
    scf.yield %v28 : i32
  }
  vector.print %s25 : i32
  return
}
