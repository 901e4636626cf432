// `gridrace worker --queue URL`: pulls a queued race's tasks and runs them on this machine
// (@gridrace/queue). It runs only the engines this machine registers: the built-ins, its own
// --load modules, engines files and peers. Printing only; the work is the queue package's.
import { listEngines } from '@gridrace/core';
import { runQueueWorker, thisMachine } from '@gridrace/queue';
import { formatMs, loadEngineModules } from '@gridrace/race';
import { CliError, ExitCode } from '../exit-codes.js';
import { registerExternal } from './external.js';
import { moduleSpecifier, queueAddress } from './options.js';
import type { Ui } from './shared.js';

export interface WorkerFlags {
  queue: string;
  queueName: string;
  load?: string[];
  enginesFile?: string[];
  peers?: string[];
  lock: number;
  maxStalls: number;
  reconnect: number;
  quiet?: boolean;
}

export async function workerCommand(flags: WorkerFlags, ui: Ui): Promise<ExitCode> {
  const address = queueAddress(flags.queue);
  const load = (flags.load ?? []).map(moduleSpecifier);
  try {
    await loadEngineModules(load);
  } catch (err) {
    throw new CliError(`--load: ${(err as Error).message}`, ExitCode.USAGE);
  }
  const { skipped } = registerExternal(flags);
  // Peers that are not here are simply not this worker's engines; say so only when asked for them.
  if (!flags.quiet && (flags.peers?.length ?? 0) > 0) for (const why of skipped.values()) ui.info(why);
  const machine = thisMachine();
  const engines = [...new Set(listEngines().map((e) => e.name))];
  ui.info(`worker ${machine.id} on ${address.where}, queue ${flags.queueName}: runs ${engines.join(', ')}; Ctrl-C stops it after the job in progress (twice: at once)`);

  // First interrupt: finish the job in progress, then stop. Second: stop it now (it returns to the queue).
  const stop = new AbortController();
  const force = new AbortController();
  const onSignal = () => (stop.signal.aborted ? force.abort() : stop.abort());
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const end = await runQueueWorker({
      address,
      name: flags.queueName,
      load,
      lockMs: flags.lock * 1000,
      maxStalls: flags.maxStalls,
      reconnectMs: flags.reconnect * 1000,
      signal: stop.signal,
      force: force.signal,
      onJob: ({ puzzle, records }) => {
        if (flags.quiet) return;
        const parts = records.map((r) => `${r.engine} ${r.state === 'completed' ? `${r.verdict ?? '?'}${r.samples ? ` ${formatMs(r.samples.median)}` : ''}` : r.state.toUpperCase()}`);
        ui.info(`${puzzle}: ${parts.join(', ')}`);
      },
    });
    if ('lost' in end) throw new CliError(`worker: ${end.lost}; stopping (a job it was running goes back on the queue)`, ExitCode.INCOMPLETE);
    ui.info('worker stopped');
    return ExitCode.OK;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
