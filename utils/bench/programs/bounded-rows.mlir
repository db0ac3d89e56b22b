// bench: tensor
// Ragged rows, as a sequence model's front end emits them: each of 500
// rows has its own length, 32 + (13 i mod 97) elements, clamped to the
// 128-element maximum with `arith.minui`. A row is computed into a
// `tensor.empty` of its length, scaled into a second one, and reduced into
// a running sum, so One-Shot Bufferize allocates two dynamically sized
// buffers per row.

#id = affine_map<(d0) -> (d0)>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %c32 = arith.constant 32 : index
  %c97 = arith.constant 97 : index
  %c128 = arith.constant 128 : index
  %rows = arith.constant 500 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %e0 = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %init) -> tensor<f32> {
    %p = arith.muli %i, %c13 : index
    %q = arith.remui %p, %c97 : index
    %want = arith.addi %q, %c32 : index
    %len = arith.minui %want, %c128 : index
    %e = tensor.empty(%len) : tensor<?xf32>
    %row = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%e : tensor<?xf32>) {
    ^bb0(%o: f32):
      %k = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %m = arith.remui %g, %c5 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      linalg.yield %mf : f32
    } -> tensor<?xf32>
    %e2 = tensor.empty(%len) : tensor<?xf32>
    %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%row : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
    ^bb0(%in: f32, %o: f32):
      %v = arith.mulf %in, %scale : f32
      linalg.yield %v : f32
    } -> tensor<?xf32>
    %r = linalg.reduce ins(%scaled : tensor<?xf32>) outs(%acc : tensor<f32>) dimensions = [0]
      (%in: f32, %a: f32) {
        %s = arith.addf %in, %a : f32
        linalg.yield %s : f32
      }
    scf.yield %r : tensor<f32>
  }
  %v = tensor.extract %sum[] : tensor<f32>
  vector.print str "checksum: "
  vector.print %v : f32
  return
}
