// bench: memref
// Image-like processing through views: a 4x128x128 buffer is reinterpreted,
// sliced with `memref.subview`, collapsed and expanded, cast to dynamic
// shapes and passed to a function that reads through the view. Per channel
// a temporary holds the down-sampled plane. 50 passes.

func.func @plane_sum(%p: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %h = memref.dim %p, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %w = memref.dim %p, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %s = scf.for %i = %c0 to %h step %c1 iter_args(%acc = %zero) -> f32 {
    %r = scf.for %j = %c0 to %w step %c1 iter_args(%a = %acc) -> f32 {
      %v = memref.load %p[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
      %n = arith.addf %a, %v : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c13 = arith.constant 13 : index
  %flat = arith.constant 65536 : index
  %passes = arith.constant 50 : index
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %raw = memref.alloc() : memref<65536xf32>
  scf.for %i = %c0 to %flat step %c1 {
    %r = arith.remui %i, %c13 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %raw[%i] : memref<65536xf32>
  }
  %img = memref.expand_shape %raw [[0, 1, 2]] output_shape [4, 128, 128]
      : memref<65536xf32> into memref<4x128x128xf32>
  %total = scf.for %t = %c0 to %passes step %c1 iter_args(%acc = %zero) -> f32 {
    %chan = scf.for %ch = %c0 to %c4 step %c1 iter_args(%a = %acc) -> f32 {
      %plane = memref.subview %img[%ch, 0, 0] [1, 128, 128] [1, 1, 1]
          : memref<4x128x128xf32> to memref<128x128xf32, strided<[128, 1], offset: ?>>
      %down = memref.alloc() : memref<64x64xf32>
      scf.for %i = %c0 to %c64 step %c1 {
        scf.for %j = %c0 to %c64 step %c1 {
          %i2 = arith.muli %i, %c2 : index
          %j2 = arith.muli %j, %c2 : index
          %i3 = arith.addi %i2, %c1 : index
          %j3 = arith.addi %j2, %c1 : index
          %v0 = memref.load %plane[%i2, %j2] : memref<128x128xf32, strided<[128, 1], offset: ?>>
          %v1 = memref.load %plane[%i2, %j3] : memref<128x128xf32, strided<[128, 1], offset: ?>>
          %v2 = memref.load %plane[%i3, %j2] : memref<128x128xf32, strided<[128, 1], offset: ?>>
          %v3 = memref.load %plane[%i3, %j3] : memref<128x128xf32, strided<[128, 1], offset: ?>>
          %s0 = arith.addf %v0, %v1 : f32
          %s1 = arith.addf %v2, %v3 : f32
          %s = arith.addf %s0, %s1 : f32
          %v = arith.mulf %s, %quarter : f32
          memref.store %v, %down[%i, %j] : memref<64x64xf32>
        }
      }
      // The centre 32x32 window of the down-sampled plane, through a
      // collapse, an expand, a reinterpret_cast and a cast.
      %lin = memref.collapse_shape %down [[0, 1]] : memref<64x64xf32> into memref<4096xf32>
      %sq = memref.reinterpret_cast %lin to offset: [0], sizes: [64, 64], strides: [64, 1]
          : memref<4096xf32> to memref<64x64xf32, strided<[64, 1]>>
      %win = memref.subview %sq[16, 16] [32, 32] [1, 1]
          : memref<64x64xf32, strided<[64, 1]>> to memref<32x32xf32, strided<[64, 1], offset: 1040>>
      %dyn = memref.cast %win : memref<32x32xf32, strided<[64, 1], offset: 1040>>
          to memref<?x?xf32, strided<[?, ?], offset: ?>>
      %s = func.call @plane_sum(%dyn) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> f32
      // Feed back into the image so that every pass differs.
      %tc = arith.index_cast %t : index to i32
      %tf = arith.sitofp %tc : i32 to f32
      %fb = arith.mulf %tf, %quarter : f32
      memref.store %fb, %plane[%t, %t] : memref<128x128xf32, strided<[128, 1], offset: ?>>
      %n = arith.addf %a, %s : f32
      scf.yield %n : f32
    }
    scf.yield %chan : f32
  }
  vector.print str "checksum: "
  vector.print %total : f32
  return
}
