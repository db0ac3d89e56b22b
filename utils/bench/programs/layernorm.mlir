// bench: tensor
// Layer normalisation of a 1024x512 f32 activation (2 MiB) written as
// separate reductions and elementwise ops: mean, centred values, variance,
// normalised values, then scale and shift; all in one function.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 512.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %c29 = arith.constant 29 : index
  %c0f = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<1024x512xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<1024x512xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %p = arith.muli %i, %j : index
    %s = arith.addi %p, %i : index
    %m = arith.remui %s, %c29 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %c0f : f32
    linalg.yield %v : f32
  } -> tensor<1024x512xf32>
  %er = tensor.empty() : tensor<1024xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<1024xf32>) -> tensor<1024xf32>
  %sum = linalg.reduce ins(%x : tensor<1024x512xf32>) outs(%r0 : tensor<1024xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %ec = tensor.empty() : tensor<1024x512xf32>
  %cen = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<1024x512xf32>, tensor<1024xf32>) outs(%ec : tensor<1024x512xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %a, %mean : f32
    linalg.yield %d : f32
  } -> tensor<1024x512xf32>
  %esq = tensor.empty() : tensor<1024x512xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cen : tensor<1024x512xf32>) outs(%esq : tensor<1024x512xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<1024x512xf32>
  %ev = tensor.empty() : tensor<1024xf32>
  %v0 = linalg.fill ins(%zero : f32) outs(%ev : tensor<1024xf32>) -> tensor<1024xf32>
  %var = linalg.reduce ins(%sq : tensor<1024x512xf32>) outs(%v0 : tensor<1024xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %en = tensor.empty() : tensor<1024x512xf32>
  %norm = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cen, %var : tensor<1024x512xf32>, tensor<1024xf32>) outs(%en : tensor<1024x512xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %vm = arith.divf %v, %n : f32
    %ve = arith.addf %vm, %eps : f32
    %r = math.rsqrt %ve : f32
    %d = arith.mulf %a, %r : f32
    linalg.yield %d : f32
  } -> tensor<1024x512xf32>
  %eg = tensor.empty() : tensor<512xf32>
  %gamma = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%eg : tensor<512xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %g = arith.mulf %jf, %c0f : f32
    linalg.yield %g : f32
  } -> tensor<512xf32>
  %ey = tensor.empty() : tensor<1024x512xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%norm, %gamma : tensor<1024x512xf32>, tensor<512xf32>) outs(%ey : tensor<1024x512xf32>) {
  ^bb0(%a: f32, %g: f32, %o: f32):
    %d = arith.mulf %a, %g : f32
    %s = arith.addf %d, %g : f32
    linalg.yield %s : f32
  } -> tensor<1024x512xf32>
  %es = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %tot = linalg.reduce ins(%y : tensor<1024x512xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %tot[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
