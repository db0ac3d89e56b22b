// bench: memref
// Unstructured control flow without loops: a function built from `cf`
// diamonds that pass buffers between blocks as block arguments, called
// 2000 times. Each call allocates in both arms of two diamonds and returns
// a reduction.

func.func @kernel(%seed: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 2048 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %base = memref.alloc() : memref<2048xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.addi %i, %seed : index
    %r = arith.remui %s, %c3 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %base[%i] : memref<2048xf32>
  }
  %m = arith.remui %seed, %c2 : index
  %even = arith.cmpi eq, %m, %c0 : index
  cf.cond_br %even, ^double, ^square
^double:
  %d = memref.alloc() : memref<2048xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<2048xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %d[%i] : memref<2048xf32>
  }
  cf.br ^join(%d : memref<2048xf32>)
^square:
  %q = memref.alloc() : memref<2048xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<2048xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %q[%i] : memref<2048xf32>
  }
  cf.br ^join(%q : memref<2048xf32>)
^join(%mid: memref<2048xf32>):
  %m3 = arith.remui %seed, %c3 : index
  %keep = arith.cmpi eq, %m3, %c0 : index
  cf.cond_br %keep, ^out(%mid : memref<2048xf32>), ^shift
^shift:
  %s2 = memref.alloc() : memref<2048xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %mid[%i] : memref<2048xf32>
    %b = memref.load %base[%i] : memref<2048xf32>
    %w = arith.subf %v, %b : f32
    memref.store %w, %s2[%i] : memref<2048xf32>
  }
  cf.br ^out(%s2 : memref<2048xf32>)
^out(%res: memref<2048xf32>):
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %res[%i] : memref<2048xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %sum : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %calls = arith.constant 2000 : index
  %zero = arith.constant 0.0 : f32
  %total = scf.for %k = %c0 to %calls step %c1 iter_args(%acc = %zero) -> f32 {
    %s = func.call @kernel(%k) : (index) -> f32
    %a = arith.addf %acc, %s : f32
    scf.yield %a : f32
  }
  vector.print str "checksum: "
  vector.print %total : f32
  return
}
