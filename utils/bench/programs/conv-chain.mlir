// bench: tensor
// Three 3x3 convolutions (NHWC, 32 channels) with bias and ReLU on a
// 1x66x66x32 input: 66 -> 64 -> 62 -> 60 pixels, about 0.5 MiB per
// activation, then a global average pool.

#act = affine_map<(n, h, w, c) -> (n, h, w, c)>
#chan = affine_map<(n, h, w, c) -> (c)>

func.func @relu_bias(%x: tensor<1x?x?x32xf32>, %k: f32) -> tensor<1x?x?x32xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %h = tensor.dim %x, %c1 : tensor<1x?x?x32xf32>
  %w = tensor.dim %x, %c2 : tensor<1x?x?x32xf32>
  %e = tensor.empty(%h, %w) : tensor<1x?x?x32xf32>
  %r = linalg.generic {indexing_maps = [#act, #act],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x?x?x32xf32>) outs(%e : tensor<1x?x?x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = linalg.index 3 : index
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %b = arith.mulf %cf, %k : f32
    %s = arith.subf %in, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x?x?x32xf32>
  return %r : tensor<1x?x?x32xf32>
}

func.func @conv(%x: tensor<1x?x?x32xf32>, %f: tensor<3x3x32x32xf32>) -> tensor<1x?x?x32xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %h = tensor.dim %x, %c1 : tensor<1x?x?x32xf32>
  %w = tensor.dim %x, %c2 : tensor<1x?x?x32xf32>
  %oh = arith.subi %h, %c2 : index
  %ow = arith.subi %w, %c2 : index
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %f : tensor<1x?x?x32xf32>, tensor<3x3x32x32xf32>)
      outs(%z : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  return %r : tensor<1x?x?x32xf32>
}

func.func @filter(%a: index) -> tensor<3x3x32x32xf32> {
  %c19 = arith.constant 19 : index
  %scale = arith.constant 0.01 : f32
  %e = tensor.empty() : tensor<3x3x32x32xf32>
  %r = linalg.generic {indexing_maps = [#act],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<3x3x32x32xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %s0 = arith.addi %i, %j : index
    %s1 = arith.muli %k, %a : index
    %s2 = arith.addi %s0, %s1 : index
    %s3 = arith.addi %s2, %l : index
    %m = arith.remui %s3, %c19 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    %h = arith.constant 0.09 : f32
    %w = arith.subf %v, %h : f32
    linalg.yield %w : f32
  } -> tensor<3x3x32x32xf32>
  return %r : tensor<3x3x32x32xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c23 = arith.constant 23 : index
  %k = arith.constant 0.001 : f32
  %scale = arith.constant 0.04 : f32
  %e = tensor.empty() : tensor<1x66x66x32xf32>
  %xs = linalg.generic {indexing_maps = [#act],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<1x66x66x32xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c = linalg.index 3 : index
    %p = arith.muli %i, %j : index
    %s = arith.addi %p, %c : index
    %m = arith.remui %s, %c23 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %scale : f32
    linalg.yield %v : f32
  } -> tensor<1x66x66x32xf32>
  %x = tensor.cast %xs : tensor<1x66x66x32xf32> to tensor<1x?x?x32xf32>
  %f1 = func.call @filter(%c3) : (index) -> tensor<3x3x32x32xf32>
  %f2 = func.call @filter(%c5) : (index) -> tensor<3x3x32x32xf32>
  %f3 = func.call @filter(%c7) : (index) -> tensor<3x3x32x32xf32>
  %y1 = func.call @conv(%x, %f1) : (tensor<1x?x?x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x?x?x32xf32>
  %a1 = func.call @relu_bias(%y1, %k) : (tensor<1x?x?x32xf32>, f32) -> tensor<1x?x?x32xf32>
  %y2 = func.call @conv(%a1, %f2) : (tensor<1x?x?x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x?x?x32xf32>
  %a2 = func.call @relu_bias(%y2, %k) : (tensor<1x?x?x32xf32>, f32) -> tensor<1x?x?x32xf32>
  %y3 = func.call @conv(%a2, %f3) : (tensor<1x?x?x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x?x?x32xf32>
  %a3 = func.call @relu_bias(%y3, %k) : (tensor<1x?x?x32xf32>, f32) -> tensor<1x?x?x32xf32>
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ea : tensor<32xf32>) -> tensor<32xf32>
  %pool = linalg.reduce ins(%a3 : tensor<1x?x?x32xf32>) outs(%acc : tensor<32xf32>) dimensions = [0, 1, 2]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %es = tensor.empty() : tensor<f32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%pool : tensor<32xf32>) outs(%acc2 : tensor<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
