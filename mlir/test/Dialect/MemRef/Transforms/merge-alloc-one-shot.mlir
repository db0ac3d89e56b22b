// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc | FileCheck %s --check-prefix=KEEP
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase" | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase planner=size-first" | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase planner=greedy-by-size" | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase planner=smallest" | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase" -buffer-deallocation-pipeline | FileCheck %s --check-prefix=PIPELINE
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -merge-alloc="allow-peak-increase plan-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=JSON
// RUN: %plan_to_svg %t.json -o %t.svg
// RUN: FileCheck %s --input-file=%t.svg --check-prefix=SVG

// The example of the merge-alloc design: four matmuls sharing a weight,
// bufferized by One-Shot Bufferize. By default nothing is merged: the merged
// buffer would be held while the returned buffer is written, 64 KiB more
// than the buffers apart ever hold at once (see merge-alloc.mlir). With
// allow-peak-increase, the three temporaries fit in 131072 bytes (two of
// them), at offsets 0, 65536 and 0, in every planner mode; the returned
// buffer is left alone.

// KEEP-LABEL: func @mlp
//   KEEP-NOT: memref.view

// CHECK-LABEL: func @mlp
//   CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
//   CHECK-DAG: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
//       CHECK: %[[A:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul {{.*}} outs(%[[A]] : memref<128x128xf32>)
//       CHECK: %[[B:.*]] = memref.view %[[BUF]][%[[C65536]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[A]], {{.*}}) outs(%[[B]] : memref<128x128xf32>)
//       CHECK: %[[C:.*]] = memref.view %[[BUF]][%[[C0]]][] : memref<131072xi8> to memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[B]], {{.*}}) outs(%[[C]] : memref<128x128xf32>)
//       CHECK: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
//       CHECK: linalg.matmul ins(%[[C]], {{.*}}) outs(%[[D]] : memref<128x128xf32>)
//       CHECK: return %[[D]]

// COM: Through the pipeline, the merged buffer is freed once, after its last
// COM: use; the returned buffer is not freed.
// PIPELINE-LABEL: func @mlp
//       PIPELINE: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<131072xi8>
//       PIPELINE: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
//  PIPELINE-NEXT: linalg.matmul {{.*}} outs(%[[D]] : memref<128x128xf32>)
//  PIPELINE-NEXT: memref.dealloc %[[BUF]] : memref<131072xi8>
//  PIPELINE-NEXT: return %[[D]]
//   PIPELINE-NOT: memref.dealloc

// JSON:      "function": "mlp",
// JSON-NEXT: "memory_space": "default",
// JSON-NEXT: "planner": "cost-model",
// JSON-NEXT: "alignment": 64,
// JSON-NEXT: "total": 131072,
// JSON-NEXT: "sum_of_sizes": 196608,
// JSON-NEXT: "peak_live": 131072,
// JSON:      "type": "memref<128x128xf32>",
// JSON:      "size": 65536,
// JSON-NEXT: "offset": 0
// JSON:      "size": 65536,
// JSON-NEXT: "offset": 65536
// JSON:      "size": 65536,
// JSON-NEXT: "offset": 0
// JSON-NOT:  "size"

// COM: One rectangle per buffer; the first and third share the bottom half.
// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: scope 0 (func.func in @mlp, default): 131072 bytes, peak live 131072, sum 196608, cost-model
// SVG: <rect class="buffer" x="{{.*}}" y="160" width="{{.*}}" height="120"
// SVG: <rect class="buffer" x="{{.*}}" y="40" width="{{.*}}" height="120"
// SVG: <rect class="buffer" x="{{.*}}" y="160" width="{{.*}}" height="120"
// SVG-NOT: class="buffer"
// SVG: </svg>

func.func @mlp(%x: tensor<128x128xf32>, %y: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %a0 = tensor.empty() : tensor<128x128xf32>
  %a = linalg.matmul ins(%x, %y: tensor<128x128xf32>, tensor<128x128xf32>) outs(%a0: tensor<128x128xf32>) -> tensor<128x128xf32>
  %b0 = tensor.empty() : tensor<128x128xf32>
  %b = linalg.matmul ins(%a, %y: tensor<128x128xf32>, tensor<128x128xf32>) outs(%b0: tensor<128x128xf32>) -> tensor<128x128xf32>
  %c0 = tensor.empty() : tensor<128x128xf32>
  %c = linalg.matmul ins(%b, %y: tensor<128x128xf32>, tensor<128x128xf32>) outs(%c0: tensor<128x128xf32>) -> tensor<128x128xf32>
  %d0 = tensor.empty() : tensor<128x128xf32>
  %d = linalg.matmul ins(%c, %y: tensor<128x128xf32>, tensor<128x128xf32>) outs(%d0: tensor<128x128xf32>) -> tensor<128x128xf32>
  return %d : tensor<128x128xf32>
}
