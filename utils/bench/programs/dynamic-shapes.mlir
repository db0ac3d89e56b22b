// bench: memref
// Prefix sums of a triangle of dynamically sized rows: row r has 64 + 37 r
// mod 4096 elements, computed into a temporary of that size, scanned into
// a second one and reduced. 1000 rows.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %c29 = arith.constant 29 : index
  %rows = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  %tiny = arith.constant 1.0e-3 : f64
  %total = scf.for %r = %c0 to %rows step %c1 iter_args(%acc = %zero) -> f64 {
    %p = arith.muli %r, %c37 : index
    %q = arith.remui %p, %c4096 : index
    %len = arith.addi %q, %c64 : index
    %row = memref.alloc(%len) : memref<?xf64>
    %scan = memref.alloc(%len) : memref<?xf64>
    scf.for %i = %c0 to %len step %c1 {
      %s = arith.addi %i, %r : index
      %m = arith.remui %s, %c29 : index
      %mi = arith.index_cast %m : index to i64
      %f = arith.sitofp %mi : i64 to f64
      memref.store %f, %row[%i] : memref<?xf64>
    }
    %last = scf.for %i = %c0 to %len step %c1 iter_args(%run = %zero) -> f64 {
      %v = memref.load %row[%i] : memref<?xf64>
      %n = arith.addf %run, %v : f64
      memref.store %n, %scan[%i] : memref<?xf64>
      scf.yield %n : f64
    }
    %rs = scf.for %i = %c0 to %len step %c1 iter_args(%a = %zero) -> f64 {
      %v = memref.load %scan[%i] : memref<?xf64>
      %w = arith.mulf %v, %tiny : f64
      %n = arith.addf %a, %w : f64
      scf.yield %n : f64
    }
    %s1 = arith.addf %acc, %rs : f64
    %s2 = arith.addf %s1, %last : f64
    scf.yield %s2 : f64
  }
  vector.print str "checksum: "
  vector.print %total : f64
  return
}
