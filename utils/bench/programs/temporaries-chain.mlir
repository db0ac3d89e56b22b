// bench: memref
// A straight-line chain of twelve 64x64 f32 temporaries (16 KiB each) in
// one function, each computed from the previous one or two, as a
// layer-by-layer lowering leaves them; the function is called 500 times.

func.func @stage(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %x = memref.load %a[%i, %j] : memref<64x64xf32>
      %y = memref.load %b[%j, %i] : memref<64x64xf32>
      %p = arith.mulf %y, %k : f32
      %v = arith.addf %x, %p : f32
      memref.store %v, %out[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

func.func @chain(%in: memref<64x64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %k1 = arith.constant 0.5 : f32
  %k2 = arith.constant -0.25 : f32
  %t1 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%in, %in, %t1, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t2 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t1, %in, %t2, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t3 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t2, %t1, %t3, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t4 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t3, %t2, %t4, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t5 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t4, %t3, %t5, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t6 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t5, %t4, %t6, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t7 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t6, %t5, %t7, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t8 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t7, %t6, %t8, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t9 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t8, %t7, %t9, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t10 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t9, %t8, %t10, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t11 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t10, %t9, %t11, %k1) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %t12 = memref.alloc() : memref<64x64xf32>
  func.call @stage(%t11, %t10, %t12, %k2) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, f32) -> ()
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%a = %acc) -> f32 {
      %v = memref.load %t12[%i, %j] : memref<64x64xf32>
      %w = arith.addf %a, %v : f32
      scf.yield %w : f32
    }
    scf.yield %r : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %n = arith.constant 64 : index
  %calls = arith.constant 500 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<64x64xf32>
  %total = scf.for %t = %c0 to %calls step %c1 iter_args(%acc = %zero) -> f32 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %p = arith.muli %i, %j : index
        %s = arith.addi %p, %t : index
        %r = arith.remui %s, %c17 : index
        %ri = arith.index_cast %r : index to i32
        %f = arith.sitofp %ri : i32 to f32
        memref.store %f, %in[%i, %j] : memref<64x64xf32>
      }
    }
    %s = func.call @chain(%in) : (memref<64x64xf32>) -> f32
    %a = arith.addf %acc, %s : f32
    scf.yield %a : f32
  }
  vector.print str "checksum: "
  vector.print %total : f32
  return
}
