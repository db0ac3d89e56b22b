// bench: memref
// Row-wise softmax of a 512x1024 matrix where each row goes through two
// temporaries allocated inside the loop body (the exponentials and the
// normalised row) before it is written back: allocations an optimiser
// should lift out of the loop.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 512 : index
  %cols = arith.constant 1024 : index
  %c31 = arith.constant 31 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %ninf = arith.constant -1.0e30 : f32
  %m = memref.alloc() : memref<512x1024xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %p = arith.muli %i, %j : index
      %s = arith.addi %p, %j : index
      %r = arith.remui %s, %c31 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %v = arith.mulf %f, %scale : f32
      memref.store %v, %m[%i, %j] : memref<512x1024xf32>
    }
  }
  scf.for %i = %c0 to %rows step %c1 {
    %ex = memref.alloc() : memref<1024xf32>
    %norm = memref.alloc() : memref<1024xf32>
    %mx = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %ninf) -> f32 {
      %v = memref.load %m[%i, %j] : memref<512x1024xf32>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    %total = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %m[%i, %j] : memref<512x1024xf32>
      %d = arith.subf %v, %mx : f32
      %e = math.exp %d : f32
      memref.store %e, %ex[%j] : memref<1024xf32>
      %s = arith.addf %acc, %e : f32
      scf.yield %s : f32
    }
    scf.for %j = %c0 to %cols step %c1 {
      %e = memref.load %ex[%j] : memref<1024xf32>
      %v = arith.divf %e, %total : f32
      memref.store %v, %norm[%j] : memref<1024xf32>
    }
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %norm[%j] : memref<1024xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %m[%i, %j] : memref<512x1024xf32>
    }
  }
  %sum = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %zero) -> f32 {
    %rs = scf.for %j = %c0 to %cols step %c1 iter_args(%a2 = %acc) -> f32 {
      %v = memref.load %m[%i, %j] : memref<512x1024xf32>
      %s = arith.addf %a2, %v : f32
      scf.yield %s : f32
    }
    scf.yield %rs : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
