// bench: memref
// An interpreter-like loop: 3000 steps each dispatch on an opcode with
// `scf.index_switch` to one of four kernels over a 4096-element state.
// Two kernels return a fresh buffer, one returns the state itself (a
// no-op) and one a view of a scratch buffer.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %n = arith.constant 4096 : index
  %steps = arith.constant 3000 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c7 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %init[%i] : memref<4096xf32>
  }
  %final = scf.for %t = %c0 to %steps step %c1 iter_args(%st = %init) -> memref<4096xf32> {
    %t3 = arith.muli %t, %c7 : index
    %op = arith.remui %t3, %c4 : index
    %next = scf.index_switch %op -> memref<4096xf32>
    case 0 {
      %o = memref.alloc() : memref<4096xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<4096xf32>
        %w = arith.mulf %v, %half : f32
        memref.store %w, %o[%i] : memref<4096xf32>
      }
      scf.yield %o : memref<4096xf32>
    }
    case 1 {
      %o = memref.alloc() : memref<4096xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<4096xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %o[%i] : memref<4096xf32>
      }
      scf.yield %o : memref<4096xf32>
    }
    case 2 {
      %scratch = memref.alloc() : memref<8192xf32>
      %o = memref.subview %scratch[4096] [4096] [1]
          : memref<8192xf32> to memref<4096xf32, strided<[1], offset: 4096>>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<4096xf32>
        %w = arith.subf %v, %half : f32
        memref.store %w, %o[%i] : memref<4096xf32, strided<[1], offset: 4096>>
      }
      %c = memref.alloc() : memref<4096xf32>
      memref.copy %o, %c : memref<4096xf32, strided<[1], offset: 4096>> to memref<4096xf32>
      scf.yield %c : memref<4096xf32>
    }
    default {
      scf.yield %st : memref<4096xf32>
    }
    scf.yield %next : memref<4096xf32>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %final[%i] : memref<4096xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print str "checksum: "
  vector.print %sum : f32
  return
}
