// A small tensor program: a three-layer perceptron on a batch of 32 inputs.
// `main` builds deterministic inputs, runs the network and prints the sum of
// its outputs. It is the input of utils/run-example.sh, which bufferizes it
// with One-Shot Bufferize, runs the deallocation pipeline of the stock
// mlir-opt and ours, executes both and compares what they allocate.

#map_in = affine_map<(d0, d1) -> (d0, d1)>

// out = max(x, 0)
func.func @relu(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [#map_in, #map_in],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

func.func @mlp(%x: tensor<32x64xf32>, %w1: tensor<64x64xf32>,
               %w2: tensor<64x64xf32>, %w3: tensor<64x16xf32>)
    -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %h1 = linalg.matmul ins(%x, %w1 : tensor<32x64xf32>, tensor<64x64xf32>)
                      outs(%z : tensor<32x64xf32>) -> tensor<32x64xf32>
  %a1 = func.call @relu(%h1) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %h2 = linalg.matmul ins(%a1, %w2 : tensor<32x64xf32>, tensor<64x64xf32>)
                      outs(%z : tensor<32x64xf32>) -> tensor<32x64xf32>
  %a2 = func.call @relu(%h2) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %e3 = tensor.empty() : tensor<32x16xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %h3 = linalg.matmul ins(%a2, %w3 : tensor<32x64xf32>, tensor<64x16xf32>)
                      outs(%z3 : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %h3 : tensor<32x16xf32>
}

// Element (i, j) = ((i * a + j * b) mod 17) / 16 - 0.5.
func.func @pattern(%t: tensor<?x?xf32>, %a: index, %b: index) -> tensor<?x?xf32> {
  %c17 = arith.constant 17 : index
  %c16 = arith.constant 16.0 : f32
  %half = arith.constant 0.5 : f32
  %r = linalg.generic {indexing_maps = [#map_in],
                       iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf32>) {
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

func.func @make(%rows: index, %cols: index, %a: index, %b: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = func.call @pattern(%e, %a, %b) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %xd = func.call @make(%c32, %c64, %c3, %c5) : (index, index, index, index) -> tensor<?x?xf32>
  %w1d = func.call @make(%c64, %c64, %c5, %c7) : (index, index, index, index) -> tensor<?x?xf32>
  %w2d = func.call @make(%c64, %c64, %c7, %c11) : (index, index, index, index) -> tensor<?x?xf32>
  %w3d = func.call @make(%c64, %c16, %c11, %c3) : (index, index, index, index) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<32x64xf32>
  %w1 = tensor.cast %w1d : tensor<?x?xf32> to tensor<64x64xf32>
  %w2 = tensor.cast %w2d : tensor<?x?xf32> to tensor<64x64xf32>
  %w3 = tensor.cast %w3d : tensor<?x?xf32> to tensor<64x16xf32>
  %y = func.call @mlp(%x, %w1, %w2, %w3)
      : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>

  // Checksum: the sum of all outputs.
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%y : tensor<32x16xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
