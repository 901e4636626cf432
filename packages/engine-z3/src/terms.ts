// Building Z3 terms through z3-solver's low-level API, on a context of our own.
//
// Why not the high-level API: its terms are JS objects whose garbage collection calls Z3's
// dec_ref from the main thread, possibly while a check runs on a worker thread in the same
// context. Measured here: repeated solves on one shared context crashed inside Z3 (an
// assertion in ast.cpp, then running out of its fixed 2 GB heap); a context per solve
// instead kept about 9 MB per solve until the JS collector ran, and ran out after about
// 200 solves. A context made with `mk_context` (no reference counting) keeps every term
// until `del_context`, which each solve calls when it ends: nothing is freed behind its back.
import type { Z3Core, Z3_ast, Z3_context, Z3_sort } from 'z3-solver';

/** A term of the context. At run time a pointer, so a plain number: integer constants go through `num`. */
export type Term = Z3_ast;

/** One solve's terms: constants, connectives and linear integer arithmetic. */
export class Terms {
  readonly z3: Z3Core;
  readonly ctx: Z3_context;
  readonly #boolSort: Z3_sort;
  readonly #intSort: Z3_sort;

  constructor(z3: Z3Core, ctx: Z3_context) {
    this.z3 = z3;
    this.ctx = ctx;
    this.#boolSort = z3.mk_bool_sort(ctx);
    this.#intSort = z3.mk_int_sort(ctx);
  }

  bool(name: string): Term {
    return this.z3.mk_const(this.ctx, this.z3.mk_string_symbol(this.ctx, name), this.#boolSort);
  }
  int(name: string): Term {
    return this.z3.mk_const(this.ctx, this.z3.mk_string_symbol(this.ctx, name), this.#intSort);
  }
  num(value: number): Term {
    return this.z3.mk_int(this.ctx, value, this.#intSort);
  }
  get true(): Term {
    return this.z3.mk_true(this.ctx);
  }
  get false(): Term {
    return this.z3.mk_false(this.ctx);
  }

  not(a: Term): Term {
    return this.z3.mk_not(this.ctx, a);
  }
  /** Conjunction; `true` when empty. */
  and(args: readonly Term[]): Term {
    return args.length === 0 ? this.true : args.length === 1 ? args[0]! : this.z3.mk_and(this.ctx, [...args]);
  }
  /** Disjunction; `false` when empty. */
  or(args: readonly Term[]): Term {
    return args.length === 0 ? this.false : args.length === 1 ? args[0]! : this.z3.mk_or(this.ctx, [...args]);
  }
  implies(a: Term, b: Term): Term {
    return this.z3.mk_implies(this.ctx, a, b);
  }
  /** Equality of two terms of one sort (for Bools: if and only if). */
  eq(a: Term, b: Term): Term {
    return this.z3.mk_eq(this.ctx, a, b);
  }
  ite(condition: Term, then: Term, otherwise: Term): Term {
    return this.z3.mk_ite(this.ctx, condition, then, otherwise);
  }

  add(args: readonly Term[]): Term {
    return args.length === 1 ? args[0]! : this.z3.mk_add(this.ctx, [...args]);
  }
  ge(a: Term, b: Term): Term {
    return this.z3.mk_ge(this.ctx, a, b);
  }
  le(a: Term, b: Term): Term {
    return this.z3.mk_le(this.ctx, a, b);
  }
  gt(a: Term, b: Term): Term {
    return this.z3.mk_gt(this.ctx, a, b);
  }
  /** Integer division and remainder by a constant (the seed's packed counters). */
  div(a: Term, by: number): Term {
    return this.z3.mk_div(this.ctx, a, this.num(by));
  }
  mod(a: Term, by: number): Term {
    return this.z3.mk_mod(this.ctx, a, this.num(by));
  }
}
