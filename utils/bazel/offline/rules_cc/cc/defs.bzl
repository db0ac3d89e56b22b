"""The part of rules_cc that Bazel 4's own tools load.

Bazel 4 loads `@rules_cc//cc:defs.bzl` from its C++ toolchain and test tools and
would download rules_cc for it. These macros forward to the native rules,
which is all rules_cc of that era did, so the build works offline.
"""

def cc_binary(**attrs):
    native.cc_binary(**attrs)

def cc_library(**attrs):
    native.cc_library(**attrs)

def cc_test(**attrs):
    native.cc_test(**attrs)

def cc_toolchain(**attrs):
    native.cc_toolchain(**attrs)

def cc_toolchain_suite(**attrs):
    native.cc_toolchain_suite(**attrs)
