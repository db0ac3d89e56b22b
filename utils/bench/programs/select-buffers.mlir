// bench: memref
// Keeps the better of two candidate solutions per round with
// `arith.select` between buffers: each of 300 rounds builds a candidate of
// 8192 elements and keeps it or the incumbent, whichever scores higher.

func.func @score(%b: memref<8192xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8192 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %b[%i] : memref<8192xf32>
    %w = math.sin %v : f32
    %a = arith.addf %acc, %w : f32
    scf.yield %a : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8192 : index
  %rounds = arith.constant 300 : index
  %c41 = arith.constant 41 : index
  %step = arith.constant 0.01 : f32
  %x = memref.alloc() : memref<8192xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c41 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    %v = arith.mulf %f, %step : f32
    memref.store %v, %x[%i] : memref<8192xf32>
  }
  %s0 = func.call @score(%x) : (memref<8192xf32>) -> f32
  %best:2 = scf.for %t = %c0 to %rounds step %c1 iter_args(%inc = %x, %is = %s0)
      -> (memref<8192xf32>, f32) {
    %cand = memref.alloc() : memref<8192xf32>
    %tc = arith.index_cast %t : index to i32
    %tf = arith.sitofp %tc : i32 to f32
    %shift = arith.mulf %tf, %step : f32
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %inc[%i] : memref<8192xf32>
      %m = arith.remui %i, %c41 : index
      %mc = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mc : i32 to f32
      %d = arith.mulf %mf, %shift : f32
      %w = arith.subf %v, %d : f32
      %u = arith.mulf %w, %step : f32
      %z = arith.addf %v, %u : f32
      memref.store %z, %cand[%i] : memref<8192xf32>
    }
    %cs = func.call @score(%cand) : (memref<8192xf32>) -> f32
    %better = arith.cmpf ogt, %cs, %is : f32
    %keep = arith.select %better, %cand, %inc : memref<8192xf32>
    %ks = arith.select %better, %cs, %is : f32
    scf.yield %keep, %ks : memref<8192xf32>, f32
  }
  vector.print str "checksum: "
  vector.print %best#1 : f32
  return
}
