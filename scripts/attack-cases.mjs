#!/usr/bin/env node
// The cases of an attack on the CLI, run against the built `gridrace` the way a user runs it:
// external programs that leave grandchildren behind (setsid) or flood their output, a reader
// that closes the pipe early, `-o` over an existing file, engines that fail or answer the
// impossible, and the first steps of a new user. Each prints `ok` or `FAILED` with what was
// seen; the exit code is the number of failures. The tests hold each case too; this script
// replays them in one go after a change (`node scripts/attack-cases.mjs`, after the build).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages/cli/dist/main.js');
if (!existsSync(cli)) {
  console.error(`attack-cases: ${cli} is missing: build first (npx -y pnpm@12.4.2 build)`);
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-attack-'));
const file = (name, text, mode) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  if (mode) chmodSync(path, mode);
  return path;
};
const gridrace = (args) => spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 300_000 });

let failures = 0;
function check(name, ok, seen) {
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${name}${ok ? '' : `\n       ${seen}`}`);
  if (!ok) failures++;
}

// A 2x2 puzzle with one solution (##/#.), and external programs that answer it.
const corner = file('corner.non', 'width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n');
// A marker no other process has, so what the programs leave behind can be found.
const marker = `${300 + Math.floor(Math.random() * 1000) / 1000}`;
const leftovers = () => spawnSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' }).stdout.trim();
const escaper = file('escaper.sh', `#!/bin/sh\nsetsid sleep ${marker} </dev/null >/dev/null 2>&1 &\nprintf 'unique\\n##\\n#.\\n'\n`, 0o755);
const flood = file('flood.sh', '#!/bin/sh\nexec yes "####################"\n', 0o755);
const liar = file('liar.sh', "#!/bin/sh\nprintf 'unique\\n'\n", 0o755);
const definition = (name, program) => ({ name, program, args: ['{input}'], input: 'nin', output: 'grids' });
const enginesFile = file('engines.json', JSON.stringify([definition('escaper', escaper), definition('flood', flood), definition('liar', liar)]));
const race = (engines, extra = []) => gridrace(['race', '--engines-file', enginesFile, '-e', engines, '-p', corner, '--iterations', '2', '--no-calibration', '-q', '--out', join(scratch, `race-${engines}`), ...extra]);

{
  const run = race('escaper');
  await new Promise((r) => setTimeout(r, 500));
  const left = leftovers();
  check('an external program\'s setsid grandchildren die with the race', run.status === 0 && left === '', `exit ${run.status}, left running: ${left || 'none'}\n${run.stderr}`);
  if (left) spawnSync('pkill', ['-f', `sleep ${marker}`]);
}
{
  const run = race('flood');
  const results = join(scratch, 'race-flood', 'results.json');
  const message = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')).tasks.map((t) => t.message ?? '').join(' ') : run.stderr;
  check('a flooding program is stopped at the output cap, and the message says so', /output cap/.test(message) && !/within 30 s/.test(message), message.slice(0, 300));
}
{
  const run = race('liar,naive');
  check('a race with an impossible answer (unique, no grid) exits 6 after writing its results', run.status === 6 && existsSync(join(scratch, 'race-liar,naive', 'results.json')), `exit ${run.status}\n${run.stdout}${run.stderr}`);
}
{
  const engines = file('throwing.mjs', `import { registerEngine } from '${pathToFileURL(join(root, 'packages/core/dist/index.js')).href}';\nregisterEngine({ name: 'throws', kind: 'nonogram', description: 'throws', solve: async () => { throw new Error('boom'); } });\n`);
  const run = gridrace(['race', '--load', engines, '-e', 'throws,naive', '-p', corner, '--iterations', '1', '--no-calibration', '-q', '--out', join(scratch, 'race-throws')]);
  check('a race where an engine throws exits 6 after writing its results', run.status === 6 && existsSync(join(scratch, 'race-throws', 'results.json')), `exit ${run.status}\n${run.stderr}`);
}
{
  // The first puzzle has several solutions; the grids of the rest overflow the pipe.
  const big = '20x30:3/6/8/13/1.12.1/2.7.2.1/5.2.7.4/5.3.12/8.2.3.1.1.2/8.2.1.3/2.3.4.1.4/2.2.1.1.5.3.5/4.6.7.2/2.3.3.8.2/1.2.2.2/1.4.1/2/2/9/1/1/2/4/3.1/4.1/12/9/4.1/1.1.1.1.1/1.1.1.1/1.3.1/2.1.1/9.1/4.5.1/3.4.1/3.5.3/3.1.5/5.1.2/7.3/4.10/4.3.3/4.2.3/5.2.2/5.3.2/4.1.1.2/3.2.2/2.2/7/10/2.6';
  const many = file('many.txt', `3x3:1/1/1/1/1/1\n${`${big}\n`.repeat(100)}`);
  for (const engine of ['naive', 'wasm']) {
    const child = spawn(process.execPath, [cli, 'solve', many, '-e', engine], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    check(`solve MANY | head -1 (${engine}) keeps the exit code of the full run (1: the first is multiple)`, code === 1 && !/EPIPE|\n\s+at /.test(stderr), `exit ${code}\n${stderr}`);
  }
}
{
  const keep = file('keep.svg', '<svg>before</svg>\n');
  const none = file('none.txt', '2x2:2/2/1/1\n');
  const run = gridrace(['solve', '-q', '-f', 'svg', '-o', keep, none]);
  check('solve -q -f svg -o keep.svg with no solution leaves keep.svg as it was', run.status === 2 && readFileSync(keep, 'utf8') === '<svg>before</svg>\n', `exit ${run.status}, keep.svg now: ${JSON.stringify(readFileSync(keep, 'utf8').slice(0, 80))}`);
}
{
  const run = gridrace(['generate', 'nonogram', '10x10']);
  check('generate without --seed picks one and names it', run.status === 0 && /seed \d+ \(picked at random/.test(run.stderr), `exit ${run.status}\n${run.stderr}`);
}
{
  const many = file('tally.txt', '3x3:1/1/1/1/1/1\n5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3\n');
  const run = gridrace(['solve', '-q', many]);
  const lines = run.stdout.trim().split('\n');
  check('solve -q of several puzzles: only verdict lines ("found", not "shown"), then a tally', lines.length === 2 && /multiple \(2 found\)/.test(lines[0]) && /^2 puzzles: 1 unique, 1 multiple; /m.test(run.stderr), `${run.stdout}${run.stderr}`);
}
{
  const run = gridrace(['solve', corner, '-e', 'no-such-engine']);
  check('an unknown engine is a one-line usage error (exit 5)', run.status === 5 && run.stderr.trim().split('\n').length === 1, `exit ${run.status}\n${run.stderr}`);
}

console.log(`${failures === 0 ? 'all cases hold' : `${failures} case(s) FAILED`} (scratch: ${scratch})`);
process.exit(failures);
