# ===- program.py - Random memref programs for the deallocation fuzzer -----===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===----------------------------------------------------------------------===#
"""Program model, generator and renderer of the deallocation fuzzer.

A program is a list of functions; a function body is a tree of statements
over named buffer variables (`Stmt`). `generate(seed)` builds a random
program from a seed alone, so a seed number reproduces it. `render(program)`
prints it as MLIR in the form One-Shot Bufferize leaves behind: memrefs,
allocations and no deallocation.

The renderer decides what is valid. A statement whose operands are not
defined at that point, or have the wrong type, is left out, and a function
result that is not available is replaced by a fresh buffer. Hence every
subset of a program's statements renders to a valid program, which is what
the reducer relies on: it drops statements and regions freely.

Semantics the generator guarantees, so that any difference between a run
without deallocation and a run through the pipeline is a bug:
  * every buffer is filled when it is allocated (and the tail after a
    `memref.realloc` that grows it), so no read sees uninitialized memory,
    which buffer reuse would legitimately change;
  * every index is in bounds: a 1-D buffer has at least 4 elements, and
    stores and loads use indices below 4;
  * `memref.realloc` only applies to a heap buffer allocated in the same
    region that no variable of an enclosing region may alias, and every
    variable that may alias it is dead afterwards;
  * parallel loop iterations write distinct elements and print nothing;
  * no result depends on whether a function result aliases an argument or
    another result, which the deallocation ABI decides: a result that may
    be an argument, or may be a buffer another result is, is returned as a
    clone (see `FuncRenderer.render`), except by a function that passes an
    argument on, whose callers pass buffers nothing else uses (see
    `FuncRenderer.stmt_call`).
"""

import random

# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


class Ty:
    """A memref type: element type, shape (None is dynamic) and layout
    (None: identity; an int or '?': strided<[1], offset: ...>, rank 1)."""

    __slots__ = ("elt", "shape", "offset")

    def __init__(self, elt, shape, offset=None):
        self.elt = elt
        self.shape = tuple(shape)
        self.offset = offset

    def __eq__(self, other):
        return isinstance(other, Ty) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __repr__(self):
        return "Ty(%r, %r, %r)" % (self.elt, self.shape, self.offset)

    def __str__(self):
        dims = "x".join("?" if d is None else str(d) for d in self.shape)
        if not dims:
            return "memref<%s>" % self.elt
        layout = ""
        if self.offset is not None:
            layout = (
                ", strided<[1]>"
                if self.offset == 0
                else ", strided<[1], offset: %s>" % self.offset
            )
        return "memref<%sx%s%s>" % (dims, self.elt, layout)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def identity(self):
        return self.offset is None

    @property
    def static(self):
        return None not in self.shape

    def min_size(self, dim=0):
        """Smallest run-time size of `dim`: dynamic sizes are at least 4."""
        return 4 if self.shape[dim] is None else self.shape[dim]

    def is_float(self):
        return is_float(self.elt)


# The types the generator draws from; views add strided variants.
PALETTE = [
    Ty("f32", [8]),
    Ty("f32", [8]),
    Ty("f32", [None]),
    Ty("f32", [16]),
    Ty("f32", [4, 4]),
    Ty("i32", [8]),
    Ty("i32", [16]),
    Ty("i64", [None]),
    Ty("f64", [4]),
    Ty("i8", [64]),
    Ty("index", [8]),
]
SIGNATURE_TYPES = [Ty("f32", [8]), Ty("f32", [None]), Ty("i32", [8]), Ty("f32", [16])]

# ---------------------------------------------------------------------------
# Program model
# ---------------------------------------------------------------------------


class Stmt:
    """One statement. `kind` names it; `f` holds its fields; `bodies` its
    nested statement lists (regions, branches, cases), in order."""

    __slots__ = ("kind", "f", "bodies")

    def __init__(self, kind, bodies=None, **fields):
        self.kind = kind
        self.f = fields
        self.bodies = bodies or []

    def copy(self):
        return Stmt(
            self.kind, [[s.copy() for s in b] for b in self.bodies], **dict(self.f)
        )

    def __repr__(self):
        return "Stmt(%s, %r, %d bodies)" % (self.kind, self.f, len(self.bodies))


class Func:
    __slots__ = ("name", "public", "params", "results", "body", "rets", "passes_on")

    def __init__(self, name, public, params, results, body, rets, passes_on=None):
        self.name = name
        self.public = public
        self.params = params  # [(var name, Ty)]
        self.results = results  # [Ty]
        self.body = body  # [Stmt]
        self.rets = rets  # [var name], one per result
        # The position of a result that may be an argument itself (not a
        # clone of it); its callers pass buffers nothing else sees.
        self.passes_on = passes_on

    def copy(self):
        return Func(
            self.name,
            self.public,
            list(self.params),
            list(self.results),
            [s.copy() for s in self.body],
            list(self.rets),
            self.passes_on,
        )


class Program:
    __slots__ = ("seed", "funcs")

    def __init__(self, seed, funcs):
        self.seed = seed
        self.funcs = funcs  # funcs[0] is @main

    def copy(self):
        return Program(self.seed, [f.copy() for f in self.funcs])

    def size(self):
        def count(stmts):
            return sum(1 + sum(count(b) for b in s.bodies) for s in stmts)

        return len(self.funcs) + sum(count(f.body) for f in self.funcs)


# ---------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------

# How often a drawn `cf` loop or `cf.switch` is kept by default (the rest
# become their structured twins). The pipeline lifts both to `scf`, but the
# stock pipeline rejects them, which would hide most of a program from the
# comparison with stock.
UNSTRUCTURED = 0.5

REGION_KINDS = ["for", "while", "if", "switch", "exec", "cfif", "cfloop", "cfswitch"]


class Generator:
    """Draws a program from a seed. The environment it keeps (variable name to
    type) is a guess of what the renderer will find defined; the renderer
    has the last word."""

    def __init__(
        self,
        seed,
        max_stmts=40,
        max_depth=3,
        max_funcs=4,
        unstructured=UNSTRUCTURED,
        kernels=0.0,
        producers=0.0,
    ):
        self.rng = random.Random(seed)
        self.unstructured = unstructured
        # The share of private functions drawn as kernels, which return
        # nothing and keep their buffers to themselves: merge-alloc plans
        # their temporaries into a workspace of their callers. A generator of
        # its own decides, so that the programs of kernels=0 stay as they
        # were.
        self.kernels = kernels
        self.kernel_rng = random.Random(seed * 7919 + 17)
        self.kernel_names = set()
        # The share of the other functions drawn as producers, whose first
        # statement allocates the buffer that they return at one position:
        # fresh-buffer-results-to-out-params lets their callers allocate it.
        # A generator of its own decides, so that the programs of
        # producers=0 stay as they were.
        self.producers = producers
        self.producer_rng = random.Random(seed * 7927 + 29)
        # Whether a producer that may return its argument returns it itself
        # on that path rather than a clone; a generator of its own decides,
        # so that the other draws of the producers stay as they were.
        self.passes_on_rng = random.Random(seed * 7933 + 31)
        self.seed = seed
        self.max_depth = max_depth
        self.budget = max_stmts
        self.max_funcs = max_funcs
        self.next_var = 0
        self.funcs = []
        # The buffers that `evolve` loops replace, in the current function.
        self.evolved = set()

    def new_var(self):
        self.next_var += 1
        return "x%d" % self.next_var

    def pick(self, env, pred=lambda t: True):
        names = sorted(n for n, t in env.items() if not n.startswith("#") and pred(t))
        return self.rng.choice(names) if names else None

    def cond(self, env):
        return {"cond": self.pick(env), "k": self.rng.randint(0, 6)}

    def generate(self):
        rng = self.rng
        nfuncs = rng.randint(0, self.max_funcs)
        # Signatures first, so that callers know their callees.
        for i in range(nfuncs):
            params = [
                (self.new_var(), rng.choice(SIGNATURE_TYPES))
                for _ in range(rng.randint(0, 2))
            ]
            results = [rng.choice(SIGNATURE_TYPES) for _ in range(rng.randint(0, 2))]
            public = rng.random() < 0.4
            if not public and self.kernels and self.kernel_rng.random() < self.kernels:
                results = []
                self.kernel_names.add("priv%d" % (i + 1))
            name = ("pub%d" if public else "priv%d") % (i + 1)
            self.funcs.append(Func(name, public, params, results, [], []))
        main = Func("main", True, [], [], [], [])
        self.funcs.insert(0, main)
        total = self.budget
        # Callees get a smaller share of the budget.
        for index in range(len(self.funcs) - 1, -1, -1):
            fn = self.funcs[index]
            self.budget = total if index == 0 else max(4, total // 3)
            env = {n: t for n, t in fn.params}
            self.evolved = set()
            produced = self.draw_produced(fn, index)
            if produced is not None:
                env[produced[1]] = fn.results[produced[0]]
            if fn.name in self.kernel_names:
                fn.body = self.kernel_body(env, index)
            else:
                fn.body = self.block(env, 0, index)
            if produced is not None:
                position, name, arg = produced
                fn.body[:0] = self.produce(fn, env, position, name, arg)
            for ty in fn.results:
                if produced is not None and len(fn.rets) == produced[0]:
                    fn.rets.append(produced[1])
                    continue
                # Most often a buffer a loop replaced, if there is one.
                evolved = sorted(n for n in self.evolved if env.get(n) == ty)
                if evolved and rng.random() < 0.7:
                    fn.rets.append(rng.choice(evolved))
                    continue
                # Now and then the same buffer as the previous result, which
                # the no-alias ABI must not let a caller tell from a copy.
                if (
                    fn.rets
                    and fn.results[len(fn.rets) - 1] == ty
                    and rng.random() < 0.3
                ):
                    fn.rets.append(fn.rets[-1])
                    continue
                fn.rets.append(
                    self.pick(env, lambda t, ty=ty: t == ty) or self.new_var()
                )
            # `main` ends by printing what it computed, so that the work of
            # every function it called reaches the output.
            if index == 0:
                for name in sorted(n for n in env if not n.startswith("#")):
                    if rng.random() < 0.5:
                        fn.body.append(Stmt("print", src=name))
        return Program(self.seed, self.funcs)

    def draw_produced(self, fn, func_index):
        """For a function drawn as a producer, the position of a result of
        static type and the name of the buffer it returns there; else None."""
        if (
            func_index == 0
            or not self.producers
            or fn.name in self.kernel_names
            or self.producer_rng.random() >= self.producers
        ):
            return None
        positions = [i for i, ty in enumerate(fn.results) if ty.static]
        if not positions:
            return None
        prng = self.producer_rng
        position = prng.choice(positions)
        # Now and then, when an argument has the result's type, the result
        # is that argument or a fresh buffer (see `produce`), in a short
        # function, as a front end emits `x if ok(x) else f(x)`.
        args = sorted(n for n, t in fn.params if t == fn.results[position])
        arg = None
        if args and prng.random() < 0.5:
            arg = prng.choice(args)
            self.budget = min(self.budget, prng.randint(0, 3))
        return position, self.new_var(), arg

    def produce(self, fn, env, position, name, arg):
        """The statements that start a producer: the allocation of the
        buffer it returns at `position`; or, with `arg`, a choice between a
        fresh buffer computed from the argument `arg` and a clone of it
        (`x if ok(x) else f(x)`), which fresh-results-to-out-params turns
        into writes of one new argument on both paths."""
        prng = self.producer_rng
        ty = fn.results[position]
        alloc = Stmt("alloc", dst=name, ty=ty, val=prng.randint(0, 9), iv=False)
        if arg is None:
            return [alloc]
        # The fresh buffer computed from the argument, most often without
        # a temporary (which keeps the result a result).
        fresh = [alloc, Stmt("update", dst=name, src=arg, idx=0, val=1)]
        if prng.random() < 0.25:
            fresh.append(Stmt("map", dst=self.new_var(), a=arg, b=name))
            env[fresh[-1].f["dst"]] = ty
            fresh.append(Stmt("update", dst=name, src=fresh[-1].f["dst"], idx=1, val=1))
        # The other path returns the argument itself or a clone of it. The
        # argument itself reaches the caller as it is or as a copy depending
        # on the deallocation's mode, so the callers of such a function pass
        # it buffers of their own that nothing else reads or writes (see
        # `FuncRenderer.stmt_call`); otherwise the renderer clones a result
        # that may be an argument after the branch.
        if self.passes_on_rng.random() < 0.5:
            fn.passes_on = position
            other = []
        else:
            other = [Stmt("clone", dst=name, src=arg)]
        bodies = [fresh, other] if prng.random() < 0.5 else [other, fresh]
        return [
            Stmt("assign", dst=name, src=arg),
            Stmt("if", bodies, cond=arg, k=prng.randint(0, 6)),
        ]

    def kernel_body(self, env, func_index):
        """The body of a kernel: a chain of static temporaries computed from
        each other and the arguments, then the usual statements, then the
        last temporary added into each argument of its element type."""
        krng = self.kernel_rng
        ty = krng.choice([t for t in PALETTE if t.static])
        stmts = []
        chain = []
        for _ in range(krng.randint(1, 4)):
            name = self.new_var()
            env[name] = ty
            stmts.append(
                Stmt("alloc", dst=name, ty=ty, val=krng.randint(0, 9), iv=False)
            )
            if chain:
                # The new temporary from the last one or two.
                other = krng.choice(chain[-2:])
                stmts.append(Stmt("map", dst=self.new_var(), a=chain[-1], b=other))
                env[stmts[-1].f["dst"]] = ty
                stmts.append(
                    Stmt(
                        "update",
                        dst=name,
                        src=stmts[-1].f["dst"],
                        idx=krng.randint(0, 3),
                        val=1,
                    )
                )
            chain.append(name)
        # A few statements of any kind between; most kernels are short.
        self.budget = min(self.budget, krng.randint(0, 4))
        stmts += self.block(env, 0, func_index)
        for arg, arg_ty in sorted(env.items()):
            if arg in chain or arg.startswith("#") or arg_ty.elt != ty.elt:
                continue
            if any(arg == n for n, _ in self.funcs[func_index].params):
                stmts.append(
                    Stmt(
                        "update", dst=arg, src=chain[-1], idx=krng.randint(0, 3), val=2
                    )
                )
        return stmts

    def block(self, env, depth, func_index):
        stmts = []
        n = self.rng.randint(1, 6 if depth == 0 else 4)
        for _ in range(n):
            if self.budget <= 0:
                break
            self.budget -= 1
            stmt = self.stmt(env, depth, func_index)
            if stmt is not None:
                stmts.append(stmt)
        return stmts

    def stmt(self, env, depth, func_index):
        rng = self.rng
        choices = ["alloc"] * 6 + ["print"] * 3 + ["fill", "store", "update"] * 2
        choices += ["copy", "assign", "select", "swap", "view", "view", "realloc"]
        choices += ["alloca", "parallel", "distinct", "stash", "unstash"]
        choices += ["map"] * 2
        if depth < self.max_depth:
            choices += REGION_KINDS + ["for", "if", "evolve", "evolve"]
        if func_index + 1 < len(self.funcs):
            choices += ["call"] * 2
            # Producers are there to be called.
            if self.producers:
                choices += ["call"] * 6
        kind = rng.choice(choices)
        if kind in ("cfloop", "cfswitch") and rng.random() >= self.unstructured:
            kind = {"cfloop": "for", "cfswitch": "switch"}[kind]
        if not env and kind not in REGION_KINDS + ["alloc", "call"]:
            kind = "alloc"
        if kind in ("alloc", "alloca"):
            ty = rng.choice(PALETTE)
            if kind == "alloca" and not ty.static:
                ty = Ty(ty.elt, [8])
            name = self.new_var() if rng.random() < 0.6 or not env else self.pick(env)
            if name in env and env[name] != ty:
                name = self.new_var()
            env[name] = ty
            return Stmt(
                kind, dst=name, ty=ty, val=rng.randint(0, 9), iv=rng.random() < 0.5
            )
        if kind == "print":
            return Stmt("print", src=self.pick(env))
        if kind == "fill":
            return Stmt("fill", dst=self.pick(env), val=rng.randint(0, 9))
        if kind == "store":
            return Stmt(
                "store",
                dst=self.pick(env),
                idx=rng.randint(0, 3),
                val=rng.randint(0, 9),
                iv=rng.random() < 0.3,
            )
        if kind == "update":
            dst = self.pick(env)
            src = self.pick(env, lambda t: t.elt == env[dst].elt)
            return Stmt(
                "update", dst=dst, src=src, idx=rng.randint(0, 3), val=rng.randint(1, 5)
            )
        if kind == "map":
            # An elementwise op into a fresh buffer, as One-Shot Bufferize
            # leaves it; binding the result to an input's name makes that
            # input die at the op.
            a = self.pick(env, lambda t: t.static)
            if a is None:
                return None
            b = self.pick(
                env, lambda t: t.shape == env[a].shape and t.elt == env[a].elt
            )
            dst = self.new_var() if rng.random() < 0.5 else a
            ty = Ty(env[a].elt, env[a].shape)
            if dst in env and env[dst] != ty:
                dst = self.new_var()
            env[dst] = ty
            return Stmt("map", dst=dst, a=a, b=b)
        if kind == "copy":
            src = self.pick(env, lambda t: t.static)
            if src is None:
                return None
            dst = self.pick(
                env, lambda t: t.shape == env[src].shape and t.elt == env[src].elt
            )
            return Stmt("copy", src=src, dst=dst)
        if kind in ("assign", "select", "swap"):
            a = self.pick(env)
            b = self.pick(env, lambda t: t == env[a])
            if kind == "swap":
                return Stmt("swap", a=a, b=b)
            dst = self.new_var() if rng.random() < 0.5 else b
            env[dst] = env[a]
            if kind == "assign":
                return Stmt("assign", dst=dst, src=a)
            return Stmt("select", dst=dst, a=a, b=b, **self.cond(env))
        if kind == "view":
            src = self.pick(env)
            dst = self.new_var()
            how = rng.choice(VIEW_KINDS)
            off = rng.randint(0, 4)
            ty = view_type(env[src], how, off if how == "view" else 0)
            if ty is None:
                return None
            env[dst] = ty
            return Stmt("view", dst=dst, src=src, how=how, off=off)
        if kind == "distinct":
            # Two buffers that cannot alias: the renderer checks it.
            a = self.pick(env)
            b = self.pick(env)
            if a is None or b is None or a == b:
                return None
            return Stmt("distinct", a=a, b=b)
        if kind == "stash":
            # The descriptor of a buffer stored into a fresh box, which a
            # later `unstash` of the same or an inner block loads back.
            src = self.pick(env)
            box = "#box%d" % len([n for n in env if n.startswith("#")])
            env[box] = env[src]
            return Stmt("stash", src=src, box=box)
        if kind == "unstash":
            boxes = sorted(n for n in env if n.startswith("#"))
            if not boxes:
                return None
            box = rng.choice(boxes)
            dst = self.new_var()
            env[dst] = env[box]
            return Stmt("unstash", box=box, dst=dst)
        if kind == "realloc":
            src = self.pick(env, lambda t: t.identity and t.rank == 1 and t.static)
            if src is None:
                return None
            dst = self.new_var()
            # Only growing: `expand-realloc` builds an out-of-bounds subview
            # for a static realloc that shrinks.
            size = env[src].shape[0] + 4
            env[dst] = Ty(env[src].elt, [size])
            return Stmt("realloc", dst=dst, src=src, size=size, val=rng.randint(0, 9))
        if kind == "parallel":
            dst = self.pick(env, lambda t: t.rank == 1)
            if dst is None:
                return None
            return Stmt(
                "parallel", dst=dst, val=rng.randint(0, 9), iv=rng.random() < 0.5
            )
        if kind == "call":
            callee_index = rng.randint(func_index + 1, len(self.funcs) - 1)
            callee = self.funcs[callee_index]
            args = []
            for _, ty in callee.params:
                arg = self.pick(env, lambda t, ty=ty: t == ty)
                if arg is None:
                    # With producers, a new buffer (`f(zeros(n))`); None is
                    # that to the renderer.
                    if not self.producers:
                        return None
                args.append(arg)
            dsts = []
            for ty in callee.results:
                dst = self.new_var()
                env[dst] = ty
                dsts.append(dst)
            return Stmt("call", callee=callee.name, args=args, dsts=dsts)
        if kind == "evolve":
            return self.evolve(env, func_index)
        # Regions. Variables first defined inside are local to the region;
        # the generator forgets them afterwards.
        inner = lambda: self.block(dict(env), depth + 1, func_index)
        if kind == "for":
            return Stmt("for", [inner()], n=rng.randint(0, 3), dyn=rng.random() < 0.3)
        if kind == "while":
            return Stmt("while", [inner(), inner()], n=rng.randint(0, 3))
        if kind == "cfloop":
            return Stmt("cfloop", [inner()], n=rng.randint(0, 3))
        if kind in ("if", "cfif"):
            return Stmt(kind, [inner(), inner()], **self.cond(env))
        if kind in ("switch", "cfswitch"):
            ncases = rng.randint(1, 3)
            return Stmt(kind, [inner() for _ in range(ncases + 1)], **self.cond(env))
        if kind == "exec":
            return Stmt("exec", [inner()])
        raise AssertionError(kind)

    def evolve(self, env, func_index):
        """A loop that replaces a buffer with a fresh one computed from it,
        in every iteration or only in some, as a time-stepping front end
        emits it. The function tends to return such a buffer afterwards.
        With producers, the step is now and then a call of a later function
        that takes and returns a buffer of that type (`x = f(x)`)."""
        rng = self.rng
        called = self.evolve_call(env, func_index)
        if called is not None:
            name, new, step = called
        else:
            name = self.pick(env, lambda t: t.identity)
            if name is None:
                return None
            ty = env[name]
            new = self.new_var()
            step = [Stmt("alloc", dst=new, ty=ty, val=rng.randint(0, 9), iv=False)]
            if ty.static:
                step.append(Stmt("copy", src=name, dst=new))
            step.append(
                Stmt(
                    "update",
                    dst=new,
                    src=name,
                    idx=rng.randint(0, 3),
                    val=rng.randint(1, 5),
                )
            )
            step.append(Stmt("assign", dst=name, src=new))
        if rng.random() < 0.3:
            # Only in some iterations: under an `if`, in one case of a
            # switch whose other cases keep the buffer, or by keeping the
            # old buffer or the new one with a select.
            how = rng.choice(["if", "if", "switch", "select"])
            if how == "if":
                step = [Stmt("if", [step, []], **self.cond(env))]
            elif how == "switch":
                ncases = rng.randint(1, 3)
                bodies = [[] for _ in range(ncases + 1)]
                bodies[rng.randrange(ncases + 1)] = step
                step = [Stmt("switch", bodies, **self.cond(env))]
            else:
                step[-1] = Stmt("select", dst=name, a=new, b=name, **self.cond(env))
        self.evolved.add(name)
        loop = rng.choice(["for", "for", "while", "cfloop"])
        if loop == "cfloop" and rng.random() >= self.unstructured:
            loop = "for"
        n = rng.randint(0, 3)
        if loop == "while":
            return Stmt("while", [[], step], n=n)
        if loop == "cfloop":
            return Stmt("cfloop", [step], n=n)
        return Stmt("for", [step], n=n, dyn=rng.random() < 0.3)

    def evolve_call(self, env, func_index):
        """With producers, half of the time: a buffer of the function, the
        name of the result that replaces it and the statements of a call of
        a later function that takes a buffer of its type and returns one;
        or None."""
        if not self.producers or self.producer_rng.random() >= 0.5:
            return None
        prng = self.producer_rng
        candidates = []
        for callee in self.funcs[func_index + 1 :]:
            for ty in sorted({t for _, t in callee.params}, key=str):
                if not ty.identity or ty not in callee.results:
                    continue
                for name in sorted(n for n, t in env.items() if t == ty):
                    if not name.startswith("#"):
                        candidates.append((callee, name))
        if not candidates:
            return None
        callee, name = prng.choice(candidates)
        ty = env[name]
        args = []
        for _, t in callee.params:
            if t == ty and name not in args:
                args.append(name)
            else:
                args.append(self.pick(env, lambda u, t=t: u == t))
        dsts = [self.new_var() for _ in callee.results]
        result = dsts[callee.results.index(ty)]
        step = [
            Stmt("call", callee=callee.name, args=args, dsts=dsts),
            Stmt("assign", dst=name, src=result),
        ]
        return name, result, step


VIEW_KINDS = [
    "subview",
    "subview",
    "cast",
    "reinterpret",
    "collapse",
    "expand",
    "view",
    "view",
    "transpose",
]


def view_type(src, how, off):
    """The type of view `how` of a buffer of type `src`, or None if that view
    does not apply. `off` is the subview offset."""
    if how == "subview":
        if src.rank != 1 or src.min_size() < 4 + off:
            return None
        if src.offset == "?":
            offset = "?"
        else:
            offset = (src.offset or 0) + off
        return Ty(src.elt, [4], offset)
    if how == "cast":
        if src.rank != 1:
            return None
        if src.identity and src.static:
            return Ty(src.elt, [None])
        if not src.identity and src.offset != "?":
            return Ty(src.elt, src.shape, "?")
        return None
    if how == "reinterpret":
        if src.rank != 1:
            return None
        return Ty(src.elt, [4])
    if how == "collapse":
        if src.identity and src.shape == (4, 4):
            return Ty(src.elt, [16])
        return None
    if how == "expand":
        if src.identity and src.shape == (16,):
            return Ty(src.elt, [4, 4])
        return None
    if how == "view":
        # `off` f32 elements (4 bytes each) into the source.
        if (
            src.identity
            and src.elt == "i8"
            and src.static
            and src.rank == 1
            and src.shape[0] // 4 - off >= 1
        ):
            return Ty("f32", [src.shape[0] // 4 - off])
        return None
    if how == "transpose":
        # The identity permutation of a 1-D buffer, which the alias analysis
        # of MLIR 22 does not link to its source.
        if src.rank != 1:
            return None
        return Ty(src.elt, src.shape, 0 if src.offset is None else src.offset)
    raise AssertionError(how)


def parse_memref_type(text):
    """The `Ty` that prints as `text`."""
    for ty in PALETTE + SIGNATURE_TYPES:
        if str(ty) == text:
            return ty
    inner = text[len("memref<") : -1]
    layout = None
    if ", strided<[1]" in inner:
        inner, rest = inner.split(", strided<[1]", 1)
        layout = rest.split("offset: ")[1].rstrip(">") if "offset: " in rest else 0
        if layout not in (0, "?"):
            layout = int(layout)
    # The element type may contain an "x" itself (`index`): the dimensions
    # are the leading numbers and question marks.
    dims = []
    while True:
        dim, sep, rest = inner.partition("x")
        if not sep or not (dim == "?" or dim.isdigit()):
            break
        dims.append(None if dim == "?" else int(dim))
        inner = rest
    return Ty(inner, dims, layout)


def generate(seed, **kwargs):
    """The program of `seed`; the same seed always gives the same program."""
    return Generator(seed, **kwargs).generate()


# ---------------------------------------------------------------------------
# Renderer
# ---------------------------------------------------------------------------


class Var:
    """What a variable is bound to: an SSA value, its type, the allocation
    sites it may alias (`roots`) and whether it is a view."""

    __slots__ = ("ssa", "ty", "roots", "view")

    def __init__(self, ssa, ty, roots, view=False):
        self.ssa = ssa
        self.ty = ty
        self.roots = frozenset(roots)
        self.view = view


class Region:
    """A region being rendered: the variables defined at its entry (which its
    statements may rebind only with the same type), the heap allocations made
    in it, whether it may have several blocks, and its induction values."""

    def __init__(self, entry, multi_block, ivs):
        self.entry = {name: var.ty for name, var in entry.items()}
        self.local_heap = set()
        self.multi_block = multi_block
        self.ivs = list(ivs)


def is_float(elt):
    return elt in ("f32", "f64")


def elt_const(val, elt):
    return ("%d.0" % val) if is_float(elt) else str(val)


class FuncRenderer:
    def __init__(self, program, fn, counter):
        self.fn = fn
        self.funcs = {f.name: f for f in program.funcs}
        self.lines = []
        self.counter = counter
        self.depth = 1

    # -- emission -----------------------------------------------------------

    def fresh(self, prefix="v"):
        self.counter[0] += 1
        return "%%%s%d" % (prefix, self.counter[0])

    def label(self):
        self.counter[0] += 1
        return "^bb%d" % self.counter[0]

    def emit(self, line):
        self.lines.append("  " * self.depth + line)

    def emit_label(self, line):
        self.lines.append("  " * (self.depth - 1) + line)

    def const(self, val, ty):
        name = self.fresh("c")
        if ty == "i1":
            self.emit("%s = arith.constant %s" % (name, val))
        else:
            self.emit("%s = arith.constant %s : %s" % (name, val, ty))
        return name

    def index(self, val):
        return self.const(val, "index")

    # -- helpers ------------------------------------------------------------

    def can_bind(self, region, env, name, ty):
        return name not in region.entry or region.entry[name] == ty

    def load(self, var, indices):
        val = self.fresh()
        self.emit(
            "%s = memref.load %s[%s] : %s" % (val, var.ssa, ", ".join(indices), var.ty)
        )
        return val

    def add(self, elt, a, b):
        res = self.fresh()
        op = "arith.addf" if is_float(elt) else "arith.addi"
        self.emit("%s = %s %s, %s : %s" % (res, op, a, b, elt))
        return res

    def first_indices(self, var, idx):
        """Indices of element `idx` (< 4) of `var`."""
        if var.ty.rank == 1:
            return [self.index(idx)]
        return [self.index(idx), self.index(0)]

    def cond(self, env, stmt):
        """An i1 from the first element of the statement's condition
        variable, or a constant when that variable is gone."""
        var = env.get(stmt.f.get("cond"))
        if var is None:
            return self.const("true" if stmt.f["k"] % 2 else "false", "i1")
        val = self.load(var, self.first_indices(var, 0))
        k = self.const(elt_const(stmt.f["k"], var.ty.elt), var.ty.elt)
        res = self.fresh()
        if var.ty.is_float():
            self.emit("%s = arith.cmpf ogt, %s, %s : %s" % (res, val, k, var.ty.elt))
        else:
            self.emit("%s = arith.cmpi sgt, %s, %s : %s" % (res, val, k, var.ty.elt))
        return res

    def selector(self, env, stmt):
        """An i32 in [0, 3] from the statement's condition variable."""
        var = env.get(stmt.f.get("cond"))
        if var is None:
            return self.const(stmt.f["k"] % 4, "i32")
        val = self.load(var, self.first_indices(var, 0))
        elt = var.ty.elt
        as_i32 = self.fresh()
        if var.ty.is_float():
            self.emit("%s = arith.fptosi %s : %s to i32" % (as_i32, val, elt))
        elif elt == "index":
            self.emit("%s = arith.index_cast %s : index to i32" % (as_i32, val))
        elif elt == "i64":
            self.emit("%s = arith.trunci %s : i64 to i32" % (as_i32, val))
        elif elt == "i8":
            self.emit("%s = arith.extsi %s : i8 to i32" % (as_i32, val))
        else:
            as_i32 = val
        three = self.const(3, "i32")
        res = self.fresh()
        self.emit("%s = arith.andi %s, %s : i32" % (res, as_i32, three))
        return res

    def fill(self, var, val):
        c = self.const(elt_const(val, var.ty.elt), var.ty.elt)
        self.emit(
            "linalg.fill ins(%s : %s) outs(%s : %s)" % (c, var.ty.elt, var.ssa, var.ty)
        )

    def size_operand(self, region, stmt, base):
        if stmt.f.get("iv") and region.ivs:
            iv = region.ivs[-1]
            c = self.index(base)
            res = self.fresh()
            self.emit("%s = arith.addi %s, %s : index" % (res, iv, c))
            return res
        return self.index(base + stmt.f.get("val", 0) % 5)

    def sum(self, var):
        """The sum of all elements of `var`, by loops."""
        elt = var.ty.elt
        acc = self.const(elt_const(0, elt), elt)
        c0 = self.index(0)
        c1 = self.index(1)
        ivs = []
        for dim in range(var.ty.rank):
            if var.ty.shape[dim] is None:
                ub = self.fresh()
                d = self.index(dim)
                self.emit("%s = memref.dim %s, %s : %s" % (ub, var.ssa, d, var.ty))
            else:
                ub = self.index(var.ty.shape[dim])
            iv = self.fresh("i")
            new_acc = self.fresh("s")
            arg = self.fresh("a")
            self.emit(
                "%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {"
                % (new_acc, iv, c0, ub, c1, arg, acc, elt)
            )
            self.depth += 1
            ivs.append((new_acc, arg, iv))
            acc = arg
        x = self.load(var, [entry[2] for entry in ivs])
        result = self.add(elt, acc, x)
        for new_acc, arg, iv in reversed(ivs):
            self.emit("scf.yield %s : %s" % (result, elt))
            self.depth -= 1
            self.emit("}")
            result = new_acc
        return result

    # -- regions ------------------------------------------------------------

    def region(self, stmts, env, multi_block, ivs, bind=None):
        """Renders `stmts` as a nested region starting from `env` (with the
        variables in `bind` rebound to block arguments) and returns the
        environment at its end."""
        env = dict(env)
        if bind:
            for name, var in bind.items():
                env[name] = var
        region = Region(env, multi_block, ivs)
        self.depth += 1
        for stmt in stmts:
            self.stmt(stmt, env, region)
        self.depth -= 1
        return env

    def changed(self, bodies, env, multi_block, ivs_list):
        """Names of variables of `env` that some body rebinds: a dry run of
        every body, whose output is thrown away."""
        saved_lines, saved_depth = self.lines, self.depth
        names = set()
        for stmts, ivs in zip(bodies, ivs_list):
            self.lines = []
            end = self.region(stmts, env, multi_block, ivs)
            names |= {n for n in env if n in end and end[n].ssa != env[n].ssa}
        self.lines, self.depth = saved_lines, saved_depth
        return sorted(names)

    def block_args(self, env, carried, prefix="b"):
        bind = {}
        for name in carried:
            old = env[name]
            bind[name] = Var(
                self.fresh(prefix), old.ty, old.roots | {"carry"}, old.view
            )
        return bind

    def bind_results(self, env, carried, ends, results, alternatives=False):
        """Binds the carried variables to the results of an op whose regions
        end in `ends`. A result may be the buffer from before the op, unless
        the regions are `alternatives` (branches, one of which runs) and each
        of them replaces it: a loop that runs no iteration returns it."""
        for i, name in enumerate(carried):
            roots = frozenset()
            for end in ends:
                roots |= end[name].roots
            if not alternatives or any(end[name].ssa == env[name].ssa for end in ends):
                roots |= env[name].roots
            env[name] = Var(results[i], env[name].ty, roots, True)

    def results(self, count):
        if count == 0:
            return "", []
        base = self.fresh("r")
        if count == 1:
            return base + " = ", [base]
        return "%s:%d = " % (base, count), ["%s#%d" % (base, i) for i in range(count)]

    def yield_line(self, op, env, carried):
        if not carried:
            self.emit(op)
        else:
            self.emit(
                "%s %s : %s"
                % (
                    op,
                    ", ".join(env[n].ssa for n in carried),
                    ", ".join(str(env[n].ty) for n in carried),
                )
            )

    def types(self, env, carried):
        return ", ".join(str(env[n].ty) for n in carried)

    # -- statements ---------------------------------------------------------

    def stmt(self, stmt, env, region):
        handler = getattr(self, "stmt_" + stmt.kind)
        handler(stmt, env, region)

    def stmt_alloc(self, stmt, env, region, op="memref.alloc"):
        ty = stmt.f["ty"]
        if not self.can_bind(region, env, stmt.f["dst"], ty):
            return
        operands = []
        for dim in range(ty.rank):
            if ty.shape[dim] is None:
                operands.append(self.size_operand(region, stmt, 4))
        ssa = self.fresh()
        self.emit("%s = %s(%s) : %s" % (ssa, op, ", ".join(operands), ty))
        root = "%s%d" % ("alloca" if op == "memref.alloca" else "heap", self.counter[0])
        if op == "memref.alloc":
            region.local_heap.add(root)
        var = Var(ssa, ty, {root})
        env[stmt.f["dst"]] = var
        self.fill(var, stmt.f["val"])

    def stmt_alloca(self, stmt, env, region):
        self.stmt_alloc(stmt, env, region, "memref.alloca")

    def stmt_print(self, stmt, env, region):
        var = env.get(stmt.f["src"])
        if var is None:
            return
        total = self.sum(var)
        self.emit("vector.print %s : %s" % (total, var.ty.elt))

    def stmt_fill(self, stmt, env, region):
        var = env.get(stmt.f["dst"])
        if var is not None:
            self.fill(var, stmt.f["val"])

    def element_index(self, region, stmt, var):
        if stmt.f.get("iv") and region.ivs:
            four = self.index(4)
            res = self.fresh()
            self.emit("%s = arith.remui %s, %s : index" % (res, region.ivs[-1], four))
            idx = [res]
        else:
            idx = [self.index(stmt.f["idx"])]
        if var.ty.rank == 2:
            idx.append(self.index(stmt.f["idx"]))
        return idx

    def stmt_store(self, stmt, env, region):
        var = env.get(stmt.f["dst"])
        if var is None:
            return
        val = self.const(elt_const(stmt.f["val"], var.ty.elt), var.ty.elt)
        idx = self.element_index(region, stmt, var)
        self.emit(
            "memref.store %s, %s[%s] : %s" % (val, var.ssa, ", ".join(idx), var.ty)
        )

    def stmt_update(self, stmt, env, region):
        dst = env.get(stmt.f["dst"])
        src = env.get(stmt.f["src"])
        if dst is None or src is None or src.ty.elt != dst.ty.elt:
            return
        x = self.load(src, self.first_indices(src, (stmt.f["idx"] + 1) % 4))
        c = self.const(elt_const(stmt.f["val"], dst.ty.elt), dst.ty.elt)
        y = self.add(dst.ty.elt, x, c)
        idx = self.first_indices(dst, stmt.f["idx"])
        self.emit("memref.store %s, %s[%s] : %s" % (y, dst.ssa, ", ".join(idx), dst.ty))

    def stmt_map(self, stmt, env, region):
        a = env.get(stmt.f["a"])
        b = env.get(stmt.f["b"])
        if a is None or b is None or not a.ty.static:
            return
        if a.ty.shape != b.ty.shape or a.ty.elt != b.ty.elt:
            return
        ty = Ty(a.ty.elt, a.ty.shape)
        if not self.can_bind(region, env, stmt.f["dst"], ty):
            return
        ssa = self.fresh()
        self.emit("%s = memref.alloc() : %s" % (ssa, ty))
        root = "heap%d" % self.counter[0]
        region.local_heap.add(root)
        op = "arith.addf" if is_float(ty.elt) else "arith.addi"
        self.emit(
            "linalg.map { %s } ins(%s, %s : %s, %s) outs(%s : %s)"
            % (op, a.ssa, b.ssa, a.ty, b.ty, ssa, ty)
        )
        env[stmt.f["dst"]] = Var(ssa, ty, {root})

    def stmt_copy(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        dst = env.get(stmt.f["dst"])
        if src is None or dst is None or src.ssa == dst.ssa:
            return
        if not (
            src.ty.static and src.ty.shape == dst.ty.shape and src.ty.elt == dst.ty.elt
        ):
            return
        self.emit("memref.copy %s, %s : %s to %s" % (src.ssa, dst.ssa, src.ty, dst.ty))

    def stmt_assign(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        if src is None or not self.can_bind(region, env, stmt.f["dst"], src.ty):
            return
        env[stmt.f["dst"]] = src

    def stmt_select(self, stmt, env, region):
        a = env.get(stmt.f["a"])
        b = env.get(stmt.f["b"])
        if a is None or b is None or a.ty != b.ty:
            return
        if not self.can_bind(region, env, stmt.f["dst"], a.ty):
            return
        c = self.cond(env, stmt)
        res = self.fresh()
        self.emit("%s = arith.select %s, %s, %s : %s" % (res, c, a.ssa, b.ssa, a.ty))
        env[stmt.f["dst"]] = Var(res, a.ty, a.roots | b.roots, True)

    def stmt_swap(self, stmt, env, region):
        a = env.get(stmt.f["a"])
        b = env.get(stmt.f["b"])
        if a is None or b is None or a.ty != b.ty:
            return
        env[stmt.f["a"]], env[stmt.f["b"]] = b, a

    def stmt_view(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        if src is None:
            return
        how = stmt.f["how"]
        off = stmt.f["off"] if how in ("subview", "view") else 0
        if how == "subview" and src.ty.min_size() < 4 + off:
            off = 0
        ty = view_type(src.ty, how, off)
        if ty is None or not self.can_bind(region, env, stmt.f["dst"], ty):
            return
        res = self.fresh()
        s, t = src.ssa, src.ty
        if how == "subview":
            self.emit(
                "%s = memref.subview %s[%d] [4] [1] : %s to %s" % (res, s, off, t, ty)
            )
        elif how == "cast":
            self.emit("%s = memref.cast %s : %s to %s" % (res, s, t, ty))
        elif how == "reinterpret":
            self.emit(
                "%s = memref.reinterpret_cast %s to offset: [0], sizes: [4], strides: [1] : %s to %s"
                % (res, s, t, ty)
            )
        elif how == "collapse":
            self.emit(
                "%s = memref.collapse_shape %s [[0, 1]] : %s into %s" % (res, s, t, ty)
            )
        elif how == "expand":
            self.emit(
                "%s = memref.expand_shape %s [[0, 1]] output_shape [4, 4] : %s into %s"
                % (res, s, t, ty)
            )
        elif how == "view":
            shift = self.index(4 * off)
            self.emit("%s = memref.view %s[%s][] : %s to %s" % (res, s, shift, t, ty))
        elif how == "transpose":
            self.emit(
                "%s = memref.transpose %s (d0) -> (d0) : %s to %s" % (res, s, t, ty)
            )
        env[stmt.f["dst"]] = Var(res, ty, src.roots, True)

    def stmt_distinct(self, stmt, env, region):
        a = env.get(stmt.f["a"])
        b = env.get(stmt.f["b"])
        # The op asserts that its operands do not alias: only for buffers of
        # disjoint allocation sites, neither an argument nor a call result
        # (which may alias anything the caller passed).
        if a is None or b is None or a.roots & b.roots:
            return
        if any(
            r.startswith(("arg", "call", "carry", "clone")) for r in a.roots | b.roots
        ):
            return
        res = self.fresh()
        self.emit(
            "%s:2 = memref.distinct_objects %s, %s : %s, %s"
            % (res, a.ssa, b.ssa, a.ty, b.ty)
        )
        env[stmt.f["a"]] = Var(res + "#0", a.ty, a.roots, True)
        env[stmt.f["b"]] = Var(res + "#1", b.ty, b.roots, True)

    def stmt_stash(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        if src is None:
            return
        box_ty = Ty(str(src.ty), [])
        box = self.fresh("box")
        self.emit("%s = memref.alloca() : %s" % (box, box_ty))
        self.emit("memref.store %s, %s[] : %s" % (src.ssa, box, box_ty))
        env[stmt.f["box"]] = Var(box, box_ty, src.roots, True)

    def stmt_unstash(self, stmt, env, region):
        box = env.get(stmt.f["box"])
        if box is None:
            return
        ty = parse_memref_type(box.ty.elt)
        if not self.can_bind(region, env, stmt.f["dst"], ty):
            return
        res = self.fresh()
        self.emit("%s = memref.load %s[] : %s" % (res, box.ssa, box.ty))
        env[stmt.f["dst"]] = Var(res, ty, box.roots, True)

    def stmt_clone(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        if src is None or not (src.ty.static and src.ty.identity):
            return
        if not self.can_bind(region, env, stmt.f["dst"], src.ty):
            return
        ssa = self.fresh()
        self.emit(
            "%s = bufferization.clone %s : %s to %s" % (ssa, src.ssa, src.ty, src.ty)
        )
        root = "clone%d" % self.counter[0]
        region.local_heap.add(root)
        env[stmt.f["dst"]] = Var(ssa, src.ty, {root})

    def stmt_realloc(self, stmt, env, region):
        src = env.get(stmt.f["src"])
        if (
            src is None
            or src.view
            or not (src.ty.identity and src.ty.static and src.ty.rank == 1)
        ):
            return
        if len(src.roots) != 1 or not src.roots <= region.local_heap:
            return
        (root,) = src.roots
        # Every variable that may alias the buffer dies; none may be one the
        # enclosing regions still see.
        dying = [n for n, v in env.items() if root in v.roots]
        if any(n in region.entry for n in dying):
            return
        size = stmt.f["size"]
        ty = Ty(src.ty.elt, [size])
        if not self.can_bind(region, env, stmt.f["dst"], ty):
            return
        res = self.fresh()
        self.emit("%s = memref.realloc %s : %s to %s" % (res, src.ssa, src.ty, ty))
        for n in dying:
            del env[n]
        new_root = "heap%d" % self.counter[0]
        region.local_heap.add(new_root)
        var = Var(res, ty, {new_root})
        env[stmt.f["dst"]] = var
        old = src.ty.shape[0]
        if size > old:
            tail = self.fresh()
            tail_ty = Ty(ty.elt, [size - old], old)
            self.emit(
                "%s = memref.subview %s[%d] [%d] [1] : %s to %s"
                % (tail, res, old, size - old, ty, tail_ty)
            )
            self.fill(Var(tail, tail_ty, {new_root}), stmt.f["val"])

    def stmt_parallel(self, stmt, env, region):
        dst = env.get(stmt.f["dst"])
        if dst is None or dst.ty.rank != 1:
            return
        elt = dst.ty.elt
        c0, c1, c4 = self.index(0), self.index(1), self.index(4)
        iv = self.fresh("i")
        self.emit("scf.parallel (%s) = (%s) to (%s) step (%s) {" % (iv, c0, c4, c1))
        self.depth += 1
        if stmt.f.get("iv"):
            four = self.index(4)
            size = self.fresh()
            self.emit("%s = arith.addi %s, %s : index" % (size, iv, four))
            tmp_ty = Ty(elt, [None])
            tmp = self.fresh()
            self.emit("%s = memref.alloc(%s) : %s" % (tmp, size, tmp_ty))
        else:
            tmp_ty = Ty(elt, [8])
            tmp = self.fresh()
            self.emit("%s = memref.alloc() : %s" % (tmp, tmp_ty))
        tmp_var = Var(tmp, tmp_ty, {"par"})
        self.fill(tmp_var, stmt.f["val"])
        total = self.sum(tmp_var)
        self.emit("memref.store %s, %s[%s] : %s" % (total, dst.ssa, iv, dst.ty))
        self.emit("scf.reduce")
        self.depth -= 1
        self.emit("}")

    def stmt_call(self, stmt, env, region):
        callee = self.funcs.get(stmt.f["callee"])
        if callee is None:
            return
        args = []
        for name, (_, ty) in zip(stmt.f["args"], callee.params):
            # None: a new buffer, passed on at once (see below).
            var = None if name is None else env.get(name)
            if name is not None and (var is None or var.ty != ty):
                return
            args.append(var)
        for name, ty in zip(stmt.f["dsts"], callee.results):
            if not self.can_bind(region, env, name, ty):
                return
        for k, (var, (_, ty)) in enumerate(zip(args, callee.params)):
            if var is None:
                fresh = Stmt("alloc", dst="%arg", ty=ty, val=3, iv=False)
                self.stmt_alloc(fresh, env, region)
                args[k] = env.pop("%arg")
            elif callee.passes_on is not None:
                # The callee may return an argument itself, which the run
                # without deallocation would show if the caller wrote the
                # result and read the argument or the other way round. So
                # it gets copies of the caller's buffers that nothing else
                # uses, as a front end passes temporaries (`f(x + 1)`); all
                # of them, since a view of one may have the result's type.
                args[k] = self.temporary(var)
        prefix, results = self.results(len(callee.results))
        self.emit(
            "%sfunc.call @%s(%s) : (%s) -> (%s)"
            % (
                prefix,
                callee.name,
                ", ".join(a.ssa for a in args),
                ", ".join(str(a.ty) for a in args),
                ", ".join(str(t) for t in callee.results),
            )
        )
        roots = frozenset({"call%d" % self.counter[0]})
        for a in args:
            roots |= a.roots
        for name, ty, res in zip(stmt.f["dsts"], callee.results, results):
            env[name] = Var(res, ty, roots, True)

    def temporary(self, var):
        """A new buffer with the contents of `var`, which the caller passes
        on and never names."""
        ssa = self.fresh()
        if var.ty.identity and var.ty.static:
            self.emit("%s = memref.alloc() : %s" % (ssa, var.ty))
            self.emit("memref.copy %s, %s : %s to %s" % (var.ssa, ssa, var.ty, var.ty))
        else:
            self.emit(
                "%s = bufferization.clone %s : %s to %s"
                % (ssa, var.ssa, var.ty, var.ty)
            )
        return Var(ssa, var.ty, {"temp%d" % self.counter[0]})

    # Structured control flow.

    def stmt_for(self, stmt, env, region):
        body = stmt.bodies[0] if stmt.bodies else []
        iv = self.fresh("i")
        ivs = region.ivs + [iv]
        carried = self.changed([body], env, False, [ivs])
        c0, c1 = self.index(0), self.index(1)
        if stmt.f.get("dyn") and region.ivs:
            ub = region.ivs[-1]
        else:
            ub = self.index(stmt.f["n"])
        bind = self.block_args(env, carried)
        prefix, results = self.results(len(carried))
        head = "%sscf.for %s = %s to %s step %s" % (prefix, iv, c0, ub, c1)
        if carried:
            head += " iter_args(%s) -> (%s)" % (
                ", ".join("%s = %s" % (bind[n].ssa, env[n].ssa) for n in carried),
                self.types(env, carried),
            )
        self.emit(head + " {")
        end = self.region(body, env, False, ivs, bind)
        self.depth += 1
        self.yield_line("scf.yield", end, carried)
        self.depth -= 1
        self.emit("}")
        self.bind_results(env, carried, [end], results)

    def stmt_while(self, stmt, env, region):
        before = stmt.bodies[0] if stmt.bodies else []
        after = stmt.bodies[1] if len(stmt.bodies) > 1 else []
        j = self.fresh("j")
        carried = self.changed(
            [before, after], env, False, [region.ivs, region.ivs + [j]]
        )
        n = self.index(stmt.f["n"])
        c0 = self.index(0)
        i = self.fresh("i")
        bind = self.block_args(env, carried)
        prefix, results = self.results(len(carried) + 1)
        types = ", ".join(["index"] + [str(env[c].ty) for c in carried])
        inits = ", ".join(
            ["%s = %s" % (i, c0)]
            + ["%s = %s" % (bind[c].ssa, env[c].ssa) for c in carried]
        )
        self.emit("%sscf.while (%s) : (%s) -> (%s) {" % (prefix, inits, types, types))
        end_before = self.region(before, env, False, region.ivs, bind)
        self.depth += 1
        cmp = self.fresh()
        self.emit("%s = arith.cmpi slt, %s, %s : index" % (cmp, i, n))
        self.emit(
            "scf.condition(%s) %s : %s"
            % (cmp, ", ".join([i] + [end_before[c].ssa for c in carried]), types)
        )
        self.depth -= 1
        bind_after = self.block_args(env, carried, "d")
        self.emit("} do {")
        self.emit_label(
            "^bb0(%s):"
            % ", ".join(
                ["%s: index" % j]
                + ["%s: %s" % (bind_after[c].ssa, env[c].ty) for c in carried]
            )
        )
        end_after = self.region(after, env, False, region.ivs + [j], bind_after)
        self.depth += 1
        c1 = self.index(1)
        j1 = self.fresh()
        self.emit("%s = arith.addi %s, %s : index" % (j1, j, c1))
        self.emit(
            "scf.yield %s : %s"
            % (", ".join([j1] + [end_after[c].ssa for c in carried]), types)
        )
        self.depth -= 1
        self.emit("}")
        self.bind_results(env, carried, [end_before, end_after], results[1:])

    def branches(self, bodies, env, region, op, head, cases, multi_block=False):
        """Renders an op whose regions are alternatives (scf.if,
        scf.index_switch, scf.execute_region): `head` is the op up to its
        first region, `cases` the text before each further region."""
        carried = self.changed(bodies, env, multi_block, [region.ivs] * len(bodies))
        prefix, results = self.results(len(carried))
        arrow = ""
        if carried:
            types = self.types(env, carried)
            arrow = (" -> %s" if op == "scf.index_switch" else " -> (%s)") % types
        ends = []
        for k, body in enumerate(bodies):
            if k == 0:
                self.emit(
                    "%s%s%s%s" % (prefix, head, arrow, " {" if cases[0] is None else "")
                )
                if cases[0] is not None:
                    self.emit(cases[0] + " {")
            else:
                self.emit("} " + cases[k] + " {")
            end = self.region(body, env, multi_block, region.ivs)
            self.depth += 1
            self.yield_line("scf.yield", end, carried)
            self.depth -= 1
            ends.append(end)
        self.emit("}")
        self.bind_results(env, carried, ends, results, alternatives=True)

    def stmt_if(self, stmt, env, region):
        c = self.cond(env, stmt)
        bodies = (stmt.bodies + [[], []])[:2]
        self.branches(bodies, env, region, "scf.if", "scf.if %s" % c, [None, "else"])

    def stmt_switch(self, stmt, env, region):
        sel = self.selector(env, stmt)
        idx = self.fresh()
        self.emit("%s = arith.index_cast %s : i32 to index" % (idx, sel))
        bodies = stmt.bodies or [[]]
        cases = ["case %d" % k for k in range(len(bodies) - 1)] + ["default"]
        self.branches(
            bodies, env, region, "scf.index_switch", "scf.index_switch %s" % idx, cases
        )

    def stmt_exec(self, stmt, env, region):
        bodies = (stmt.bodies or [[]])[:1]
        self.branches(
            bodies,
            env,
            region,
            "scf.execute_region",
            "scf.execute_region",
            [None],
            multi_block=True,
        )

    # Unstructured control flow. In a single-block region it is wrapped in
    # an scf.execute_region.

    def wrap(self, stmt, env, region):
        if region.multi_block:
            return False
        self.stmt_exec(Stmt("exec", [[stmt]]), env, region)
        return True

    def branch(self, target, operands):
        """A `cf.br` to `target` with (value, type) `operands`."""
        if operands:
            self.emit(
                "cf.br %s(%s : %s)"
                % (
                    target,
                    ", ".join(v for v, _ in operands),
                    ", ".join(str(t) for _, t in operands),
                )
            )
        else:
            self.emit("cf.br %s" % target)

    def carried_operands(self, env, carried):
        return [(env[c].ssa, env[c].ty) for c in carried]

    def join_label(self, label, env, carried, prefix="m"):
        bind = self.block_args(env, carried, prefix)
        args = ", ".join("%s: %s" % (bind[c].ssa, env[c].ty) for c in carried)
        self.emit_label("%s%s:" % (label, "(%s)" % args if carried else ""))
        return bind

    def stmt_cfif(self, stmt, env, region):
        if self.wrap(stmt, env, region):
            return
        bodies = (stmt.bodies + [[], []])[:2]
        self.cf_alternatives(
            env,
            region,
            bodies,
            lambda labels: self.emit(
                "cf.cond_br %s, %s, %s" % (self.cond(env, stmt), labels[0], labels[1])
            ),
        )

    def stmt_cfswitch(self, stmt, env, region):
        if self.wrap(stmt, env, region):
            return
        bodies = stmt.bodies or [[]]

        def terminator(labels):
            sel = self.selector(env, stmt)
            cases = ["default: %s" % labels[-1]] + [
                "%d: %s" % (k, labels[k]) for k in range(len(labels) - 1)
            ]
            self.emit("cf.switch %s : i32, [%s]" % (sel, ", ".join(cases)))

        self.cf_alternatives(env, region, bodies, terminator)

    def cf_alternatives(self, env, region, bodies, terminator):
        carried = self.changed(bodies, env, True, [region.ivs] * len(bodies))
        labels = [self.label() for _ in bodies]
        join = self.label()
        terminator(labels)
        ends = []
        for body, label in zip(bodies, labels):
            self.emit_label(label + ":")
            self.depth -= 1
            end = self.region(body, env, True, region.ivs)
            self.depth += 1
            self.branch(join, self.carried_operands(end, carried))
            ends.append(end)
        bind = self.join_label(join, env, carried)
        self.bind_results(
            env, carried, ends, [bind[c].ssa for c in carried], alternatives=True
        )

    def stmt_cfloop(self, stmt, env, region):
        if self.wrap(stmt, env, region):
            return
        body = stmt.bodies[0] if stmt.bodies else []
        i = self.fresh("i")
        carried = self.changed([body], env, True, [region.ivs + [i]])
        c0 = self.index(0)
        n = self.index(stmt.f["n"])
        header, body_label, exit_label = self.label(), self.label(), self.label()
        self.branch(header, [(c0, "index")] + self.carried_operands(env, carried))
        bind = self.block_args(env, carried, "h")
        args = ", ".join(
            ["%s: index" % i] + ["%s: %s" % (bind[c].ssa, env[c].ty) for c in carried]
        )
        self.emit_label("%s(%s):" % (header, args))
        cmp = self.fresh()
        self.emit("%s = arith.cmpi slt, %s, %s : index" % (cmp, i, n))
        self.emit("cf.cond_br %s, %s, %s" % (cmp, body_label, exit_label))
        self.emit_label(body_label + ":")
        self.depth -= 1
        end = self.region(body, env, True, region.ivs + [i], bind)
        self.depth += 1
        c1 = self.index(1)
        i1 = self.fresh()
        self.emit("%s = arith.addi %s, %s : index" % (i1, i, c1))
        self.branch(header, [(i1, "index")] + self.carried_operands(end, carried))
        self.emit_label(exit_label + ":")
        self.bind_results(env, carried, [end], [bind[c].ssa for c in carried])

    # -- functions ----------------------------------------------------------

    def render(self):
        fn = self.fn
        env = {}
        params = []
        for k, (name, ty) in enumerate(fn.params):
            ssa = "%%arg%d" % k
            env[name] = Var(ssa, ty, {"arg%d" % k}, True)
            params.append("%s: %s" % (ssa, ty))
        results = ", ".join(str(t) for t in fn.results)
        visibility = "" if fn.public else "private "
        head = "func.func %s@%s(%s)" % (visibility, fn.name, ", ".join(params))
        if fn.results:
            head += " -> (%s)" % results
        self.lines.append(head + " {")
        region = Region(env, True, [])
        for stmt in fn.body:
            self.stmt(stmt, env, region)

        # A stack buffer must not leave its function: such a result, or one
        # that is missing, becomes a fresh buffer.
        def returnable(var, ty):
            return (
                var is not None
                and var.ty == ty
                and not any(r.startswith("alloca") for r in var.roots)
            )

        # Whether a result that is an argument reaches the caller as the
        # argument or as a copy depends on the deallocation ABI (copies,
        # except for private functions under dynamic ownership), and so does
        # whether two results that may be one buffer reach it as one buffer
        # (the deallocation returns a clone of a result it may not own; seed
        # 332528: a loop that ran no iteration returned its initial buffer,
        # also the other result, and the caller wrote one and read the
        # other). A program must not be able to tell: such a result is
        # returned as a clone, which every mode passes as is. The result the
        # function passes on stays as it is; the others are cloned where
        # they may be an argument or share a root with a result kept before
        # them or with the one passed on.
        kept = set()
        if fn.passes_on is not None and fn.passes_on < len(fn.rets):
            var = env.get(fn.rets[fn.passes_on])
            if returnable(var, fn.results[fn.passes_on]):
                kept |= var.roots
        rets = []
        for name, ty in zip(fn.rets, fn.results):
            var = env.get(name)
            if not returnable(var, ty):
                fresh = Stmt("alloc", dst="%ret", ty=ty, val=7, iv=False)
                self.stmt_alloc(fresh, env, region)
                var = env.pop("%ret")
            elif len(rets) != fn.passes_on:
                if (kept & var.roots) or any(r.startswith("arg") for r in var.roots):
                    clone = self.fresh()
                    self.emit(
                        "%s = bufferization.clone %s : %s to %s"
                        % (clone, var.ssa, ty, ty)
                    )
                    var = Var(clone, ty, {"clone"})
                else:
                    kept |= var.roots
            rets.append(var)
        if rets:
            self.emit("return %s : %s" % (", ".join(v.ssa for v in rets), results))
        else:
            self.emit("return")
        self.lines.append("}")
        return self.lines


def render(program):
    """The MLIR text of `program`."""
    counter = [0]
    out = ["// Generated by the deallocation fuzzer, seed %s." % program.seed]
    for fn in program.funcs:
        out.extend(FuncRenderer(program, fn, counter).render())
        out.append("")
    return "\n".join(out)
