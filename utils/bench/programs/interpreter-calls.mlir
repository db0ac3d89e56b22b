// bench: memref
// A bytecode interpreter as a JIT's front end emits it: `@run` steps a
// 2048-element state through 2000 opcodes with `scf.index_switch`, where
// opcodes scale or shift the state into a fresh buffer, mix it with a
// scratch row, or leave it alone, and returns the final state. `@main` runs
// two programs, passes the first result on to a function that reduces it,
// and keeps the second until it has printed both checksums.

func.func private @checksum(%m: memref<2048xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2048 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %m[%i] : memref<2048xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

func.func private @run(%steps: index, %seed: index) -> memref<2048xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c11 = arith.constant 11 : index
  %n = arith.constant 2048 : index
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %one = arith.constant 1.0 : f32
  %state = memref.alloc() : memref<2048xf32>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.addi %i, %seed : index
    %r = arith.remui %k, %c11 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %state[%i] : memref<2048xf32>
  }
  %final = scf.for %t = %c0 to %steps step %c1 iter_args(%st = %state) -> memref<2048xf32> {
    %pc = arith.muli %t, %c11 : index
    %pcs = arith.addi %pc, %seed : index
    %op = arith.remui %pcs, %c5 : index
    %next = scf.index_switch %op -> memref<2048xf32>
    case 0 {
      %o = memref.alloc() : memref<2048xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<2048xf32>
        %w = arith.mulf %v, %half : f32
        memref.store %w, %o[%i] : memref<2048xf32>
      }
      scf.yield %o : memref<2048xf32>
    }
    case 1 {
      %o = memref.alloc() : memref<2048xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<2048xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %o[%i] : memref<2048xf32>
      }
      scf.yield %o : memref<2048xf32>
    }
    case 2 {
      %row = memref.alloc() : memref<4096xf32>
      %tail = memref.subview %row[2048] [2048] [1]
          : memref<4096xf32> to memref<2048xf32, strided<[1], offset: 2048>>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<2048xf32>
        %w = arith.mulf %v, %quarter : f32
        memref.store %w, %tail[%i] : memref<2048xf32, strided<[1], offset: 2048>>
      }
      %o = memref.alloc() : memref<2048xf32>
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %st[%i] : memref<2048xf32>
        %w = memref.load %tail[%i] : memref<2048xf32, strided<[1], offset: 2048>>
        %x = arith.addf %v, %w : f32
        memref.store %x, %o[%i] : memref<2048xf32>
      }
      scf.yield %o : memref<2048xf32>
    }
    default {
      scf.yield %st : memref<2048xf32>
    }
    scf.yield %next : memref<2048xf32>
  }
  return %final : memref<2048xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %steps = arith.constant 2000 : index
  %a = func.call @run(%steps, %c3) : (index, index) -> memref<2048xf32>
  %b = func.call @run(%steps, %c7) : (index, index) -> memref<2048xf32>
  %sa = func.call @checksum(%a) : (memref<2048xf32>) -> f32
  %sb = func.call @checksum(%b) : (memref<2048xf32>) -> f32
  %s = arith.addf %sa, %sb : f32
  vector.print str "checksum: "
  vector.print %s : f32
  return
}
