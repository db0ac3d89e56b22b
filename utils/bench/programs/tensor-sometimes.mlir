// bench: tensor
// A tensor time-stepping loop whose steps only sometimes update the state:
// every fourth of 400 steps relaxes a 128x128 state into a new tensor with
// `scf.if`, the others keep it, as a model with a data-dependent schedule
// lowers. The loop lives in a function that returns the state; the caller
// reduces it.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func private @simulate(%steps: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c13 = arith.constant 13 : index
  %k = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<128x128xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.muli %i, %j : index
    %m = arith.remui %s, %c13 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    linalg.yield %mf : f32
  } -> tensor<128x128xf32>
  %r = scf.for %t = %c0 to %steps step %c1 iter_args(%st = %x) -> tensor<128x128xf32> {
    %m = arith.remui %t, %c4 : index
    %now = arith.cmpi eq, %m, %c0 : index
    %next = scf.if %now -> tensor<128x128xf32> {
      %e1 = tensor.empty() : tensor<128x128xf32>
      %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%st : tensor<128x128xf32>) outs(%e1 : tensor<128x128xf32>) {
      ^bb0(%in: f32, %o: f32):
        %h = arith.mulf %in, %k : f32
        %w = arith.addf %h, %k : f32
        linalg.yield %w : f32
      } -> tensor<128x128xf32>
      scf.yield %a : tensor<128x128xf32>
    } else {
      scf.yield %st : tensor<128x128xf32>
    }
    scf.yield %next : tensor<128x128xf32>
  }
  return %r : tensor<128x128xf32>
}

func.func @main() {
  %steps = arith.constant 400 : index
  %r = func.call @simulate(%steps) : (index) -> tensor<128x128xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%r : tensor<128x128xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
