// A chain of temporaries of different sizes, as an elementwise + reduction
// block produces after bufferization.
func.func @block(%in: memref<64x64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %t0 = memref.alloc() : memref<64x64xf32>
  memref.copy %in, %t0 : memref<64x64xf32> to memref<64x64xf32>
  %t1 = memref.alloc() : memref<64x128xf32>
  %t2 = memref.alloc() : memref<64x64xf32>
  memref.copy %t0, %t2 : memref<64x64xf32> to memref<64x64xf32>
  %s1 = memref.subview %t1[0, 0] [64, 64] [1, 1] : memref<64x128xf32> to memref<64x64xf32, strided<[128, 1]>>
  memref.copy %t2, %s1 : memref<64x64xf32> to memref<64x64xf32, strided<[128, 1]>>
  %t3 = memref.alloc() : memref<32x64xf32>
  %s3 = memref.subview %t1[0, 0] [32, 64] [1, 1] : memref<64x128xf32> to memref<32x64xf32, strided<[128, 1]>>
  memref.copy %s3, %t3 : memref<32x64xf32, strided<[128, 1]>> to memref<32x64xf32>
  %t4 = memref.alloc() : memref<64x32xf32>
  %t5 = memref.alloc() : memref<64x96xf32>
  %s5 = memref.subview %t5[0, 0] [64, 32] [1, 1] : memref<64x96xf32> to memref<64x32xf32, strided<[96, 1]>>
  memref.copy %t4, %s5 : memref<64x32xf32> to memref<64x32xf32, strided<[96, 1]>>
  %t6 = memref.alloc() : memref<64xf32>
  %s6 = memref.subview %t5[0, 0] [1, 64] [1, 1] : memref<64x96xf32> to memref<64xf32, strided<[1]>>
  memref.copy %s6, %t6 : memref<64xf32, strided<[1]>> to memref<64xf32>
  %v = memref.load %t3[%c0, %c0] : memref<32x64xf32>
  memref.copy %t6, %out : memref<64xf32> to memref<64xf32>
  return
}
