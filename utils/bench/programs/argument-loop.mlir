// bench: tensor
// A solver step repeated in a function that takes its starting state as an
// argument, as a front end emits `def relax(u, n): for _ in range(n):
// u = step(u); return u`: the loop's state starts as the caller's buffer,
// which the function does not own, and each iteration computes into a
// `tensor.empty`. `main` relaxes a 128x128 grid 150 steps, then relaxes the
// result 150 more, and sums it.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @relax(%u: tensor<128x128xf32>, %n: index) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c127 = arith.constant 127 : index
  %quarter = arith.constant 0.25 : f32
  %half = arith.constant 0.5 : f32
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%st = %u) -> tensor<128x128xf32> {
    %e = tensor.empty() : tensor<128x128xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%st : tensor<128x128xf32>) outs(%e : tensor<128x128xf32>) {
    ^bb0(%c: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ip = arith.addi %i, %c1 : index
      %in = arith.minui %ip, %c127 : index
      %jp = arith.addi %j, %c1 : index
      %jn = arith.minui %jp, %c127 : index
      %a = tensor.extract %st[%in, %j] : tensor<128x128xf32>
      %b = tensor.extract %st[%i, %jn] : tensor<128x128xf32>
      %s = arith.addf %a, %b : f32
      %q = arith.mulf %s, %quarter : f32
      %h = arith.mulf %c, %half : f32
      %v = arith.addf %q, %h : f32
      linalg.yield %v : f32
    } -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  return %r : tensor<128x128xf32>
}

func.func @main() {
  %c13 = arith.constant 13 : index
  %c150 = arith.constant 150 : index
  %e = tensor.empty() : tensor<128x128xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<128x128xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %i, %j : index
    %m = arith.remui %p, %c13 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    linalg.yield %mf : f32
  } -> tensor<128x128xf32>
  %y = func.call @relax(%x, %c150) : (tensor<128x128xf32>, index) -> tensor<128x128xf32>
  %z = func.call @relax(%y, %c150) : (tensor<128x128xf32>, index) -> tensor<128x128xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%z : tensor<128x128xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
