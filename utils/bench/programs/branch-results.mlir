// bench: tensor
// A training-style step called 100 times: a scaled temporary, then an
// `scf.if` on the step number that picks one of two transposing updates,
// each of which One-Shot Bufferize gives a buffer of its own, and a squared
// error reduced to a scalar. The branch buffers are yielded as the same
// result, so merge-alloc plans them at one offset with the temporaries.

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @step(%x: tensor<256x256xf32>, %w: tensor<256xf32>, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<256x256xf32>
  %t = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %w : tensor<256x256xf32>, tensor<256xf32>) outs(%e0 : tensor<256x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.mulf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<256x256xf32>
  %m = arith.remui %k, %c2 : index
  %even = arith.cmpi eq, %m, %c0 : index
  %r = scf.if %even -> tensor<256x256xf32> {
    %e1 = tensor.empty() : tensor<256x256xf32>
    %a = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
        ins(%t : tensor<256x256xf32>) outs(%e1 : tensor<256x256xf32>) {
    ^bb0(%p: f32, %o: f32):
      %v = arith.mulf %p, %half : f32
      linalg.yield %v : f32
    } -> tensor<256x256xf32>
    scf.yield %a : tensor<256x256xf32>
  } else {
    %e2 = tensor.empty() : tensor<256x256xf32>
    %b = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
        ins(%t, %x : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e2 : tensor<256x256xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %v = arith.subf %p, %q : f32
      linalg.yield %v : f32
    } -> tensor<256x256xf32>
    scf.yield %b : tensor<256x256xf32>
  }
  %e3 = tensor.empty() : tensor<256x256xf32>
  %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r, %x : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e3 : tensor<256x256xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.subf %p, %q : f32
    %v = arith.mulf %s, %s : f32
    linalg.yield %v : f32
  } -> tensor<256x256xf32>
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%d : tensor<256x256xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %loss = tensor.extract %sum[] : tensor<f32>
  return %loss : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  // x[i][j] = ((i + j) mod 7) / 8.
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<256x256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %mo = arith.remui %s, %c7 : index
    %mi = arith.index_cast %mo : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    linalg.yield %v : f32
  } -> tensor<256x256xf32>
  %ew = tensor.empty() : tensor<256xf32>
  // w[j] = 1 - (j mod 3) / 4.
  %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%ew : tensor<256xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %c3 = arith.constant 3 : index
    %mo = arith.remui %j, %c3 : index
    %mi = arith.index_cast %mo : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %q = arith.constant 0.25 : f32
    %one = arith.constant 1.0 : f32
    %v = arith.mulf %mf, %q : f32
    %r = arith.subf %one, %v : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  %total = scf.for %k = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> f32 {
    %l = func.call @step(%x, %w, %k) : (tensor<256x256xf32>, tensor<256xf32>, index) -> f32
    %n = arith.addf %acc, %l : f32
    scf.yield %n : f32
  }
  vector.print str "checksum: "
  vector.print %total : f32
  return
}
