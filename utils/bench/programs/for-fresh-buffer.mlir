// bench: memref
// A time-stepping loop that computes each step's state into a fresh buffer
// and yields it: 1D heat diffusion over 65536 points, 400 steps. Written
// the way a tensor program's `scf.for` with a `tensor.empty` in its body
// bufferizes.

func.func @init(%m: memref<65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 65536 : index
  %c101 = arith.constant 101 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c101 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %m[%i] : memref<65536xf32>
  }
  return
}

// out[i] = in[i] + 0.25 * (in[i-1] - 2 in[i] + in[i+1]), fixed ends.
func.func @step(%in: memref<65536xf32>) -> memref<65536xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = arith.constant 65535 : index
  %k = arith.constant 0.25 : f32
  %two = arith.constant 2.0 : f32
  %out = memref.alloc() : memref<65536xf32>
  %a = memref.load %in[%c0] : memref<65536xf32>
  memref.store %a, %out[%c0] : memref<65536xf32>
  %b = memref.load %in[%last] : memref<65536xf32>
  memref.store %b, %out[%last] : memref<65536xf32>
  scf.for %i = %c1 to %last step %c1 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %in[%im] : memref<65536xf32>
    %m = memref.load %in[%i] : memref<65536xf32>
    %r = memref.load %in[%ip] : memref<65536xf32>
    %m2 = arith.mulf %m, %two : f32
    %s = arith.addf %l, %r : f32
    %d = arith.subf %s, %m2 : f32
    %kd = arith.mulf %d, %k : f32
    %v = arith.addf %m, %kd : f32
    memref.store %v, %out[%i] : memref<65536xf32>
  }
  return %out : memref<65536xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 400 : index
  %n = arith.constant 65536 : index
  %x = memref.alloc() : memref<65536xf32>
  func.call @init(%x) : (memref<65536xf32>) -> ()
  %y = scf.for %t = %c0 to %steps step %c1 iter_args(%cur = %x) -> memref<65536xf32> {
    %next = memref.alloc() : memref<65536xf32>
    %c1_ = arith.constant 1 : index
    %last = arith.constant 65535 : index
    %k = arith.constant 0.25 : f32
    %two = arith.constant 2.0 : f32
    %a = memref.load %cur[%c0] : memref<65536xf32>
    memref.store %a, %next[%c0] : memref<65536xf32>
    %b = memref.load %cur[%last] : memref<65536xf32>
    memref.store %b, %next[%last] : memref<65536xf32>
    scf.for %i = %c1_ to %last step %c1_ {
      %im = arith.subi %i, %c1_ : index
      %ip = arith.addi %i, %c1_ : index
      %l = memref.load %cur[%im] : memref<65536xf32>
      %m = memref.load %cur[%i] : memref<65536xf32>
      %r = memref.load %cur[%ip] : memref<65536xf32>
      %m2 = arith.mulf %m, %two : f32
      %s = arith.addf %l, %r : f32
      %d = arith.subf %s, %m2 : f32
      %kd = arith.mulf %d, %k : f32
      %v = arith.addf %m, %kd : f32
      memref.store %v, %next[%i] : memref<65536xf32>
    }
    scf.yield %next : memref<65536xf32>
  }
  // A last step through a function that returns a fresh buffer.
  %z = func.call @step(%y) : (memref<65536xf32>) -> memref<65536xf32>
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %z[%i] : memref<65536xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
