// The one file that loads Z3. It uses z3-solver's Node entry point (`init` reads the
// WebAssembly file from disk, `killThreads` ends Emscripten's worker threads), so it is the
// only Node-only code in this package. A browser build replaces this file: load
// `z3-built.js` as its own <script> (which sets `globalThis.initZ3`), call `init` from
// `z3-solver/build/browser.js`, and serve the page cross-origin isolated (SharedArrayBuffer).
// Every other file imports Z3 types only.
import type { Z3HighLevel, Z3LowLevel } from 'z3-solver';

// Imported on first use, not with the engine: z3-solver's 600 kB of JavaScript cost every
// process that registers the built-in engines (a race's main thread, `gridrace engines`)
// about 70 ms of CPU, whether or not it ever runs z3.
const z3Solver = () => import('z3-solver');

/**
 * The loaded Z3 API. The engines use only the low-level `Z3` functions (see terms.ts for
 * why) and `em`, the Emscripten module, for shutting down its threads.
 */
export type Z3Api = Z3HighLevel & Z3LowLevel;

let loaded: Promise<Z3Api> | undefined;
let holders = 0;

/**
 * Load Z3 once per process (about 0.3-0.9 s) and count one more holder. Every call must be
 * matched by one `releaseZ3()`; engines hold at most one lease each.
 */
export async function acquireZ3(): Promise<Z3Api> {
  holders++;
  loaded ??= z3Solver()
    .then(({ init }) => init())
    .then(warmUp);
  try {
    return await loaded;
  } catch (error) {
    holders--;
    loaded = undefined;
    throw error;
  }
}

/** Drop one holder; the last one ends Z3's worker threads so the process can exit. */
export async function releaseZ3(): Promise<void> {
  if (holders === 0) return;
  holders--;
  if (holders > 0 || loaded === undefined) return;
  const pending = loaded;
  loaded = undefined;
  const api = await pending.catch(() => undefined);
  if (api === undefined) return;
  await threadsSettled(api);
  const { killThreads } = await z3Solver();
  await killThreads(api.em);
}

/** Emscripten's thread pool, as z3-solver's own killThreads reads it. */
interface ThreadPool {
  readonly runningWorkers: readonly unknown[];
}
const idleThreads = new WeakMap<Z3Api, number>();

/**
 * Wait (at most a second) until the thread of the latest check has gone back to the pool.
 * Killing it before then makes Emscripten print `received "cleanupThread" command from
 * terminated worker` on stderr. Z3 keeps its timer threads running, so "settled" means no
 * more running threads than right after the warm-up.
 */
async function threadsSettled(api: Z3Api): Promise<void> {
  const pool = (api.em as { PThread?: ThreadPool }).PThread;
  const idle = idleThreads.get(api);
  if (pool === undefined || idle === undefined) return;
  for (let waited = 0; pool.runningWorkers.length > idle && waited < 1000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Run one trivial timed check so that Z3 starts its worker thread and timer thread now,
 * inside `init()`, instead of inside the first timed solve (measured: about 0.4 s).
 */
async function warmUp(api: Z3Api): Promise<Z3Api> {
  const z3 = api.Z3;
  const config = z3.mk_config();
  const ctx = z3.mk_context(config);
  z3.del_config(config);
  const solver = z3.mk_solver(ctx);
  z3.solver_inc_ref(ctx, solver);
  const params = z3.mk_params(ctx);
  z3.params_inc_ref(ctx, params);
  z3.params_set_uint(ctx, params, z3.mk_string_symbol(ctx, 'timeout'), 60_000);
  z3.solver_set_params(ctx, solver, params);
  z3.params_dec_ref(ctx, params);
  z3.solver_assert(ctx, solver, z3.mk_const(ctx, z3.mk_string_symbol(ctx, 'x'), z3.mk_bool_sort(ctx)));
  await z3.solver_check(ctx, solver);
  z3.solver_dec_ref(ctx, solver);
  z3.del_context(ctx);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const pool = (api.em as { PThread?: ThreadPool }).PThread;
  if (pool !== undefined) idleThreads.set(api, pool.runningWorkers.length);
  return api;
}
