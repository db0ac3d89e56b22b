// Finding: bad-free under merge:default (seed 56545): 1 bad frees (1 double)
// A function returns one buffer twice; a loop takes one result over while
// the other is read after it.
func.func @main() {
  %r1:2 = func.call @priv1() : () -> (memref<8xf32>, memref<8xf32>)
  %c2 = arith.constant 1.0 : f32
  linalg.fill ins(%c2 : f32) outs(%r1#0 : memref<8xf32>)
  %c11 = arith.constant 0 : index
  %c12 = arith.constant 1 : index
  %c13 = arith.constant 3 : index
  %r15 = scf.for %i3 = %c11 to %c13 step %c12 iter_args(%b14 = %r1#1) -> (memref<8xf32>) {
    %v16 = memref.alloc() : memref<8xf32>
    %c17 = arith.constant 1.0 : f32
    linalg.fill ins(%c17 : f32) outs(%v16 : memref<8xf32>)
    %c18 = arith.constant 2 : index
    %v19 = memref.load %b14[%c18] : memref<8xf32>
    %c20 = arith.constant 4.0 : f32
    %v21 = arith.addf %v19, %c20 : f32
    %c22 = arith.constant 1 : index
    memref.store %v21, %v16[%c22] : memref<8xf32>
    scf.yield %v16 : memref<8xf32>
  }
  return
}

func.func private @priv1() -> (memref<8xf32>, memref<8xf32>) {
  %v23 = memref.alloc() : memref<8xf32>
  %c24 = arith.constant 9.0 : f32
  linalg.fill ins(%c24 : f32) outs(%v23 : memref<8xf32>)
  return %v23, %v23 : memref<8xf32>, memref<8xf32>
}

