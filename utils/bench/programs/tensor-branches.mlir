// bench: tensor
// A tensor loop of 200 steps over a 64x1024 state whose body picks one of
// two computations with `scf.if` on tensors, each with its own temporary,
// as a data-dependent model would.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c200 = arith.constant 200 : index
  %c7 = arith.constant 7 : index
  %k = arith.constant 0.75 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<64x1024xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<64x1024xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %m = arith.remui %s, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    linalg.yield %mf : f32
  } -> tensor<64x1024xf32>
  %r = scf.for %t = %c0 to %c200 step %c1 iter_args(%st = %x) -> tensor<64x1024xf32> {
    %m = arith.remui %t, %c3 : index
    %first = arith.cmpi eq, %m, %c0 : index
    %next = scf.if %first -> tensor<64x1024xf32> {
      %e1 = tensor.empty() : tensor<64x1024xf32>
      %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%st : tensor<64x1024xf32>) outs(%e1 : tensor<64x1024xf32>) {
      ^bb0(%in: f32, %o: f32):
        %v = arith.mulf %in, %k : f32
        linalg.yield %v : f32
      } -> tensor<64x1024xf32>
      %e2 = tensor.empty() : tensor<64x1024xf32>
      %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a, %st : tensor<64x1024xf32>, tensor<64x1024xf32>) outs(%e2 : tensor<64x1024xf32>) {
      ^bb0(%p: f32, %q: f32, %o: f32):
        %v = arith.addf %p, %q : f32
        %w = arith.mulf %v, %k : f32
        linalg.yield %w : f32
      } -> tensor<64x1024xf32>
      scf.yield %b : tensor<64x1024xf32>
    } else {
      %e3 = tensor.empty() : tensor<64x1024xf32>
      %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%st : tensor<64x1024xf32>) outs(%e3 : tensor<64x1024xf32>) {
      ^bb0(%in: f32, %o: f32):
        %v = arith.addf %in, %one : f32
        linalg.yield %v : f32
      } -> tensor<64x1024xf32>
      scf.yield %c : tensor<64x1024xf32>
    }
    scf.yield %next : tensor<64x1024xf32>
  }
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%r : tensor<64x1024xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
