// bench: tensor
// A chain of eight elementwise ops on 1M-element f32 tensors (4 MiB each),
// as a fused-nothing lowering of a normalisation and activation would give.
// Every intermediate is dead after the next op.

#id = affine_map<(d0) -> (d0)>

func.func @chain(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 0.5 : f32
  %c3 = arith.constant 3.0 : f32
  %e0 = tensor.empty() : tensor<1048576xf32>
  %t0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<1048576xf32>) outs(%e0 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %c2 : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e1 = tensor.empty() : tensor<1048576xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t0 : tensor<1048576xf32>) outs(%e1 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %c1 : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e2 = tensor.empty() : tensor<1048576xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t1, %x : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e2 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.mulf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e3 = tensor.empty() : tensor<1048576xf32>
  %t3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t2 : tensor<1048576xf32>) outs(%e3 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.maximumf %a, %c0 : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e4 = tensor.empty() : tensor<1048576xf32>
  %t4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t3, %t1 : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e4 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.subf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e5 = tensor.empty() : tensor<1048576xf32>
  %t5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t4 : tensor<1048576xf32>) outs(%e5 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.minimumf %a, %c3 : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e6 = tensor.empty() : tensor<1048576xf32>
  %t6 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t5 : tensor<1048576xf32>) outs(%e6 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %a : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %e7 = tensor.empty() : tensor<1048576xf32>
  %t7 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t6, %t0 : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e7 : tensor<1048576xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.addf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  return %t7 : tensor<1048576xf32>
}

func.func @main() {
  %c97 = arith.constant 97 : index
  %c48 = arith.constant 48.0 : f32
  %e = tensor.empty() : tensor<1048576xf32>
  // x[i] = (i mod 97) / 48 - 1.
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<1048576xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %m = arith.remui %i, %c97 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %d = arith.divf %mf, %c48 : f32
    %one = arith.constant 1.0 : f32
    %v = arith.subf %d, %one : f32
    linalg.yield %v : f32
  } -> tensor<1048576xf32>
  %y = func.call @chain(%x) : (tensor<1048576xf32>) -> tensor<1048576xf32>
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%ea : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%y : tensor<1048576xf32>) outs(%acc : tensor<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
