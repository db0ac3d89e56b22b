// bench: tensor
// A four-layer perceptron (256 -> 512 -> 512 -> 256 -> 64) on a batch of
// 128 inputs, with bias and ReLU after every layer but the last. Every
// layer's activation is a 128x512 or 128x256 f32 temporary (256 or 128 KiB).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// Element (i, j) = ((i * a + j * b) mod 17) / 16 - 0.5.
func.func @pattern(%rows: index, %cols: index, %a: index, %b: index) -> tensor<?x?xf32> {
  %c17 = arith.constant 17 : index
  %c16 = arith.constant 16.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ia = arith.muli %i, %a : index
    %jb = arith.muli %j, %b : index
    %s = arith.addi %ia, %jb : index
    %m = arith.remui %s, %c17 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %d = arith.divf %mf, %c16 : f32
    %v = arith.subf %d, %half : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// relu(x * w + b), or x * w + b when %relu is false.
func.func @layer(%x: tensor<128x?xf32>, %w: tensor<?x?xf32>, %relu: i1) -> tensor<128x?xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.0625 : f32
  %n = tensor.dim %w, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<128x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<128x?xf32>) -> tensor<128x?xf32>
  %h = linalg.matmul ins(%x, %w : tensor<128x?xf32>, tensor<?x?xf32>)
                     outs(%z : tensor<128x?xf32>) -> tensor<128x?xf32>
  %bias2 = func.call @pattern(%c1, %n, %c1, %c3) : (index, index, index, index) -> tensor<?x?xf32>
  %bias = tensor.collapse_shape %bias2 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<128x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%h, %bias : tensor<128x?xf32>, tensor<?xf32>) outs(%e2 : tensor<128x?xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %t = arith.mulf %s, %scale : f32
    %m = arith.maximumf %t, %zero : f32
    %v = arith.select %relu, %m, %t : f32
    linalg.yield %v : f32
  } -> tensor<128x?xf32>
  return %r : tensor<128x?xf32>
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %xd = func.call @pattern(%c128, %c256, %c3, %c5) : (index, index, index, index) -> tensor<?x?xf32>
  %w1 = func.call @pattern(%c256, %c512, %c5, %c7) : (index, index, index, index) -> tensor<?x?xf32>
  %w2 = func.call @pattern(%c512, %c512, %c7, %c11) : (index, index, index, index) -> tensor<?x?xf32>
  %w3 = func.call @pattern(%c512, %c256, %c11, %c13) : (index, index, index, index) -> tensor<?x?xf32>
  %w4 = func.call @pattern(%c256, %c64, %c13, %c3) : (index, index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<128x?xf32>
  %a1 = func.call @layer(%x, %w1, %true) : (tensor<128x?xf32>, tensor<?x?xf32>, i1) -> tensor<128x?xf32>
  %a2 = func.call @layer(%a1, %w2, %true) : (tensor<128x?xf32>, tensor<?x?xf32>, i1) -> tensor<128x?xf32>
  %a3 = func.call @layer(%a2, %w3, %true) : (tensor<128x?xf32>, tensor<?x?xf32>, i1) -> tensor<128x?xf32>
  %y = func.call @layer(%a3, %w4, %false) : (tensor<128x?xf32>, tensor<?x?xf32>, i1) -> tensor<128x?xf32>

  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%y : tensor<128x?xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
