#!/usr/bin/env python3
"""Draws the plans that `mlir-opt -merge-alloc="plan-file=plan.json"` writes.

Each allocation scope becomes one panel: time (ticks) runs to the right,
byte offsets in the merged buffer go up, and every buffer is a rectangle
from its first to its last tick and from its offset to its offset plus its
size. Two rectangles never overlap in a correct plan.

Usage: plan_to_svg.py plan.json -o plan.svg [--scope N]
"""

import argparse
import html
import json
import sys

PANEL_WIDTH = 640
PANEL_HEIGHT = 240
MARGIN_LEFT = 90
MARGIN_TOP = 40
MARGIN_BOTTOM = 40
COLORS = [
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
]


def draw_scope(scope, top):
    """Returns the SVG elements of one scope's panel, `top` pixels down."""
    buffers = scope["buffers"]
    first = min(b["first_tick"] for b in buffers)
    last = max(b["last_tick"] for b in buffers) + 1
    total = max(scope["total"], 1)
    x_scale = PANEL_WIDTH / max(last - first, 1)
    y_scale = PANEL_HEIGHT / total

    def x(tick):
        return MARGIN_LEFT + (tick - first) * x_scale

    def y(offset):
        return top + MARGIN_TOP + PANEL_HEIGHT - offset * y_scale

    title = "scope %d (%s in @%s, %s): %d bytes, peak live %d, sum %d, %s" % (
        scope["scope"],
        scope["op"],
        scope["function"],
        scope["memory_space"],
        scope["total"],
        scope["peak_live"],
        scope["sum_of_sizes"],
        scope["planner"],
    )
    out = [
        '<text x="%d" y="%d" font-size="13">%s</text>'
        % (MARGIN_LEFT, top + MARGIN_TOP - 12, html.escape(title))
    ]
    # The merged buffer's frame and axis labels.
    out.append(
        '<rect class="frame" x="%g" y="%g" width="%g" height="%g" '
        'fill="none" stroke="#333"/>'
        % (MARGIN_LEFT, top + MARGIN_TOP, PANEL_WIDTH, PANEL_HEIGHT)
    )
    out.append(
        '<text x="%d" y="%g" font-size="11" text-anchor="end">%d</text>'
        % (MARGIN_LEFT - 4, y(total) + 10, scope["total"])
    )
    out.append(
        '<text x="%d" y="%g" font-size="11" text-anchor="end">0</text>'
        % (MARGIN_LEFT - 4, y(0))
    )
    out.append(
        '<text x="%g" y="%g" font-size="11">tick %d</text>'
        % (x(first), y(0) + 16, first)
    )
    out.append(
        '<text x="%g" y="%g" font-size="11" text-anchor="end">'
        "tick %d</text>" % (x(last), y(0) + 16, last - 1)
    )
    for b in buffers:
        left, right = x(b["first_tick"]), x(b["last_tick"] + 1)
        bottom, height = y(b["offset"]), b["size"] * y_scale
        label = "#%d %s" % (b["id"], b["type"])
        tip = "%s at %s: ticks [%d, %d], offset %d, %d bytes" % (
            label,
            b["loc"],
            b["first_tick"],
            b["last_tick"],
            b["offset"],
            b["size"],
        )
        out.append(
            '<rect class="buffer" x="%g" y="%g" width="%g" height="%g" '
            'fill="%s" fill-opacity="0.75" stroke="#222">'
            "<title>%s</title></rect>"
            % (
                left,
                bottom - height,
                right - left,
                height,
                COLORS[b["id"] % len(COLORS)],
                html.escape(tip),
            )
        )
        if height >= 12:
            out.append(
                '<text x="%g" y="%g" font-size="11" fill="#fff">%s'
                "</text>" % (left + 3, bottom - height / 2 + 4, html.escape(label))
            )
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan", help="JSON written by merge-alloc's plan-file")
    parser.add_argument("-o", "--output", default="-", help="SVG to write")
    parser.add_argument(
        "--scope", type=int, action="append", help="only this scope (repeatable)"
    )
    args = parser.parse_args()

    with open(args.plan) as f:
        scopes = json.load(f)["scopes"]
    if args.scope is not None:
        scopes = [s for s in scopes if s["scope"] in args.scope]
    scopes = [s for s in scopes if s["buffers"]]
    if not scopes:
        sys.exit("plan_to_svg.py: no scope with buffers in %s" % args.plan)

    panel = MARGIN_TOP + PANEL_HEIGHT + MARGIN_BOTTOM
    width = MARGIN_LEFT + PANEL_WIDTH + 20
    height = panel * len(scopes)
    body = []
    for index, scope in enumerate(scopes):
        body += draw_scope(scope, index * panel)
    svg = (
        [
            '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
            'font-family="sans-serif">' % (width, height),
            '<rect width="100%" height="100%" fill="#fff"/>',
        ]
        + body
        + ["</svg>"]
    )
    text = "\n".join(svg) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
