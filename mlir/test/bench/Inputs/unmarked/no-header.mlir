// A program without the `bench:` line that says whether it is a tensor or a
// memref program.
func.func @main() {
  return
}
