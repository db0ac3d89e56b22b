// bench: memref
// An `scf.while` that smooths a 32768-element signal into a fresh buffer
// per iteration until the change drops below a tolerance (or 300
// iterations), carrying the current buffer; a bufferized fixpoint loop.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 32768 : index
  %last = arith.constant 32767 : index
  %c13 = arith.constant 13 : index
  %limit = arith.constant 300 : index
  %zero = arith.constant 0.0 : f32
  %third = arith.constant 0.333333343 : f32
  %tol = arith.constant 1.0e-3 : f32
  %x = memref.alloc() : memref<32768xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c13 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<32768xf32>
  }
  %big = arith.constant 1.0e9 : f32
  %res:3 = scf.while (%cur = %x, %delta = %big, %k = %c0)
      : (memref<32768xf32>, f32, index) -> (memref<32768xf32>, f32, index) {
    %more = arith.cmpf ogt, %delta, %tol : f32
    %under = arith.cmpi ult, %k, %limit : index
    %go = arith.andi %more, %under : i1
    scf.condition(%go) %cur, %delta, %k : memref<32768xf32>, f32, index
  } do {
  ^bb0(%cur: memref<32768xf32>, %delta: f32, %k: index):
    %next = memref.alloc() : memref<32768xf32>
    %a = memref.load %cur[%c0] : memref<32768xf32>
    memref.store %a, %next[%c0] : memref<32768xf32>
    %b = memref.load %cur[%last] : memref<32768xf32>
    memref.store %b, %next[%last] : memref<32768xf32>
    %d = scf.for %i = %c1 to %last step %c1 iter_args(%acc = %zero) -> f32 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %cur[%im] : memref<32768xf32>
      %m = memref.load %cur[%i] : memref<32768xf32>
      %r = memref.load %cur[%ip] : memref<32768xf32>
      %s = arith.addf %l, %m : f32
      %s2 = arith.addf %s, %r : f32
      %v = arith.mulf %s2, %third : f32
      memref.store %v, %next[%i] : memref<32768xf32>
      %diff = arith.subf %v, %m : f32
      %ad = math.absf %diff : f32
      %mx = arith.maximumf %acc, %ad : f32
      scf.yield %mx : f32
    }
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %d, %k1 : memref<32768xf32>, f32, index
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %res#0[%i] : memref<32768xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %ki = arith.index_cast %res#2 : index to i64
  vector.print str "checksum: "
  vector.print %sum : f32
  vector.print %ki : i64
  return
}
