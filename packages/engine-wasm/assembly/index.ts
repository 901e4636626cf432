// The module's entry: the one source of the solver (@gridrace/engine-bitmask/solver), whose
// entry points the host (@gridrace/engine-bitmask's host, through src/engine.ts) calls.
export * from '@gridrace/engine-bitmask/solver/index';
