// bench: memref
// Per-tile processing where an `scf.if` picks one of two filters per tile;
// each branch computes into its own temporaries and yields a fresh buffer,
// which is then accumulated. 2048 tiles of 1024 elements.

func.func @blur(%t: memref<1024xf32>) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1023 = arith.constant 1023 : index
  %n = arith.constant 1024 : index
  %half = arith.constant 0.5 : f32
  %out = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ip = arith.addi %i, %c1 : index
    %wrap = arith.cmpi ult, %i, %c1023 : index
    %j = arith.select %wrap, %ip, %c0 : index
    %a = memref.load %t[%i] : memref<1024xf32>
    %b = memref.load %t[%j] : memref<1024xf32>
    %s = arith.addf %a, %b : f32
    %v = arith.mulf %s, %half : f32
    memref.store %v, %out[%i] : memref<1024xf32>
  }
  return %out : memref<1024xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c19 = arith.constant 19 : index
  %n = arith.constant 1024 : index
  %tiles = arith.constant 2048 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %total = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %zero, %total[%i] : memref<1024xf32>
  }
  scf.for %t = %c0 to %tiles step %c1 {
    %tile = memref.alloc() : memref<1024xf32>
    scf.for %i = %c0 to %n step %c1 {
      %s = arith.addi %i, %t : index
      %r = arith.remui %s, %c19 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %tile[%i] : memref<1024xf32>
    }
    %m = arith.remui %t, %c3 : index
    %odd = arith.cmpi eq, %m, %c0 : index
    %res = scf.if %odd -> memref<1024xf32> {
      %b1 = func.call @blur(%tile) : (memref<1024xf32>) -> memref<1024xf32>
      %b2 = func.call @blur(%b1) : (memref<1024xf32>) -> memref<1024xf32>
      scf.yield %b2 : memref<1024xf32>
    } else {
      %sc = memref.alloc() : memref<1024xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %tile[%i] : memref<1024xf32>
        %w = arith.mulf %v, %two : f32
        memref.store %w, %sc[%i] : memref<1024xf32>
      }
      scf.yield %sc : memref<1024xf32>
    }
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %res[%i] : memref<1024xf32>
      %o = memref.load %total[%i] : memref<1024xf32>
      %s = arith.addf %o, %v : f32
      memref.store %s, %total[%i] : memref<1024xf32>
    }
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %total[%i] : memref<1024xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
