// bench: memref
// A pipeline of functions that take buffers and return fresh ones: a
// public normalisation step and private helpers, called 200 times in a
// loop on 16384-element vectors; one helper may return its argument.

func.func private @scaled(%x: memref<16384xf32>, %k: f32) -> memref<16384xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %out = memref.alloc() : memref<16384xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<16384xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<16384xf32>
  }
  return %out : memref<16384xf32>
}

// Returns %x itself when every element is within [-8, 8], else a clamped
// copy.
func.func private @clamped(%x: memref<16384xf32>) -> memref<16384xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %lo = arith.constant -8.0 : f32
  %hi = arith.constant 8.0 : f32
  %zero = arith.constant 0.0 : f32
  %mx = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<16384xf32>
    %a = math.absf %v : f32
    %m = arith.maximumf %acc, %a : f32
    scf.yield %m : f32
  }
  %inside = arith.cmpf ole, %mx, %hi : f32
  %r = scf.if %inside -> memref<16384xf32> {
    scf.yield %x : memref<16384xf32>
  } else {
    %out = memref.alloc() : memref<16384xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<16384xf32>
      %a = arith.maximumf %v, %lo : f32
      %b = arith.minimumf %a, %hi : f32
      memref.store %b, %out[%i] : memref<16384xf32>
    }
    scf.yield %out : memref<16384xf32>
  }
  return %r : memref<16384xf32>
}

func.func @normalize(%x: memref<16384xf32>) -> memref<16384xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16384 : index
  %zero = arith.constant 0.0 : f32
  %nf = arith.constant 16384.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<16384xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  %mean = arith.divf %s, %nf : f32
  %out = memref.alloc() : memref<16384xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<16384xf32>
    %w = arith.subf %v, %mean : f32
    memref.store %w, %out[%i] : memref<16384xf32>
  }
  return %out : memref<16384xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c23 = arith.constant 23 : index
  %n = arith.constant 16384 : index
  %iters = arith.constant 200 : index
  %zero = arith.constant 0.0 : f32
  %k = arith.constant 1.75 : f32
  %x = memref.alloc() : memref<16384xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c23 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<16384xf32>
  }
  %y = scf.for %t = %c0 to %iters step %c1 iter_args(%cur = %x) -> memref<16384xf32> {
    %a = func.call @scaled(%cur, %k) : (memref<16384xf32>, f32) -> memref<16384xf32>
    %b = func.call @clamped(%a) : (memref<16384xf32>) -> memref<16384xf32>
    %c = func.call @normalize(%b) : (memref<16384xf32>) -> memref<16384xf32>
    scf.yield %c : memref<16384xf32>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %y[%i] : memref<16384xf32>
    %a = math.absf %v : f32
    %s = arith.addf %acc, %a : f32
    scf.yield %s : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
