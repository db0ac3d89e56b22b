// bench: tensor
// A tiled kernel as tiling emits it: a 100000-element signal in tiles of
// 64 elements, the last one shorter (`affine.min`). Each tile is computed
// into a `tensor.empty` of the tile's size and reduced into a running sum,
// so One-Shot Bufferize allocates a dynamically sized buffer per tile.

#id = affine_map<(d0) -> (d0)>
#tile = affine_map<(d0) -> (64, 100000 - d0)>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = arith.constant 100000 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %e0 = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> tensor<f32> {
    %size = affine.min #tile(%i)
    %e = tensor.empty(%size) : tensor<?xf32>
    %t = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%e : tensor<?xf32>) {
    ^bb0(%o: f32):
      %k = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %m = arith.remui %g, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      %v = arith.mulf %mf, %scale : f32
      linalg.yield %v : f32
    } -> tensor<?xf32>
    %r = linalg.reduce ins(%t : tensor<?xf32>) outs(%acc : tensor<f32>) dimensions = [0]
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
