// bench: memref
// A Jacobi iteration on a 256x256 grid that ping-pongs between two buffers
// carried by an `scf.for` and swapped every iteration, 200 iterations, with
// a per-iteration residual computed into a temporary row buffer.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %c200 = arith.constant 200 : index
  %c7 = arith.constant 7 : index
  %quarter = arith.constant 0.25 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<256x256xf32>
  %b = memref.alloc() : memref<256x256xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %s = arith.addi %i, %j : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %a[%i, %j] : memref<256x256xf32>
      memref.store %f, %b[%i, %j] : memref<256x256xf32>
    }
  }
  %res:3 = scf.for %t = %c0 to %c200 step %c1
      iter_args(%src = %a, %dst = %b, %resid = %zero)
      -> (memref<256x256xf32>, memref<256x256xf32>, f32) {
    %row = memref.alloc() : memref<256xf32>
    scf.for %i = %c1 to %c255 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %rs = scf.for %j = %c1 to %c255 step %c1 iter_args(%acc = %zero) -> f32 {
        %jm = arith.subi %j, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %n = memref.load %src[%im, %j] : memref<256x256xf32>
        %s = memref.load %src[%ip, %j] : memref<256x256xf32>
        %w = memref.load %src[%i, %jm] : memref<256x256xf32>
        %e = memref.load %src[%i, %jp] : memref<256x256xf32>
        %o = memref.load %src[%i, %j] : memref<256x256xf32>
        %ns = arith.addf %n, %s : f32
        %we = arith.addf %w, %e : f32
        %sum = arith.addf %ns, %we : f32
        %v = arith.mulf %sum, %quarter : f32
        memref.store %v, %dst[%i, %j] : memref<256x256xf32>
        %d = arith.subf %v, %o : f32
        %d2 = arith.mulf %d, %d : f32
        %acc2 = arith.addf %acc, %d2 : f32
        scf.yield %acc2 : f32
      }
      memref.store %rs, %row[%i] : memref<256xf32>
    }
    %total = scf.for %i = %c1 to %c255 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %row[%i] : memref<256xf32>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    scf.yield %dst, %src, %total : memref<256x256xf32>, memref<256x256xf32>, f32
  }
  %sum = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
    %rs = scf.for %j = %c0 to %c256 step %c1 iter_args(%acc2 = %acc) -> f32 {
      %v = memref.load %res#0[%i, %j] : memref<256x256xf32>
      %s = arith.addf %acc2, %v : f32
      scf.yield %s : f32
    }
    scf.yield %rs : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  vector.print %res#2 : f32
  return
}
