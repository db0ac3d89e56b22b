// bench: memref
// A memref solver as a front end lowers it: @smooth builds its state,
// smooths it into a fresh buffer per step in an `scf.while` until the
// change drops below a tolerance (or a step limit), and returns the last
// state; @main passes each result on to @report. Called for 400, 25 and 0
// steps, the last returning the initial state itself.

func.func private @report(%m: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %m[%i] : memref<16384xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}

func.func @smooth(%limit: index) -> memref<16384xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %last = arith.constant 16383 : index
  %c17 = arith.constant 17 : index
  %half = arith.constant 0.5 : f32
  %tol = arith.constant 1.0e-4 : f32
  %big = arith.constant 1.0e9 : f32
  %x = memref.alloc() : memref<16384xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c17 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<16384xf32>
  }
  %res:3 = scf.while (%cur = %x, %delta = %big, %k = %c0)
      : (memref<16384xf32>, f32, index) -> (memref<16384xf32>, f32, index) {
    %more = arith.cmpf ogt, %delta, %tol : f32
    %under = arith.cmpi ult, %k, %limit : index
    %go = arith.andi %more, %under : i1
    scf.condition(%go) %cur, %delta, %k : memref<16384xf32>, f32, index
  } do {
  ^bb0(%cur: memref<16384xf32>, %delta: f32, %k: index):
    %next = memref.alloc() : memref<16384xf32>
    %zero = arith.constant 0.0 : f32
    // next[i] = (cur[i] + cur[min(i + 1, last)]) / 2; delta = max change.
    %d = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero) -> f32 {
      %ip = arith.addi %i, %c1 : index
      %j = arith.minui %ip, %last : index
      %a = memref.load %cur[%i] : memref<16384xf32>
      %b = memref.load %cur[%j] : memref<16384xf32>
      %s = arith.addf %a, %b : f32
      %v = arith.mulf %s, %half : f32
      memref.store %v, %next[%i] : memref<16384xf32>
      %diff = arith.subf %v, %a : f32
      %abs = math.absf %diff : f32
      %mx = arith.maximumf %m, %abs : f32
      scf.yield %mx : f32
    }
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %d, %k1 : memref<16384xf32>, f32, index
  }
  return %res#0 : memref<16384xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c25 = arith.constant 25 : index
  %c400 = arith.constant 400 : index
  %a = func.call @smooth(%c400) : (index) -> memref<16384xf32>
  func.call @report(%a) : (memref<16384xf32>) -> ()
  %b = func.call @smooth(%c25) : (index) -> memref<16384xf32>
  func.call @report(%b) : (memref<16384xf32>) -> ()
  %c = func.call @smooth(%c0) : (index) -> memref<16384xf32>
  func.call @report(%c) : (memref<16384xf32>) -> ()
  return
}
