// RUN: mlir-opt %s -lift-unstructured-control-flow -split-input-file -verify-diagnostics

// Only `cf` branches can be lifted; other multi-way branches are named.

llvm.func @llvm_cond_br(%c: i1) {
  // expected-error@+1 {{'llvm.cond_br' op has 2 successors, which ownership-based deallocation supports only on 'cf.cond_br'; lift-unstructured-control-flow lifts only 'cf' branches to 'scf': lower this op to the 'cf' dialect first}}
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.br ^b
^b:
  llvm.return
}

// -----

// A loop of blocks closed by a branch of another dialect.

func.func @llvm_loop(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^head(%c0 : i64)
^head(%i: i64):
  %lt = arith.cmpi slt, %i, %n : i64
  cf.cond_br %lt, ^body, ^exit
^body:
  %i2 = arith.addi %i, %c1 : i64
  // expected-error@+1 {{'llvm.br' op branches in a region with a loop of blocks, which ownership-based deallocation does not support; lift-unstructured-control-flow lifts only 'cf' branches to 'scf': lower this op to the 'cf' dialect first}}
  llvm.br ^head(%i2 : i64)
^exit:
  return
}
