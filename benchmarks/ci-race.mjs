#!/usr/bin/env node
// CI's performance gate (.ci/run): @gridrace/race's ciGate on this repository's suite and base.
// What it judges and how: packages/race/docs/comparing.md.
//
//   node benchmarks/ci-race.mjs                     # the gate; exit 0 passed, 1 worse (see race gate)
//   node benchmarks/ci-race.mjs --update-base [REF] # make REF (default HEAD) the accepted base
//   node benchmarks/ci-race.mjs --update-baseline   # race once, rewrite baselines/ci.json (the fallback's counters)
//   node benchmarks/ci-race.mjs --base-dir A --head-dir B  # the gate on two built folders
//   node benchmarks/ci-race.mjs --help              # this text; a bad flag exits 5 with one line
//
// Environment: RACE_OUT (default race-results/ci), RACE_ENGINES (default wasm,bitmask,naive,arrowpath:
// not z3, too slow for a short gate, nor arrowpath-dfs, 1.5 s a run), RACE_THRESHOLD (5),
// RACE_TASK_THRESHOLD (10), RACE_COUNTER_THRESHOLD (2), RACE_ROUNDS and RACE_CONFIRM_ROUNDS (8),
// RACE_TIME (0.1 s of samples a run), RACE_TIME_ALL=1 (also time engines whose code is the same),
// RACE_HISTORY (default race-results/history.sqlite; empty: none): the history database both
// builds' runs are added to (`gridrace history`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScriptArgs } from './scripts/script-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = process.env;
const { values, positionals } = parseScriptArgs(import.meta.url, {
  options: { 'update-base': { type: 'boolean' }, 'update-baseline': { type: 'boolean' }, 'base-dir': { type: 'string' }, 'head-dir': { type: 'string' } },
  allowPositionals: true,
});
// One build of the working tree (turbo's cache makes it quick when nothing changed); the gate uses it as built.
const pnpm = ['-y', JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager];
if (spawnSync('npx', [...pnpm, 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const { acceptBase, ciGate, raceFallbackBaseline } = await import('@gridrace/race');

/** The last line, and the exit code. */
const end = (line, code) => {
  console.log(`ci-race: ${line}`);
  process.exit(code);
};
const number = (name, fallback) => {
  const v = Number(env[name] ?? fallback);
  return v >= 0 ? v : end(`${name} must be a non-negative number, not "${env[name]}"`, 5);
};
const percent = (name, fallback) => number(name, fallback) / 100;
const options = {
  root,
  suite: join(root, 'benchmarks/suites/ci.txt'),
  baseFile: join(root, 'benchmarks/baselines/base.txt'),
  fallback: join(root, 'benchmarks/baselines/ci.json'),
  out: env.RACE_OUT ?? join(root, 'race-results/ci'),
  engines: (env.RACE_ENGINES ?? 'wasm,bitmask,naive,arrowpath').split(','),
  threshold: percent('RACE_THRESHOLD', 5),
  taskThreshold: percent('RACE_TASK_THRESHOLD', 10),
  counterThreshold: percent('RACE_COUNTER_THRESHOLD', 2),
  rounds: number('RACE_ROUNDS', 8),
  confirmRounds: number('RACE_CONFIRM_ROUNDS', 8),
  time: number('RACE_TIME', 0.1),
  timeAll: env.RACE_TIME_ALL === '1',
  ...(values['base-dir'] ? { baseDir: values['base-dir'] } : {}),
  ...(values['head-dir'] ? { headDir: values['head-dir'] } : {}),
  log: (line) => console.log(`ci-race: ${line}`),
};

try {
  if (values['update-base']) {
    const sha = acceptBase(options.baseFile, positionals[0] ?? 'HEAD', root);
    console.log(`ci-race: the accepted base is now ${sha}; commit benchmarks/baselines/base.txt (to accept a change the gate failed, put its report in the message)`);
  } else if (values['update-baseline']) {
    console.log(`ci-race: baseline written to ${await raceFallbackBaseline(options)}`);
  } else {
    const started = Date.now();
    const { code, line, report } = await ciGate(options);
    const history = env.RACE_HISTORY ?? join(root, 'race-results/history.sqlite');
    if (report && !report.aborted && history !== '') {
      const { addFiles } = await import('@gridrace/history');
      const { added } = await addFiles(history, [join(options.out, 'gate', 'gate.json')], { suite: 'benchmarks/suites/ci.txt' });
      console.log(`ci-race: history: added ${added} run(s) to ${history}`);
    }
    end(`${line} (${Math.round((Date.now() - started) / 1000)} s, exit ${code})`, code);
  }
} catch (err) {
  // Bad input (a suite naming a missing file, an unknown ref): one line, as the CLI would say it.
  end(err.message.split('\n')[0], err.name === 'RaceConfigError' ? 5 : 4);
}
