// bench: tensor
// One multi-head self-attention block on 128 tokens of width 256 with four
// heads of 64: projections, reshapes (`tensor.expand_shape`), transposes
// (`linalg.transpose`), scaled scores, a softmax, the weighted sum, the
// heads merged back (`tensor.collapse_shape`) and an output projection,
// all in one function.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#red3 = affine_map<(d0, d1, d2) -> (d0, d1)>

func.func @weights(%rows: index, %cols: index, %a: index, %b: index) -> tensor<?x?xf32> {
  %c13 = arith.constant 13 : index
  %scale = arith.constant 0.015625 : f32
  %half = arith.constant 0.09375 : f32
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ia = arith.muli %i, %a : index
    %jb = arith.muli %j, %b : index
    %s = arith.addi %ia, %jb : index
    %m = arith.remui %s, %c13 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %d = arith.mulf %mf, %scale : f32
    %v = arith.subf %d, %half : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @attention(%x: tensor<128x256xf32>, %wq: tensor<256x256xf32>, %wk: tensor<256x256xf32>,
                     %wv: tensor<256x256xf32>, %wo: tensor<256x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -1.0e30 : f32
  %scale = arith.constant 0.125 : f32
  %e0 = tensor.empty() : tensor<128x256xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<128x256xf32>, tensor<256x256xf32>)
                     outs(%z0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<128x256xf32>, tensor<256x256xf32>)
                     outs(%z0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<128x256xf32>, tensor<256x256xf32>)
                     outs(%z0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  // [tokens, heads, dim] -> [heads, tokens, dim]
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [128, 4, 64]
      : tensor<128x256xf32> into tensor<128x4x64xf32>
  %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [128, 4, 64]
      : tensor<128x256xf32> into tensor<128x4x64xf32>
  %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [128, 4, 64]
      : tensor<128x256xf32> into tensor<128x4x64xf32>
  %eq = tensor.empty() : tensor<4x128x64xf32>
  %qh = linalg.transpose ins(%q3 : tensor<128x4x64xf32>) outs(%eq : tensor<4x128x64xf32>)
      permutation = [1, 0, 2]
  %ek = tensor.empty() : tensor<4x64x128xf32>
  %kt = linalg.transpose ins(%k3 : tensor<128x4x64xf32>) outs(%ek : tensor<4x64x128xf32>)
      permutation = [1, 2, 0]
  %ev = tensor.empty() : tensor<4x128x64xf32>
  %vh = linalg.transpose ins(%v3 : tensor<128x4x64xf32>) outs(%ev : tensor<4x128x64xf32>)
      permutation = [1, 0, 2]
  // Scores and softmax over the last dimension.
  %es = tensor.empty() : tensor<4x128x128xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
  %s = linalg.batch_matmul ins(%qh, %kt : tensor<4x128x64xf32>, tensor<4x64x128xf32>)
                           outs(%zs : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
  %em = tensor.empty() : tensor<4x128xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%em : tensor<4x128xf32>) -> tensor<4x128xf32>
  %mx = linalg.reduce ins(%s : tensor<4x128x128xf32>) outs(%m0 : tensor<4x128xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %ee = tensor.empty() : tensor<4x128x128xf32>
  %ex = linalg.generic {indexing_maps = [#id3, #red3, #id3],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %mx : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%ee : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %d2 = arith.mulf %d, %scale : f32
    %r = math.exp %d2 : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %ed = tensor.empty() : tensor<4x128xf32>
  %d0 = linalg.fill ins(%zero : f32) outs(%ed : tensor<4x128xf32>) -> tensor<4x128xf32>
  %den = linalg.reduce ins(%ex : tensor<4x128x128xf32>) outs(%d0 : tensor<4x128xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %ep = tensor.empty() : tensor<4x128x128xf32>
  %p = linalg.generic {indexing_maps = [#id3, #red3, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ex, %den : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%ep : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %eo = tensor.empty() : tensor<4x128x64xf32>
  %zo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
  %oh = linalg.batch_matmul ins(%p, %vh : tensor<4x128x128xf32>, tensor<4x128x64xf32>)
                            outs(%zo : tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
  %et = tensor.empty() : tensor<128x4x64xf32>
  %ot = linalg.transpose ins(%oh : tensor<4x128x64xf32>) outs(%et : tensor<128x4x64xf32>)
      permutation = [1, 0, 2]
  %o2 = tensor.collapse_shape %ot [[0], [1, 2]] : tensor<128x4x64xf32> into tensor<128x256xf32>
  %e1 = tensor.empty() : tensor<128x256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %y = linalg.matmul ins(%o2, %wo : tensor<128x256xf32>, tensor<256x256xf32>)
                     outs(%z1 : tensor<128x256xf32>) -> tensor<128x256xf32>
  // Residual connection.
  %er = tensor.empty() : tensor<128x256xf32>
  %res = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%y, %x : tensor<128x256xf32>, tensor<128x256xf32>) outs(%er : tensor<128x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<128x256xf32>
  return %res : tensor<128x256xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %xd = func.call @weights(%c128, %c256, %c3, %c2) : (index, index, index, index) -> tensor<?x?xf32>
  %wqd = func.call @weights(%c256, %c256, %c5, %c3) : (index, index, index, index) -> tensor<?x?xf32>
  %wkd = func.call @weights(%c256, %c256, %c7, %c5) : (index, index, index, index) -> tensor<?x?xf32>
  %wvd = func.call @weights(%c256, %c256, %c11, %c7) : (index, index, index, index) -> tensor<?x?xf32>
  %wod = func.call @weights(%c256, %c256, %c3, %c11) : (index, index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<128x256xf32>
  %wq = tensor.cast %wqd : tensor<?x?xf32> to tensor<256x256xf32>
  %wk = tensor.cast %wkd : tensor<?x?xf32> to tensor<256x256xf32>
  %wv = tensor.cast %wvd : tensor<?x?xf32> to tensor<256x256xf32>
  %wo = tensor.cast %wod : tensor<?x?xf32> to tensor<256x256xf32>
  %y = func.call @attention(%x, %wq, %wk, %wv, %wo)
      : (tensor<128x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>,
         tensor<256x256xf32>) -> tensor<128x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%y : tensor<128x256xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
