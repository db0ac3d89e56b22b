//===- mlir-opt.cpp - MLIR optimizer driver with the series' passes -------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An `mlir-opt` that registers every dialect, extension, pass and pipeline of
// the installed MLIR, including the `test` dialects and `--test-*` passes, so
// that upstream's lit tests run unchanged against it, plus the passes of this
// series. Its `buffer-deallocation-pipeline` is the series' pipeline.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Affine/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Async/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Pipelines/DeallocationPipeline.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h"
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

// The test libraries are installed without their headers; these are the
// registration functions they define.
namespace mlir {
void registerCloneTestPasses();
void registerConvertToTargetEnvPass();
void registerLazyLoadingTestPasses();
void registerLoopLikeInterfaceTestPasses();
void registerPassManagerTestPass();
void registerPrintSpirvAvailabilityPass();
void registerPrintTosaAvailabilityPass();
void registerRegionTestPasses();
void registerShapeFunctionTestPasses();
void registerSideEffectTestPasses();
void registerSliceAnalysisTestPass();
void registerSymbolTestPasses();
void registerTestAffineAccessAnalysisPass();
void registerTestAffineDataCopyPass();
void registerTestAffineLoopUnswitchingPass();
void registerTestAffineReifyValueBoundsPass();
void registerTestAffineWalk();
void registerTestBytecodeRoundtripPasses();
void registerTestDecomposeAffineOpPass();
void registerTestFromLLVMIR();
void registerTestFunc();
void registerTestGpuLoweringPasses();
void registerTestGpuMemoryPromotionPass();
void registerTestLoopPermutationPass();
void registerTestMatchers();
void registerTestOperationEqualPass();
void registerTestPreserveUseListOrders();
void registerTestPrintDefUsePass();
void registerTestPrintInvalidPass();
void registerTestPrintNestingPass();
void registerTestReducer();
void registerTestSpirvEntryPointABIPass();
void registerTestSpirvModuleCombinerPass();
void registerTestToLLVMIR();
void registerTestTraitsPass();
void registerTosaTestQuantUtilAPIPass();
void registerVectorizerTestPass();
namespace test {
void registerCommutativityUtils();
void registerConvertCallOpPass();
void registerConvertFuncOpPass();
void registerInliner();
void registerInlinerCallback();
void registerMemRefBoundCheck();
void registerPatternsTestPass();
void registerSimpleParametricTilingPass();
void registerTestAffineLoopParametricTilingPass();
void registerTestAliasAnalysisPass();
void registerTestArithEmulateWideIntPass();
void registerTestBuiltinAttributeInterfaces();
void registerTestBuiltinDistinctAttributes();
void registerTestCFGLoopInfoPass();
void registerTestCallGraphPass();
void registerTestCfAssertPass();
void registerTestComposeSubView();
void registerTestCompositePass();
void registerTestControlFlowSink();
void registerTestConvertToSPIRVPass();
void registerTestDataLayoutPropagation();
void registerTestDataLayoutQuery();
void registerTestDeadCodeAnalysisPass();
void registerTestDecomposeCallGraphTypes();
void registerTestDiagnosticsMetadataPass();
void registerTestDiagnosticsPass();
void registerTestDialectConversionPasses();
void registerTestDominancePass();
void registerTestDynamicPipelinePass();
void registerTestEmulateNarrowTypePass();
void registerTestFooAnalysisPass();
void registerTestGenericIRVisitorsPass();
void registerTestIRVisitorsPass();
void registerTestInterfaces();
void registerTestIrdlTestDialectConversionPass();
void registerTestLLVMLegalizePatternsPass();
void registerTestLastModifiedPass();
void registerTestLinalgDecomposeOps();
void registerTestLinalgDropUnitDims();
void registerTestLinalgElementwiseFusion();
void registerTestLinalgGreedyFusion();
void registerTestLinalgRankReduceContractionOps();
void registerTestLinalgTransforms();
void registerTestLivenessAnalysisPass();
void registerTestLivenessPass();
void registerTestLoopFusion();
void registerTestLoopMappingPass();
void registerTestLoopUnrollingPass();
void registerTestLowerToArmSME();
void registerTestLowerToLLVM();
void registerTestMakeIsolatedFromAbovePass();
void registerTestMatchReductionPass();
void registerTestMathAlgebraicSimplificationPass();
void registerTestMathPolynomialApproximationPass();
void registerTestMathToVCIXPass();
void registerTestMemRefDependenceCheck();
void registerTestMemRefStrideCalculation();
void registerTestMemRefToLLVMWithTransforms();
void registerTestMultiBuffering();
void registerTestNVGPULowerings();
void registerTestNextAccessPass();
void registerTestOneShotModuleBufferizePass();
void registerTestOpLoweringPasses();
void registerTestOpaqueLoc();
void registerTestOpenACC();
void registerTestOpenACCSupportPass();
void registerTestPDLByteCodePass();
void registerTestPDLLPasses();
void registerTestPadFusion();
void registerTestParallelLoopUnrollingPass();
void registerTestPassStateExtensionCommunication();
void registerTestPointerLikeTypeInterfacePass();
void registerTestRecipePopulatePass();
void registerTestRecursiveTypesPass();
void registerTestRemarkPass();
void registerTestReshardingPartitionPass();
void registerTestSCFUpliftWhileToFor();
void registerTestSCFUtilsPass();
void registerTestSCFWhileOpBuilderPass();
void registerTestSCFWrapInZeroTripCheckPasses();
void registerTestSPIRVCPURunnerPipeline();
void registerTestSPIRVFuncSignatureConversion();
void registerTestSPIRVVectorUnrolling();
void registerTestShapeMappingPass();
void registerTestShardSimplificationsPass();
void registerTestSingleFold();
void registerTestSliceAnalysisPass();
void registerTestStridedMetadataRangeAnalysisPass();
void registerTestTensorCopyInsertionPass();
void registerTestTensorLikeAndBufferLikePass();
void registerTestTensorTransforms();
void registerTestTopologicalSortAnalysisPass();
void registerTestTransformDialectEraseSchedulePass();
void registerTestVectorLowerings();
void registerTestVectorReductionToSPIRVDotProd();
void registerTestVulkanRunnerPipeline();
void registerTestWrittenToPass();
void registerTestXeGPULowerings();

// The series' test passes (mlir/test/lib).
void registerTestInstrumentBufferUsesPass();
} // namespace test
} // namespace mlir

namespace test {
void registerTestDialect(mlir::DialectRegistry &);
void registerTestTransformDialectExtension(mlir::DialectRegistry &);
void registerTestTransformsTransformDialectExtension(mlir::DialectRegistry &);
void registerTestTilingInterfaceTransformDialectExtension(
    mlir::DialectRegistry &);
void registerTestDynDialect(mlir::DialectRegistry &);
void registerIrdlTestDialect(mlir::DialectRegistry &);
} // namespace test

using namespace mlir;

/// Registers the `--test-*` passes of the installed test libraries.
static void registerTestPasses() {
  registerCloneTestPasses();
  registerConvertToTargetEnvPass();
  registerLazyLoadingTestPasses();
  registerLoopLikeInterfaceTestPasses();
  registerPassManagerTestPass();
  registerPrintSpirvAvailabilityPass();
  registerPrintTosaAvailabilityPass();
  registerRegionTestPasses();
  registerShapeFunctionTestPasses();
  registerSideEffectTestPasses();
  registerSliceAnalysisTestPass();
  registerSymbolTestPasses();
  registerTestAffineAccessAnalysisPass();
  registerTestAffineDataCopyPass();
  registerTestAffineLoopUnswitchingPass();
  registerTestAffineReifyValueBoundsPass();
  registerTestAffineWalk();
  registerTestBytecodeRoundtripPasses();
  registerTestDecomposeAffineOpPass();
  registerTestFromLLVMIR();
  registerTestFunc();
  registerTestGpuLoweringPasses();
  registerTestGpuMemoryPromotionPass();
  registerTestLoopPermutationPass();
  registerTestMatchers();
  registerTestOperationEqualPass();
  registerTestPreserveUseListOrders();
  registerTestPrintDefUsePass();
  registerTestPrintInvalidPass();
  registerTestPrintNestingPass();
  registerTestReducer();
  registerTestSpirvEntryPointABIPass();
  registerTestSpirvModuleCombinerPass();
  registerTestToLLVMIR();
  registerTestTraitsPass();
  registerTosaTestQuantUtilAPIPass();
  registerVectorizerTestPass();
  mlir::test::registerCommutativityUtils();
  mlir::test::registerConvertCallOpPass();
  mlir::test::registerConvertFuncOpPass();
  mlir::test::registerInliner();
  mlir::test::registerInlinerCallback();
  mlir::test::registerMemRefBoundCheck();
  mlir::test::registerPatternsTestPass();
  mlir::test::registerSimpleParametricTilingPass();
  mlir::test::registerTestAffineLoopParametricTilingPass();
  mlir::test::registerTestAliasAnalysisPass();
  mlir::test::registerTestArithEmulateWideIntPass();
  mlir::test::registerTestBuiltinAttributeInterfaces();
  mlir::test::registerTestBuiltinDistinctAttributes();
  mlir::test::registerTestCFGLoopInfoPass();
  mlir::test::registerTestCallGraphPass();
  mlir::test::registerTestCfAssertPass();
  mlir::test::registerTestComposeSubView();
  mlir::test::registerTestCompositePass();
  mlir::test::registerTestControlFlowSink();
  mlir::test::registerTestConvertToSPIRVPass();
  mlir::test::registerTestDataLayoutPropagation();
  mlir::test::registerTestDataLayoutQuery();
  mlir::test::registerTestDeadCodeAnalysisPass();
  mlir::test::registerTestDecomposeCallGraphTypes();
  mlir::test::registerTestDiagnosticsMetadataPass();
  mlir::test::registerTestDiagnosticsPass();
  mlir::test::registerTestDialectConversionPasses();
  mlir::test::registerTestDominancePass();
  mlir::test::registerTestDynamicPipelinePass();
  mlir::test::registerTestEmulateNarrowTypePass();
  mlir::test::registerTestFooAnalysisPass();
  mlir::test::registerTestGenericIRVisitorsPass();
  mlir::test::registerTestIRVisitorsPass();
  mlir::test::registerTestInterfaces();
  mlir::test::registerTestIrdlTestDialectConversionPass();
  mlir::test::registerTestLLVMLegalizePatternsPass();
  mlir::test::registerTestLastModifiedPass();
  mlir::test::registerTestLinalgDecomposeOps();
  mlir::test::registerTestLinalgDropUnitDims();
  mlir::test::registerTestLinalgElementwiseFusion();
  mlir::test::registerTestLinalgGreedyFusion();
  mlir::test::registerTestLinalgRankReduceContractionOps();
  mlir::test::registerTestLinalgTransforms();
  mlir::test::registerTestLivenessAnalysisPass();
  mlir::test::registerTestLivenessPass();
  mlir::test::registerTestLoopFusion();
  mlir::test::registerTestLoopMappingPass();
  mlir::test::registerTestLoopUnrollingPass();
  mlir::test::registerTestLowerToArmSME();
  mlir::test::registerTestLowerToLLVM();
  mlir::test::registerTestMakeIsolatedFromAbovePass();
  mlir::test::registerTestMatchReductionPass();
  mlir::test::registerTestMathAlgebraicSimplificationPass();
  mlir::test::registerTestMathPolynomialApproximationPass();
  mlir::test::registerTestMathToVCIXPass();
  mlir::test::registerTestMemRefDependenceCheck();
  mlir::test::registerTestMemRefStrideCalculation();
  mlir::test::registerTestMemRefToLLVMWithTransforms();
  mlir::test::registerTestMultiBuffering();
  mlir::test::registerTestNVGPULowerings();
  mlir::test::registerTestNextAccessPass();
  mlir::test::registerTestOneShotModuleBufferizePass();
  mlir::test::registerTestOpLoweringPasses();
  mlir::test::registerTestOpaqueLoc();
  mlir::test::registerTestOpenACC();
  mlir::test::registerTestOpenACCSupportPass();
  mlir::test::registerTestPDLByteCodePass();
  mlir::test::registerTestPDLLPasses();
  mlir::test::registerTestPadFusion();
  mlir::test::registerTestParallelLoopUnrollingPass();
  mlir::test::registerTestPassStateExtensionCommunication();
  mlir::test::registerTestPointerLikeTypeInterfacePass();
  mlir::test::registerTestRecipePopulatePass();
  mlir::test::registerTestRecursiveTypesPass();
  mlir::test::registerTestRemarkPass();
  mlir::test::registerTestReshardingPartitionPass();
  mlir::test::registerTestSCFUpliftWhileToFor();
  mlir::test::registerTestSCFUtilsPass();
  mlir::test::registerTestSCFWhileOpBuilderPass();
  mlir::test::registerTestSCFWrapInZeroTripCheckPasses();
  mlir::test::registerTestSPIRVCPURunnerPipeline();
  mlir::test::registerTestSPIRVFuncSignatureConversion();
  mlir::test::registerTestSPIRVVectorUnrolling();
  mlir::test::registerTestShapeMappingPass();
  mlir::test::registerTestShardSimplificationsPass();
  mlir::test::registerTestSingleFold();
  mlir::test::registerTestSliceAnalysisPass();
  mlir::test::registerTestStridedMetadataRangeAnalysisPass();
  mlir::test::registerTestTensorCopyInsertionPass();
  mlir::test::registerTestTensorLikeAndBufferLikePass();
  mlir::test::registerTestTensorTransforms();
  mlir::test::registerTestTopologicalSortAnalysisPass();
  mlir::test::registerTestTransformDialectEraseSchedulePass();
  mlir::test::registerTestVectorLowerings();
  mlir::test::registerTestVectorReductionToSPIRVDotProd();
  mlir::test::registerTestVulkanRunnerPipeline();
  mlir::test::registerTestWrittenToPass();
  mlir::test::registerTestXeGPULowerings();
}

int main(int argc, char **argv) {
  // The first registration of a pipeline name is the one kept: the series'
  // buffer-deallocation-pipeline must come before upstream's.
  bufferization::registerBufferDeallocationPipeline();
  bufferization::registerOptimizedBufferDeallocationPipeline();
  bufferization::registerBufferOptimizationPasses();
  memref::registerMergeAllocPasses();
  linalg::registerReuseDyingInputsPasses();
  mlir::test::registerTestInstrumentBufferUsesPass();

  registerAllPasses();
  registerTestPasses();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  affine::registerBufferDeallocationOpInterfaceExternalModels(registry);
  async::registerBufferDeallocationOpInterfaceExternalModels(registry);
  func::registerBufferViewFlowOpInterfaceExternalModels(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  ::test::registerTestDialect(registry);
  ::test::registerTestTransformDialectExtension(registry);
  ::test::registerTestTransformsTransformDialectExtension(registry);
  ::test::registerTestTilingInterfaceTransformDialectExtension(registry);
  ::test::registerTestDynDialect(registry);
  ::test::registerIrdlTestDialect(registry);

  return asMainReturnCode(
      MlirOptMain(argc, argv, "MLIR modular optimizer driver\n", registry));
}
