// bench: memref
// A growable vector built with `memref.realloc`: 200 rounds each append a
// variable number of elements, doubling the capacity when full, and keep
// a running checksum; the vector is consumed and rebuilt every 20 rounds.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %c97 = arith.constant 97 : index
  %c300 = arith.constant 300 : index
  %rounds = arith.constant 200 : index
  %zero = arith.constant 0 : i64
  %init = memref.alloc(%c16) : memref<?xi64>
  %res:4 = scf.for %r = %c0 to %rounds step %c1
      iter_args(%buf = %init, %len = %c0, %cap = %c16, %sum = %zero)
      -> (memref<?xi64>, index, index, i64) {
    %m = arith.muli %r, %c97 : index
    %k = arith.remui %m, %c300 : index
    %grown:3 = scf.for %i = %c0 to %k step %c1 iter_args(%b = %buf, %l = %len, %c = %cap)
        -> (memref<?xi64>, index, index) {
      %full = arith.cmpi eq, %l, %c : index
      %nb:2 = scf.if %full -> (memref<?xi64>, index) {
        %nc = arith.muli %c, %c2 : index
        %bigger = memref.realloc %b(%nc) : memref<?xi64> to memref<?xi64>
        scf.yield %bigger, %nc : memref<?xi64>, index
      } else {
        scf.yield %b, %c : memref<?xi64>, index
      }
      %v = arith.addi %i, %r : index
      %vi = arith.index_cast %v : index to i64
      memref.store %vi, %nb#0[%l] : memref<?xi64>
      %l1 = arith.addi %l, %c1 : index
      scf.yield %nb#0, %l1, %nb#1 : memref<?xi64>, index, index
    }
    %rr = arith.remui %r, %c20 : index
    %flush = arith.cmpi eq, %rr, %c0 : index
    %out:4 = scf.if %flush -> (memref<?xi64>, index, index, i64) {
      %s = scf.for %i = %c0 to %grown#1 step %c1 iter_args(%a = %sum) -> i64 {
        %v = memref.load %grown#0[%i] : memref<?xi64>
        %n = arith.addi %a, %v : i64
        scf.yield %n : i64
      }
      %fresh = memref.alloc(%c16) : memref<?xi64>
      scf.yield %fresh, %c0, %c16, %s : memref<?xi64>, index, index, i64
    } else {
      scf.yield %grown#0, %grown#1, %grown#2, %sum : memref<?xi64>, index, index, i64
    }
    scf.yield %out#0, %out#1, %out#2, %out#3 : memref<?xi64>, index, index, i64
  }
  %final = scf.for %i = %c0 to %res#1 step %c1 iter_args(%a = %res#3) -> i64 {
    %v = memref.load %res#0[%i] : memref<?xi64>
    %n = arith.addi %a, %v : i64
    scf.yield %n : i64
  }
  vector.print str "checksum: "
  vector.print %final : i64
  return
}
