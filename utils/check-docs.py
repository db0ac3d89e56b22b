#!/usr/bin/env python3
"""Checks that mlir/docs describes every pass, pass option and pipeline option.

The pass reference is generated from TableGen (`mlir-tblgen -gen-pass-doc`,
the `mlir-doc` target of both builds), so it cannot drift from the passes.
The hand-written pages can; this script fails when they do:

* every pass of the generated reference has a page with a heading that names
  it (for example "## Hoisting: `-hoist-alloc-dealloc-pairs`");
* that page names each option of the pass in backquotes;
* the pipeline page names each option of the deallocation pipeline, as
  declared in DeallocationPipeline.h;
* each page that describes a pass has a part on its limitations;
* every relative link between the pages resolves, and every
  `[include "X.md"]` names a generated reference file.

Usage:
  check-docs.py --docs mlir/docs --pipeline-header <DeallocationPipeline.h>
                <generated reference .md>...

Prints one line per problem and exits with 1 if there is any, else prints a
summary line and exits with 0.
"""

import argparse
import os
import re
import sys

# Pages of upstream's documentation that the pages link to.
UPSTREAM_PAGES = {"OwnershipBasedBufferDeallocation.md", "Bufferization.md"}

PIPELINE_PAGE = "BufferDeallocationPipeline.md"


def parse_reference(path):
    """Returns {pass name: [option names]} of a -gen-pass-doc file."""
    passes = {}
    current = None
    in_options = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            heading = re.match(r"^### `-([\w-]+)`", line)
            if heading:
                current = heading.group(1)
                passes[current] = []
                in_options = False
                continue
            if line.startswith("#### Options"):
                in_options = True
                continue
            if line.startswith("#"):
                in_options = False
                continue
            option = re.match(r"^-([\w-]+)\s+:", line)
            if in_options and current and option:
                passes[current].append(option.group(1))
    return passes


def parse_pipeline_options(path):
    """Returns the option names that DeallocationPipeline.h declares."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r'\*this,\s*"([\w-]+)"', text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", required=True, help="the mlir/docs directory")
    parser.add_argument(
        "--pipeline-header", required=True, help="DeallocationPipeline.h"
    )
    parser.add_argument("references", nargs="+", help="generated pass references")
    args = parser.parse_args()

    problems = []
    pages = {}
    for name in sorted(os.listdir(args.docs)):
        if name.endswith(".md"):
            with open(os.path.join(args.docs, name), encoding="utf-8") as f:
                pages[name] = f.read()
    if not pages:
        print(f"error: no .md page in {args.docs}")
        return 1

    passes = {}
    for reference in args.references:
        found = parse_reference(reference)
        if not found:
            problems.append(f"{reference}: no pass in the generated reference")
        passes.update(found)

    # Every pass has a page, and the page names every option.
    pass_pages = set()
    num_options = 0
    for name, options in sorted(passes.items()):
        heading = re.compile(r"^#+ .*`-%s`" % re.escape(name), re.MULTILINE)
        homes = [page for page, text in pages.items() if heading.search(text)]
        if not homes:
            problems.append(f"pass -{name}: no page has a heading that names it")
            continue
        page = homes[0]
        pass_pages.add(page)
        for option in options:
            num_options += 1
            if f"`{option}`" not in pages[page]:
                problems.append(
                    f"pass -{name}: option '{option}' is not described in {page}"
                )

    # The pipeline page names every pipeline option.
    pipeline_options = parse_pipeline_options(args.pipeline_header)
    if not pipeline_options:
        problems.append(f"{args.pipeline_header}: no pipeline option found")
    pipeline_text = pages.get(PIPELINE_PAGE)
    if pipeline_text is None:
        problems.append(f"{PIPELINE_PAGE}: missing")
    else:
        for option in pipeline_options:
            if f"`{option}`" not in pipeline_text:
                problems.append(
                    f"pipeline option '{option}' is not described in {PIPELINE_PAGE}"
                )

    # Pages that describe passes say what the passes do not do.
    for page in sorted(pass_pages):
        if not re.search(r"^(#+ )?Limitations", pages[page], re.MULTILINE):
            problems.append(f"{page}: no part on limitations")

    # Links between pages resolve; includes name generated references.
    generated = {os.path.basename(r) for r in args.references}
    for page, text in sorted(pages.items()):
        for target in re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]*)?\)", text):
            if target not in pages and target not in UPSTREAM_PAGES:
                problems.append(f"{page}: link to missing page {target}")
        for target in re.findall(r'^\[include "([\w./-]+)"\]', text, re.MULTILINE):
            if target not in generated:
                problems.append(
                    f'{page}: [include "{target}"] is not a generated reference'
                )

    for problem in problems:
        print(f"error: {problem}")
    if problems:
        return 1
    print(
        f"checked {len(passes)} passes, {num_options} pass options and "
        f"{len(pipeline_options)} pipeline options on {len(pages)} pages"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
