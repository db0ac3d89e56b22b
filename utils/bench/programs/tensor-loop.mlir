// bench: tensor
// A tensor `scf.for` that updates a 256x256 state 100 times: each
// iteration computes a blurred copy into a `tensor.empty`, then mixes it
// with the state; One-Shot Bufferize allocates in the loop body.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %c255 = arith.constant 255 : index
  %c11 = arith.constant 11 : index
  %half = arith.constant 0.5 : f32
  %w = arith.constant 0.9 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<256x256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %m = arith.remui %s, %c11 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    linalg.yield %mf : f32
  } -> tensor<256x256xf32>
  %r = scf.for %t = %c0 to %c100 step %c1 iter_args(%st = %x) -> tensor<256x256xf32> {
    %eb = tensor.empty() : tensor<256x256xf32>
    %blur = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
        outs(%eb : tensor<256x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %jp = arith.addi %j, %c1 : index
      %jn = arith.minui %jp, %c255 : index
      %a = tensor.extract %st[%i, %j] : tensor<256x256xf32>
      %b = tensor.extract %st[%i, %jn] : tensor<256x256xf32>
      %s = arith.addf %a, %b : f32
      %v = arith.mulf %s, %half : f32
      linalg.yield %v : f32
    } -> tensor<256x256xf32>
    %em = tensor.empty() : tensor<256x256xf32>
    %mix = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%blur, %st : tensor<256x256xf32>, tensor<256x256xf32>) outs(%em : tensor<256x256xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %p = arith.mulf %a, %w : f32
      %q = arith.subf %b, %p : f32
      %v = arith.addf %p, %q : f32
      %u = arith.mulf %v, %w : f32
      linalg.yield %u : f32
    } -> tensor<256x256xf32>
    scf.yield %mix : tensor<256x256xf32>
  }
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%r : tensor<256x256xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
