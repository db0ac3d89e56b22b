// bench: memref
// Blocked matrix multiplication (256x256x256, 32x32 blocks) that packs
// each block of A and B into temporaries allocated at the loop level that
// uses them, and accumulates every output block in a temporary before it
// is written back.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %n = arith.constant 256 : index
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f32
  %eighth = arith.constant 0.125 : f32
  %a = memref.alloc() : memref<256x256xf32>
  %b = memref.alloc() : memref<256x256xf32>
  %c = memref.alloc() : memref<256x256xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
      %ra = arith.remui %s, %c9 : index
      %p = arith.muli %i, %c9 : index
      %t = arith.addi %p, %j : index
      %rb = arith.remui %t, %c11 : index
      %ia = arith.index_cast %ra : index to i32
      %ib = arith.index_cast %rb : index to i32
      %fa = arith.sitofp %ia : i32 to f32
      %fb = arith.sitofp %ib : i32 to f32
      %va = arith.mulf %fa, %eighth : f32
      %vb = arith.mulf %fb, %eighth : f32
      memref.store %va, %a[%i, %j] : memref<256x256xf32>
      memref.store %vb, %b[%i, %j] : memref<256x256xf32>
    }
  }
  scf.for %bi = %c0 to %n step %c32 {
    scf.for %bj = %c0 to %n step %c32 {
      %acc = memref.alloc() : memref<32x32xf32>
      scf.for %i = %c0 to %c32 step %c1 {
        scf.for %j = %c0 to %c32 step %c1 {
          memref.store %zero, %acc[%i, %j] : memref<32x32xf32>
        }
      }
      scf.for %bk = %c0 to %n step %c32 {
        %pa = memref.alloc() : memref<32x32xf32>
        %pb = memref.alloc() : memref<32x32xf32>
        scf.for %i = %c0 to %c32 step %c1 {
          scf.for %j = %c0 to %c32 step %c1 {
            %gi = arith.addi %bi, %i : index
            %gk = arith.addi %bk, %j : index
            %gj = arith.addi %bj, %j : index
            %gk2 = arith.addi %bk, %i : index
            %va = memref.load %a[%gi, %gk] : memref<256x256xf32>
            %vb = memref.load %b[%gk2, %gj] : memref<256x256xf32>
            memref.store %va, %pa[%i, %j] : memref<32x32xf32>
            memref.store %vb, %pb[%i, %j] : memref<32x32xf32>
          }
        }
        scf.for %i = %c0 to %c32 step %c1 {
          scf.for %j = %c0 to %c32 step %c1 {
            %s = scf.for %k = %c0 to %c32 step %c1 iter_args(%sum = %zero) -> f32 {
              %x = memref.load %pa[%i, %k] : memref<32x32xf32>
              %y = memref.load %pb[%k, %j] : memref<32x32xf32>
              %p = arith.mulf %x, %y : f32
              %q = arith.addf %sum, %p : f32
              scf.yield %q : f32
            }
            %o = memref.load %acc[%i, %j] : memref<32x32xf32>
            %r = arith.addf %o, %s : f32
            memref.store %r, %acc[%i, %j] : memref<32x32xf32>
          }
        }
      }
      scf.for %i = %c0 to %c32 step %c1 {
        scf.for %j = %c0 to %c32 step %c1 {
          %gi = arith.addi %bi, %i : index
          %gj = arith.addi %bj, %j : index
          %v = memref.load %acc[%i, %j] : memref<32x32xf32>
          memref.store %v, %c[%gi, %gj] : memref<256x256xf32>
        }
      }
    }
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %rs = scf.for %j = %c0 to %n step %c1 iter_args(%a2 = %acc) -> f32 {
      %v = memref.load %c[%i, %j] : memref<256x256xf32>
      %s = arith.addf %a2, %v : f32
      scf.yield %s : f32
    }
    scf.yield %rs : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
