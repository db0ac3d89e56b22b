// bench: memref
// Not a valid input of the deallocation pipelines: it frees a buffer
// itself, which every configuration rejects.
func.func @main() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  vector.print %v : f32
  return
}
