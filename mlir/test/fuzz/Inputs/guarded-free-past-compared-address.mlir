// Finding: peak-increase under merge:default (seed 59853): peak 192 bytes, 160 without merge-alloc
// A guarded free after a lifted loop of blocks stayed after an allocating
// scf.if, held back by an address compared in the hand-over of a region.
func.func @main() {
  %v1 = memref.alloc() : memref<16xi32>
  %c2 = arith.constant 8 : i32
  linalg.fill ins(%c2 : i32) outs(%v1 : memref<16xi32>)
  %c20 = arith.constant 0 : index
  %v21 = memref.load %v1[%c20] : memref<16xi32>
  %c22 = arith.constant 2 : i32
  %v23 = arith.cmpi sgt, %v21, %c22 : i32
  cf.cond_br %v23, ^bb17, ^bb18
^bb17:
  cf.br ^bb19(%v1 : memref<16xi32>)
^bb18:
  %c27 = arith.constant 0 : index
  %c28 = arith.constant 1 : index
  cf.br ^bb29(%c27, %v1 : index, memref<16xi32>)
^bb29(%i24: index, %h32: memref<16xi32>):
  %v33 = arith.cmpi slt, %i24, %c28 : index
  cf.cond_br %v33, ^bb30, ^bb31
^bb30:
  %v34 = memref.alloc() : memref<16xi32>
  %c35 = arith.constant 6 : i32
  linalg.fill ins(%c35 : i32) outs(%v34 : memref<16xi32>)
  %c36 = arith.constant 1 : index
  %v37 = arith.addi %i24, %c36 : index
  cf.br ^bb29(%v37, %v34 : index, memref<16xi32>)
^bb31:
  cf.br ^bb19(%h32 : memref<16xi32>)
^bb19(%m38: memref<16xi32>):
  %c39 = arith.constant 0 : index
  %v40 = memref.load %m38[%c39] : memref<16xi32>
  %c41 = arith.constant 1 : i32
  %v42 = arith.cmpi sgt, %v40, %c41 : i32
  scf.if %v42 {
    %v45 = memref.alloc() : memref<8xf32>
    %c46 = arith.constant 8.0 : f32
    linalg.fill ins(%c46 : f32) outs(%v45 : memref<8xf32>)
    scf.yield
  } else {
    func.call @priv2() : () -> ()
    scf.yield
  }
  return
}

func.func private @priv2() {
  %v47 = memref.alloc() : memref<16xf32>
  %c48 = arith.constant 9.0 : f32
  linalg.fill ins(%c48 : f32) outs(%v47 : memref<16xf32>)
  return
}

