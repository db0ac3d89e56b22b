// bench: tensor
// A two-layer perceptron whose batch size is only known at run time
// (tensor<?x512xf32>, 300 rows here), as a JIT compiles it once for every
// batch: matmul, bias and GELU-like activation, matmul, row softmax.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @mlp(%x: tensor<?x512xf32>, %w1: tensor<512x512xf32>, %w2: tensor<512x128xf32>)
    -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -1.0e30 : f32
  %k = arith.constant 0.044715 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %b = tensor.dim %x, %c0 : tensor<?x512xf32>
  %e1 = tensor.empty(%b) : tensor<?x512xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?x512xf32>) -> tensor<?x512xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<?x512xf32>, tensor<512x512xf32>)
                     outs(%z1 : tensor<?x512xf32>) -> tensor<?x512xf32>
  %e2 = tensor.empty(%b) : tensor<?x512xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<?x512xf32>) outs(%e2 : tensor<?x512xf32>) {
  ^bb0(%in: f32, %o: f32):
    %c = arith.mulf %in, %in : f32
    %c3 = arith.mulf %c, %in : f32
    %t = arith.mulf %c3, %k : f32
    %u = arith.addf %in, %t : f32
    %th = math.tanh %u : f32
    %p = arith.addf %th, %one : f32
    %q = arith.mulf %p, %half : f32
    %r = arith.mulf %q, %in : f32
    linalg.yield %r : f32
  } -> tensor<?x512xf32>
  %e3 = tensor.empty(%b) : tensor<?x128xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x128xf32>) -> tensor<?x128xf32>
  %l = linalg.matmul ins(%a, %w2 : tensor<?x512xf32>, tensor<512x128xf32>)
                     outs(%z3 : tensor<?x128xf32>) -> tensor<?x128xf32>
  %em = tensor.empty(%b) : tensor<?xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %mx = linalg.reduce ins(%l : tensor<?x128xf32>) outs(%m0 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %ee = tensor.empty(%b) : tensor<?x128xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%l, %mx : tensor<?x128xf32>, tensor<?xf32>) outs(%ee : tensor<?x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %d = arith.subf %p, %q : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x128xf32>
  %ed = tensor.empty(%b) : tensor<?xf32>
  %d0 = linalg.fill ins(%zero : f32) outs(%ed : tensor<?xf32>) -> tensor<?xf32>
  %den = linalg.reduce ins(%ex : tensor<?x128xf32>) outs(%d0 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %es = tensor.empty(%b) : tensor<?x128xf32>
  %sm = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %den : tensor<?x128xf32>, tensor<?xf32>) outs(%es : tensor<?x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.divf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<?x128xf32>
  return %sm : tensor<?x128xf32>
}

func.func @main() {
  %c300 = arith.constant 300 : index
  %c17 = arith.constant 17 : index
  %scale = arith.constant 0.0078125 : f32
  %ex = tensor.empty(%c300) : tensor<?x512xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ex : tensor<?x512xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %m = arith.remui %s, %c17 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    linalg.yield %v : f32
  } -> tensor<?x512xf32>
  %e1 = tensor.empty() : tensor<512x512xf32>
  %w1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e1 : tensor<512x512xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %i, %c17 : index
    %s = arith.addi %p, %j : index
    %m = arith.remui %s, %c17 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    linalg.yield %v : f32
  } -> tensor<512x512xf32>
  %e2 = tensor.empty() : tensor<512x128xf32>
  %w2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e2 : tensor<512x128xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %j, %c17 : index
    %s = arith.addi %p, %i : index
    %m = arith.remui %s, %c17 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    linalg.yield %v : f32
  } -> tensor<512x128xf32>
  %y = func.call @mlp(%x, %w1, %w2)
      : (tensor<?x512xf32>, tensor<512x512xf32>, tensor<512x128xf32>) -> tensor<?x128xf32>
  // Checksum: sum over rows of (column index x probability).
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>],
                         iterator_types = ["reduction", "reduction"]}
      ins(%y : tensor<?x128xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%in: f32, %o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
