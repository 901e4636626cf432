// Runs only the calibration workload, in a fresh worker of its own: no engine has run in this
// thread, so nothing an engine does (detaching an ArrayBuffer, growing WASM memory, filling
// the heap) can change the reference's speed. The race starts one before each puzzle's tasks.
import { parentPort, workerData } from 'node:worker_threads';
import { Bench } from 'tinybench';
import { calibrationWorkload } from './calibration.js';
import { CLOCKS, type CalibrationInput, type CalibrationMessage } from './protocol.js';

const input = workerData as CalibrationInput;
const port = parentPort;
if (port === null) throw new Error('calibration-worker.js runs only as a worker thread');
const send = (message: CalibrationMessage) => port.postMessage(message);

let sink = 0;

async function main(): Promise<void> {
  const bench = new Bench({
    now: CLOCKS[input.clock],
    time: 0,
    iterations: input.samples,
    warmup: input.warmup > 0,
    warmupIterations: input.warmup,
    warmupTime: 0,
    retainSamples: true,
    throws: true,
  });
  bench.add('calibration', () => {
    sink ^= calibrationWorkload();
  });
  await bench.run();
  const result = bench.tasks[0]!.result;
  if (result.state === 'errored') throw result.error;
  if (result.state !== 'completed') throw new Error(`tinybench ended the calibration as ${result.state}`);
  send({ type: 'calibration', samples: [...(result.latency.samples ?? [])] });
}

main().catch((err: unknown) => {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
});
// Keep the checksum observable so the calibration loop cannot be dropped as dead code.
export const calibrationSink = () => sink;
