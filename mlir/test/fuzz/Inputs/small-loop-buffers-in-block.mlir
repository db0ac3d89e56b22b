// Finding: peak-increase under merge:default (seed 344123): peak 216 bytes, 124 without merge-alloc
// An scf.while in a block of a cf branch allocates two small buffers of the
// types of two the block frees before the loop. Apart, the loop's buffers
// take their stack slots; merged, they took a slot of their own, as
// merge-alloc did not expect the stack promotion to take buffers under a
// function of several blocks.
func.func @main() {
  %v1 = memref.alloc() : memref<4xf64>
  %nine = arith.constant 9.0 : f64
  linalg.fill ins(%nine : f64) outs(%v1 : memref<4xf64>)
  %c0 = arith.constant 0 : index
  %x = memref.load %v1[%c0] : memref<4xf64>
  %five = arith.constant 5.0 : f64
  %cond = arith.cmpf ogt, %x, %five : f64
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %c7 = arith.constant 7 : index
  %a = memref.alloc(%c7) : memref<?xf32>
  %three = arith.constant 3.0 : f32
  linalg.fill ins(%three : f32) outs(%a : memref<?xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%three : f32) outs(%b : memref<16xf32>)
  func.call @sum(%a, %b) : (memref<?xf32>, memref<16xf32>) -> ()
  %c3 = arith.constant 3 : index
  %r = scf.while (%i = %c0) : (index) -> (index) {
    %more = arith.cmpi slt, %i, %c3 : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %c = memref.alloc(%c7) : memref<?xf32>
    %jf = arith.index_cast %j : index to i32
    %f = arith.sitofp %jf : i32 to f32
    linalg.fill ins(%f : f32) outs(%c : memref<?xf32>)
    %d = memref.alloc() : memref<16xf32>
    linalg.fill ins(%f : f32) outs(%d : memref<16xf32>)
    func.call @sum(%c, %d) : (memref<?xf32>, memref<16xf32>) -> ()
    %c1 = arith.constant 1 : index
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  cf.br ^bb2
^bb2:
  return
}

func.func @sum(%arg0: memref<?xf32>, %arg1: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %arg0[%c0] : memref<?xf32>
  %y = memref.load %arg1[%c0] : memref<16xf32>
  %s = arith.addf %x, %y : f32
  vector.print %s : f32
  return
}
