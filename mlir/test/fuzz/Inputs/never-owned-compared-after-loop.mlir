// Finding: peak-increase under merge-lift (seed 62869): peak 128 bytes, 96 without merge-alloc
// An scf.while carries a state that starts in a stack buffer, after a cf
// diamond whose join selects the stack buffer's ownership (false on both
// paths). Once the second diamond was lifted to an scf.if, the dealloc after
// it compared the loop's result with the stack buffer, which is never owned,
// and that unused comparison held the result's free after the scf.if, over
// the buffer the scf.if allocates.
func.func @main() {
  %v1 = memref.alloc() : memref<8xf32>
  %c2 = arith.constant 9.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<8xf32>)
  %c48 = arith.constant 0 : index
  %c49 = arith.constant 1 : index
  %c50 = arith.constant 1 : index
  scf.for %i3 = %c48 to %c50 step %c49 {
    %v51 = memref.alloca() : memref<4xf64>
    %c52 = arith.constant 0.0 : f64
    linalg.fill ins(%c52 : f64) outs(%v51 : memref<4xf64>)
    scf.execute_region {
      %c66 = arith.constant 0 : index
      %v67 = memref.load %v1[%c66] : memref<8xf32>
      %c68 = arith.constant 2.0 : f32
      %v69 = arith.cmpf ogt, %v67, %c68 : f32
      cf.cond_br %v69, ^bb63, ^bb64
    ^bb63:
      cf.br ^bb65
    ^bb64:
      %v70 = memref.alloc() : memref<8xf32>
      linalg.map { arith.addf } ins(%v1, %v1 : memref<8xf32>, memref<8xf32>) outs(%v70 : memref<8xf32>)
      cf.br ^bb65
    ^bb65:
      scf.yield
    }
    %c79 = arith.constant 1 : index
    %c80 = arith.constant 0 : index
    %r83:2 = scf.while (%i81 = %c80, %b82 = %v51) : (index, memref<4xf64>) -> (index, memref<4xf64>) {
      %v84 = arith.cmpi slt, %i81, %c79 : index
      scf.condition(%v84) %i81, %b82 : index, memref<4xf64>
    } do {
  ^bb0(%j71: index, %d85: memref<4xf64>):
      %v86 = memref.alloc() : memref<4xf64>
      %c87 = arith.constant 7.0 : f64
      linalg.fill ins(%c87 : f64) outs(%v86 : memref<4xf64>)
      %c88 = arith.constant 2 : index
      %v89 = memref.load %d85[%c88] : memref<4xf64>
      %c90 = arith.constant 2.0 : f64
      %v91 = arith.addf %v89, %c90 : f64
      %c92 = arith.constant 1 : index
      memref.store %v91, %v86[%c92] : memref<4xf64>
      %c93 = arith.constant 1 : index
      %v94 = arith.addi %j71, %c93 : index
      scf.yield %v94, %v86 : index, memref<4xf64>
    }
    scf.yield
  }
  %c105 = arith.constant 0 : index
  %v106 = memref.load %v1[%c105] : memref<8xf32>
  %c107 = arith.constant 0.0 : f32
  %v108 = arith.cmpf ogt, %v106, %c107 : f32
  cf.cond_br %v108, ^bb102, ^bb103
^bb102:
  %v109 = memref.alloc() : memref<8xf32>
  %c110 = arith.constant 4.0 : f32
  linalg.fill ins(%c110 : f32) outs(%v109 : memref<8xf32>)
  %c111 = arith.constant 0 : index
  %v112 = memref.load %v1[%c111] : memref<8xf32>
  %c113 = arith.constant 2.0 : f32
  %v114 = arith.addf %v112, %c113 : f32
  %c115 = arith.constant 3 : index
  memref.store %v114, %v109[%c115] : memref<8xf32>
  cf.br ^bb104
^bb103:
  cf.br ^bb104
^bb104:
  return
}

