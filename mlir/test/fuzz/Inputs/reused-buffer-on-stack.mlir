// Finding: peak-increase under default (seed 64686): peak 64 bytes, 0 without reuse-freed-buffers
// reuse-freed-buffers hands %v1 over to %v3 through a reinterpret_cast and
// frees the view; stack promotion has to see the allocation behind it.
func.func @main() {
  %v1 = memref.alloc() : memref<4x4xf32>
  %c2 = arith.constant 3.0 : f32
  linalg.fill ins(%c2 : f32) outs(%v1 : memref<4x4xf32>)
  %v3 = memref.alloc() : memref<16xf32>
  %c4 = arith.constant 7.0 : f32
  linalg.fill ins(%c4 : f32) outs(%v3 : memref<16xf32>)
  return
}
