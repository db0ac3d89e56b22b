// bench: memref
// A private kernel with three static 2 KiB temporaries (512 x f32), two of
// them alive at once, that writes its result into an argument; the main
// loop calls it 400 times, feeding each call's output into the next, as a
// front end that passes destinations emits a step function.

func.func private @kernel(%x: memref<512xf32>, %out: memref<512xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c511 = arith.constant 511 : index
  %n = arith.constant 512 : index
  %small = arith.constant 0.001 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<512xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %a[%i] : memref<512xf32>
  }
  %b = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.subi %c511, %i : index
    %v = memref.load %a[%j] : memref<512xf32>
    %u = memref.load %x[%i] : memref<512xf32>
    %w = arith.subf %v, %u : f32
    memref.store %w, %b[%i] : memref<512xf32>
  }
  %c = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<512xf32>
    %u = memref.load %b[%i] : memref<512xf32>
    %w = arith.mulf %v, %u : f32
    memref.store %w, %c[%i] : memref<512xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %c[%i] : memref<512xf32>
    %u = memref.load %x[%i] : memref<512xf32>
    %p = arith.mulf %v, %small : f32
    %q = arith.mulf %u, %half : f32
    %s = arith.addf %p, %q : f32
    %t = arith.addf %s, %one : f32
    memref.store %t, %out[%i] : memref<512xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %n = arith.constant 512 : index
  %steps = arith.constant 200 : index
  %zero = arith.constant 0.0 : f32
  %k1 = arith.constant 1.5 : f32
  %k2 = arith.constant -0.75 : f32
  %x = memref.alloc() : memref<512xf32>
  %y = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c13 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<512xf32>
  }
  scf.for %t = %c0 to %steps step %c1 {
    func.call @kernel(%x, %y, %k1) : (memref<512xf32>, memref<512xf32>, f32) -> ()
    func.call @kernel(%y, %x, %k2) : (memref<512xf32>, memref<512xf32>, f32) -> ()
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<512xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
