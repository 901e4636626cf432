// Every command the READMEs (and the docs/ pages beside them) give, run from the repository root the way a newcomer types it
// on a fresh clone after the README's install and build: the lines of ```sh/```bash blocks
// and of unlabeled blocks that start with a command, and the inline `npx gridrace ...` and
// `npx -y pnpm@...` spans of the prose. A fresh machine has no `pnpm` and no project bin
// folder on its PATH, so neither is there here: a README line that says `pnpm ...` or a bare
// `gridrace ...` fails.
//
// Commands that take long (installs, full races, the test command, benchmarks) or would
// write into the repository run as the small stand-in SUBSTITUTES gives, with the reason; a
// substitute for a command no README has any more fails too, so the table stays true.
// `npx gridrace` runs the project's own bin the way npx finds it (the nearest project's
// node_modules/.bin), and `npx -y pnpm@...` the pnpm in npx's cache, without npx's start-up
// per command; two tests check that the real npx runs the same programs.
//
// Usage lines (`gridrace race [-e a,b] ...`) are not commands: every flag they name must be
// in that command's --help. The yaml CI recipe in packages/race/docs/comparing.md is run by
// ci-recipe.test.ts.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasShared, NEEDS_SHARED } from '@gridrace/testkit';
import { CLI, REPO, hasStackTrace } from './run-cli.js';

interface Substitute {
  readme: string;
  /** The command as the README writes it, after `normalize`. */
  command: string;
  /** What runs instead (bash, from the repository root; `$SCRATCH` is a fresh folder). */
  run?: string;
  /** Nothing runs. */
  skip?: true;
  /** Why the command is rewritten or skipped. */
  why: string;
  /** What the stand-in must print (on stdout or stderr), beyond exiting 0. */
  output?: RegExp[];
  /** Files under $SCRATCH the stand-in must write. */
  writes?: string[];
}

const PNPM = 'npx -y pnpm@12.4.2';
const INSTALL_CHECK = `${PNPM} install --frozen-lockfile --lockfile-only`;
const INSTALL_WHY =
  'a real install would rewrite node_modules under the tests that are running; --lockfile-only with --frozen-lockfile still fails when pnpm-lock.yaml does not match the package.json files';
const ONE_RACE = '-e bitmask -p puzzles/seed/gchq-2015.json --iterations 1';
const WEBPBN_ONE = '../shared/puzzles/webpbn/webpbn-00006.nin';
// The root scripts `start` and `race` build, then race. A build while the tests run would
// rewrite dist/ under them (see the `build` stand-ins below), so the stand-in prints the
// script, plans its build without running it, and runs its race.
const BUILD_THEN_RACE = /^turbo run build --output-logs=errors-only && node packages\/cli\/dist\/main\.js race$/m;
const SCRIPT_WHY = 'a build would rewrite dist/ under the running tests (the test command builds first): the script printed, its build planned (turbo --dry), its race run';
const buildThenRace = (script: 'start' | 'race', out: string) =>
  `node -p "require('./package.json').scripts.${script}" && node_modules/.bin/turbo run build --dry=json > /dev/null && node packages/cli/dist/main.js race ${ONE_RACE} -o "$SCRATCH/${out}"`;
const Z3_SMALL = '../../../shared/puzzles/webpbn/webpbn-00001.nin'; // 5x10; pnpm runs the script in packages/engine-z3

const SUBSTITUTES: Substitute[] = [
  // The root README's recipe for installing the packages in an app: one block whose lines
  // depend on each other (a clone, then ~/my-app), run as a whole by pack.test.ts.
  ...[
    'git clone <this repository> gridrace && cd gridrace',
    `${PNPM} install --frozen-lockfile && ${PNPM} build`,
    'node scripts/pack.mjs ~/my-app/gridrace-packages @gridrace/engines @gridrace/engine-wasm @gridrace/engine-arrowpath',
    'cd ~/my-app && npm install ./gridrace-packages/*.tgz',
  ].map((command) => ({
    readme: 'README.md',
    command,
    skip: true as const,
    why: "a step of the README's install recipe, which pack.test.ts runs as a whole (this checkout standing for the clone, a scratch folder for ~/my-app)",
  })),
  {
    readme: 'README.md',
    command: `${PNPM} install --frozen-lockfile && ${PNPM} start`,
    run: `${INSTALL_CHECK} && ${buildThenRace('start', 'start')}`,
    why: `${INSTALL_WHY}; ${SCRIPT_WHY}; the race of every engine on the corpus takes minutes: one puzzle, outputs to scratch`,
    output: [BUILD_THEN_RACE, /1 tasks, 1 completed/],
    writes: ['start/results.json'],
  },
  {
    readme: 'README.md',
    command: `${PNPM} install --frozen-lockfile && ${PNPM} test`,
    run: `${INSTALL_CHECK} && ${PNPM} run`,
    why: `${INSTALL_WHY}; the test command is what runs this test (and it deletes the other packages' reports first): only that the script is there`,
    output: [/^ {2}test\n {4}node scripts\/test\.mjs$/m],
  },
  {
    readme: 'README.md',
    command: 'npx gridrace solve puzzles/seed/gchq-2015.json --format svg -o gchq.svg',
    run: 'npx gridrace solve puzzles/seed/gchq-2015.json --format svg -o "$SCRATCH/gchq.svg"',
    why: 'writes into the repository: the SVG goes to scratch',
    writes: ['gchq.svg'],
  },
  {
    readme: 'README.md',
    command: 'npx gridrace generate arrowpath 20x20 --seed 1 > sparse.txt',
    run: 'npx gridrace generate arrowpath 20x20 --seed 1 > "$SCRATCH/sparse.txt"',
    why: 'writes into the repository: the puzzle goes to scratch',
    writes: ['sparse.txt'],
  },
  {
    readme: 'README.md',
    command: 'npx gridrace race --engines bitmask,naive --puzzles ../shared/puzzles/webpbn --out race-results/webpbn',
    run: `npx gridrace race --engines bitmask,naive --puzzles ${WEBPBN_ONE} --iterations 1 --out "$SCRATCH/webpbn"`,
    why: 'the whole webpbn folder takes minutes: one puzzle of it, one sample, outputs to scratch',
    output: [/2 tasks, 2 completed/],
    writes: ['webpbn/results.json'],
  },
  {
    readme: 'README.md',
    command: 'npx gridrace race --engines wasm,bitmask --puzzles ../shared/puzzles/webpbn',
    run: `npx gridrace race --engines wasm,bitmask --puzzles ${WEBPBN_ONE} --iterations 1 --out "$SCRATCH/webpbn-inline"`,
    why: 'the whole webpbn folder takes minutes and writes race-results/: one puzzle, one sample, outputs to scratch',
    output: [/2 tasks, 2 completed/],
    writes: ['webpbn-inline/results.json'],
  },
  // A build while the tests run rewrites dist/ under them: turbo restores its cached outputs
  // when it cannot tell they are in place, and a race worker of another test then failed to
  // find a module of core. The test command builds everything first.
  ...['README.md', 'packages/cli/docs/commands.md', 'packages/web/README.md'].map((readme) => ({
    readme,
    command: `${PNPM} build`,
    run: `${PNPM} build --dry=json > /dev/null`,
    why: 'a build would rewrite dist/ under the running tests (the test command builds first): the same script with --dry, which plans every build without running it',
  })),
  ...['packages/web/README.md', 'README.md'].map((readme) => ({
    readme,
    command: 'npx gridrace serve',
    run: 'npx gridrace serve --help',
    why: 'serve runs until it is stopped: only its help here; serve.test.ts and workbench-browser.test.ts run the server',
    output: [/serve the web workbench/],
  })),
  {
    readme: 'packages/queue/README.md',
    command: 'npx gridrace worker --queue redis://:PASSWORD@queue.lan:6379',
    run: 'npx gridrace worker --help',
    why: 'a worker needs a Redis server (queue.lan is an example) and runs until stopped: only its help here; queue.test.ts runs workers on a real redis-server',
    output: [/pull a queued race's tasks/],
  },
  {
    readme: 'packages/queue/README.md',
    command: 'npx gridrace race -p ../shared/puzzles/webpbn --queue redis://:PASSWORD@queue.lan:6379',
    run: 'npx gridrace race --help',
    why: 'a queued race needs a Redis server (queue.lan is an example) and workers: only the help that names --queue here; queue.test.ts runs race --queue with workers on a real redis-server',
    output: [/--queue <url>/],
  },
  {
    readme: 'benchmarks/README.md',
    command: `${PNPM} race`,
    run: buildThenRace('race', 'race'),
    why: `${SCRIPT_WHY}; the race of every engine on the corpus takes minutes: one puzzle, outputs to scratch (racing.md gives the same command: it runs once)`,
    output: [BUILD_THEN_RACE, /1 tasks, 1 completed/],
    writes: ['race/results.json'],
  },
  {
    readme: 'benchmarks/README.md',
    command: 'node benchmarks/ci-race.mjs',
    skip: true,
    why: "CI's performance gate builds a base commit and races for minutes; .ci/run runs it after the tests, and ci-recipe.test.ts runs the gate's recipe on a small suite",
  },
  {
    readme: 'packages/race/docs/racing.md',
    command: `${PNPM} race`,
    run: buildThenRace('race', 'race'),
    why: `${SCRIPT_WHY}; the race of every engine on the corpus takes minutes: one puzzle, outputs to scratch`,
    output: [BUILD_THEN_RACE, /1 tasks, 1 completed/],
    writes: ['race/results.json'],
  },
  {
    readme: 'packages/race/docs/racing.md',
    command:
      "GRIDRACE_PEERS=/path/to/peers npx gridrace race --engines wasm,bitmask,nonosolve,pbnsolve -p ../shared/puzzles/webpbn -p ../shared/puzzles/extra -p '../shared/puzzles/taai/question/taai2011.txt#1-50' -t 30 --out race-results/peers",
    run: `GRIDRACE_PEERS=/path/to/peers npx gridrace race --engines wasm,bitmask,nonosolve,pbnsolve -p ${WEBPBN_ONE} -p ../shared/puzzles/extra/domino-3.non -p '../shared/puzzles/taai/question/taai2011.txt#1-2' -t 30 --iterations 1 --out "$SCRATCH/peers"`,
    why: 'the three sets take minutes: one puzzle of each, one sample, outputs to scratch; the peers are not at /path/to/peers, so the race must skip them with a line and race ours',
    output: [/nonosolve: skipped, program "nonosolve" not found/, /pbnsolve: skipped/, /8 tasks, 8 completed/],
    writes: ['peers/results.json'],
  },
  // The history README's block: each line on its own history in scratch, made by a one-puzzle race first.
  {
    readme: 'packages/history/README.md',
    command: 'npx gridrace race --preset quick --history race-results/history.sqlite',
    run: `npx gridrace race ${ONE_RACE} -o "$SCRATCH/race" -q --history "$SCRATCH/history.sqlite"`,
    why: 'the quick preset takes a minute and writes race-results/: one puzzle, one sample, the history in scratch',
    output: [/history: added 1 run\(s\) to/],
    writes: ['history.sqlite'],
  },
  {
    readme: 'packages/history/README.md',
    command: 'npx gridrace history list',
    run: `npx gridrace race ${ONE_RACE} -o "$SCRATCH/race" -q --history "$SCRATCH/history.sqlite" && npx gridrace history list --db "$SCRATCH/history.sqlite"`,
    why: 'reads race-results/history.sqlite, which a fresh clone does not have: a history of one race in scratch',
    output: [/^1 +\S+ \S+ +\S+ +race +cpu /m],
  },
  {
    readme: 'packages/history/README.md',
    command: 'npx gridrace history trend -o race-results/trend.html',
    run: `npx gridrace race ${ONE_RACE} -o "$SCRATCH/race" -q --history "$SCRATCH/history.sqlite" && npx gridrace history trend --db "$SCRATCH/history.sqlite" -o "$SCRATCH/trend.html"`,
    why: 'reads race-results/history.sqlite, which a fresh clone does not have, and writes into the repository: both in scratch',
    writes: ['trend.html'],
  },
  {
    readme: 'packages/history/README.md',
    command: 'npx gridrace history changes',
    run: `npx gridrace race ${ONE_RACE} -o "$SCRATCH/race" -q --history "$SCRATCH/history.sqlite" && npx gridrace history changes --db "$SCRATCH/history.sqlite"`,
    why: 'reads race-results/history.sqlite, which a fresh clone does not have: a history of one race in scratch',
    output: [/no slower step beyond 5% at the newest commit/],
  },
  {
    readme: 'packages/engine-wasm/README.md',
    command: 'npx gridrace race --engines wasm,bitmask --puzzles ../shared/puzzles/webpbn --time 0.3',
    run: `npx gridrace race --engines wasm,bitmask --puzzles ${WEBPBN_ONE} --time 0.3 --out "$SCRATCH/wasm-webpbn"`,
    why: 'the whole webpbn folder takes minutes and writes race-results/: one puzzle, outputs to scratch',
    output: [/2 tasks, 2 completed/],
    writes: ['wasm-webpbn/results.json'],
  },
  {
    readme: 'packages/engine-z3/docs/measuring.md',
    command: `${PNPM} -F @gridrace/engine-z3 bench --engine z3 --puzzles seeds --runs 5 --first`,
    run: `${PNPM} -F @gridrace/engine-z3 bench --engine z3 --puzzles seeds --runs 1 --first`,
    why: 'five runs of each seed take a minute: one run',
    output: [/\| gchq-2015\.json \| 25x25 \| unique \|/],
  },
  {
    readme: 'packages/engine-z3/docs/measuring.md',
    command: `${PNPM} -F @gridrace/engine-z3 bench --engine z3 --puzzles webpbn --limit 30000 --runs 3`,
    run: `${PNPM} -F @gridrace/engine-z3 bench --engine z3 --puzzles ${Z3_SMALL} --limit 30000 --runs 1`,
    why: 'the webpbn folder takes minutes in z3: its smallest puzzle, one run',
    output: [/\| webpbn-00001\.nin \| 5x10 \| unique \|/],
  },
  {
    readme: 'packages/engine-z3/docs/measuring.md',
    command: `${PNPM} -F @gridrace/engine-z3 bench --engine z3-prefix --variant '{"form":"packed","occurrences":"count","bounds":"loose"}' --puzzles ../../puzzles/seed/z3-prefix-15x15.json --limit 120000 --runs 3 --first`,
    run: `${PNPM} -F @gridrace/engine-z3 bench --engine z3-prefix --variant '{"form":"packed","occurrences":"count","bounds":"loose"}' --puzzles ${Z3_SMALL} --limit 120000 --runs 1 --first`,
    why: 'this variant takes over a minute per solve of the 15x15: the 5x10, one run',
    output: [/\| webpbn-00001\.nin \| 5x10 \| unique \|/],
  },
  {
    readme: 'packages/engine-arrowpath/bench/README.md',
    command:
      'for spec in 5x5 5x5c 7x7 7x7c 10x10 10x10c 8x5 15x15 15x15c 12x20 20x20 20x20c 25x25 25x25c 30x30 30x30c; do\nfor i in 1 2 3; do /usr/games/sgt-signpost --generate 1 "${spec}#gridrace-$i"; done\ndone',
    skip: true,
    why: "needs /usr/games/sgt-signpost (Debian's sgt-puzzles), which the set-up does not install; it records how a committed file was made",
  },
  {
    readme: 'packages/engine-arrowpath/bench/README.md',
    command: `cd packages/generate && ${PNPM} run bench -- --sizes 7,10,15,20,30 --seeds 2 --write ../engine-arrowpath/bench/sparse-generated.txt`,
    run: `cd packages/generate && ${PNPM} run bench -- --sizes 7 --seeds 1 --write "$SCRATCH/sparse-generated.txt"`,
    why: 'overwrites a committed file, and the 30x30s take minutes: one 7x7, written to scratch',
    output: [/\| 7x7 \| 1 \|/],
    writes: ['sparse-generated.txt'],
  },
];

/** A command as the table names it: continuations joined, `# comments` dropped, spaces collapsed (line breaks kept). */
function normalize(text: string): string {
  return text
    .replace(/\\\n\s*/g, ' ')
    .replace(/[ \t]+#\s.*$/gm, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n');
}

interface Found {
  readme: string;
  line: number;
  text: string;
  key: string;
  usage: boolean;
}

function readmeFiles(dir = REPO): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', '.turbo', 'dist', 'build', 'race-results'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...readmeFiles(path));
    else if (entry.name === 'README.md' || (entry.name.endsWith('.md') && dir.endsWith(`${sep}docs`))) files.push(path);
  }
  return files.sort();
}

// How a line of an unlabeled block starts when the block holds commands (or usage lines).
const COMMAND_START = /^(npx |node |pnpm |cd |for |echo |[A-Z_]+=\S* |gridrace )/;
const SHELL_LANGS = new Set(['sh', 'bash', 'shell']);
// Spans of the prose that are commands written the READMEs' way (`npx gridrace ...` is a placeholder).
const INLINE = /`((?:npx gridrace|npx -y pnpm@)(?:(?! \.\.\.)[^`])*)`/g;

function extract(path: string): Found[] {
  const readme = relative(REPO, path).split(sep).join('/');
  const lines = readFileSync(path, 'utf8').split('\n');
  const found: Found[] = [];
  // In an unlabeled block, `gridrace ...` is a usage line; in a shell block it is a command
  // (and fails: a fresh shell has no `gridrace`).
  const add = (line: number, text: string, usage = false) => found.push({ readme, line, text, key: normalize(text), usage });
  const prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!fence) {
      prose.push(lines[i]!);
      continue;
    }
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    const body = lines.slice(start, end);
    i = end;
    prose.push(...body.map(() => ''), '');
    const first = body.find((l) => l.trim() !== '');
    if (!(SHELL_LANGS.has(fence[1]!) || (fence[1] === '' && first !== undefined && COMMAND_START.test(first)))) continue;
    // One entry per command: a line ending in `\`, an indented line and a closing `done`/`fi`
    // continue the one before; blank lines and comments end it.
    let open: { line: number; text: string } | undefined;
    const close = () => {
      if (open) add(open.line, open.text, fence[1] === '' && open.text.startsWith('gridrace '));
      open = undefined;
    };
    body.forEach((text, j) => {
      if (text.trim() === '' || text.trimStart().startsWith('#')) return close();
      if (open && (open.text.endsWith('\\') || /^\s/.test(text) || /^(done|fi|esac|\})\b/.test(text))) open.text += `\n${text}`;
      else {
        close();
        open = { line: start + j + 1, text };
      }
    });
    close();
  }
  const text = prose.join('\n');
  for (const m of text.matchAll(INLINE)) add(text.slice(0, m.index).split('\n').length, m[1]!.replace(/\s+/g, ' '));
  return found;
}

const found = readmeFiles().flatMap(extract);
const commands = found.filter((f) => !f.usage);
const usages = found.filter((f) => f.usage);
const substituteFor = (f: Found) => SUBSTITUTES.find((s) => s.readme === f.readme && s.command === f.key);

// Outputs (and the race's default race-results/) would land in the repository, an install
// would change node_modules and a build dist/ under the running tests: such a command may only run
// through a substitute (outputs to scratch) or be skipped with its reason.
const UNSAFE =
  /(^|\s)(-o|--out|--output|--write|--markdown)(\s|=)|>|(^|\s)(race|start)(\s(?!.*--help)|$)|(^|\s)(npm|pnpm(@\S+)?|yarn)\s+(install|i|add|ci)(\s|$)|(^|\s)(pnpm(@\S+)?|turbo run)\s+build(\s|$)|apt-get/;

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A fresh shell: no pnpm (a stand-in says so), no project bin folders, none of the variables
// pnpm, turbo and vitest set for this process.
const stubs = join(scratch, 'bin');
mkdirSync(stubs);
writeFileSync(join(stubs, 'pnpm'), '#!/bin/sh\necho "pnpm: command not found (a fresh machine has none; the READMEs run npx -y pnpm@12.4.2)" >&2\nexit 127\n');
chmodSync(join(stubs, 'pnpm'), 0o755);
// npx as npm runs a local bin: the nearest folder with a package.json or node_modules is the
// project, and its node_modules/.bin/gridrace is what `npx gridrace` runs. `npx -y
// pnpm@VERSION` runs the pnpm that npx has fetched into its cache before (the test command
// itself runs under it), without npx's 0.8 CPU s of start-up. Anything else is the real npx's.
const realNpx = join(dirname(process.execPath), 'npx');
const PINNED_PNPM = PNPM.replace(/^npx -y /, '');

/** The pinned pnpm's program in npx's cache (~/.npm/_npx/HASH/node_modules/pnpm), if npx has fetched it. */
function cachedPnpm(): string | undefined {
  const npx = join(homedir(), '.npm', '_npx');
  if (!existsSync(npx)) return undefined;
  for (const hash of readdirSync(npx)) {
    const dir = join(npx, hash, 'node_modules', 'pnpm');
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string; bin?: string | Record<string, string> };
      const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['pnpm'];
      if (`pnpm@${manifest.version}` === PINNED_PNPM && bin && existsSync(join(dir, bin))) return join(dir, bin);
    } catch {
      // not a complete install of pnpm: npx will fetch its own
    }
  }
  return undefined;
}

const pnpmInCache = cachedPnpm();
writeFileSync(
  join(stubs, 'npx'),
  `#!/bin/sh
if [ "$1" = gridrace ]; then
  dir=$PWD
  while [ "$dir" != / ] && [ ! -e "$dir/package.json" ] && [ ! -e "$dir/node_modules" ]; do dir=$(dirname "$dir"); done
  if [ -x "$dir/node_modules/.bin/gridrace" ]; then shift; exec "$dir/node_modules/.bin/gridrace" "$@"; fi
fi
${pnpmInCache ? `if [ "$1" = -y ] && [ "$2" = ${PINNED_PNPM} ]; then shift 2; exec '${pnpmInCache}' "$@"; fi
` : ''}exec '${realNpx}' "$@"
`,
);
chmodSync(join(stubs, 'npx'), 0o755);
const env: NodeJS.ProcessEnv = { NO_COLOR: '1' };
for (const [key, value] of Object.entries(process.env)) {
  if (/^(npm_|PNPM_|VITEST|TURBO_(?!TELEMETRY_DISABLED$))|^(INIT_CWD|FORCE_COLOR|NO_COLOR)$/.test(key)) continue;
  if (key === 'NODE_ENV' && value === 'test') continue;
  env[key] = value;
}
env.PATH = [stubs, dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.split(sep).includes('node_modules'))].join(
  delimiter,
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bash(command: string, dir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd: REPO, env: { ...env, SCRATCH: dir }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    // The whole process group: npx, pnpm, turbo and the race's workers.
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** At most `size` jobs at once. */
function pool(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
// Two commands at a time on the 2 cores. None builds: a build would rewrite dist/ under the
// running tests, so UNSAFE asks for a stand-in that plans it (--dry) instead.
const slot = pool(2);
// A command that several READMEs give alike runs once; each README's test checks its outcome.
const runs = new Map<string, Promise<{ run: Run; dir: string }>>();
const runOnce = (command: string, dir: string) => {
  if (!runs.has(command)) runs.set(command, slot(() => bash(command, dir)).then((run) => ({ run, dir })));
  return runs.get(command)!;
};

// The built CLI itself (the commands above already show that `npx gridrace` reaches it).
const helps = new Map<string, Promise<Run>>();
const helpOf = (path: string) => {
  if (!helps.has(path)) helps.set(path, slot(() => bash(`node "${CLI}" ${path} --help`, scratch)));
  return helps.get(path)!;
};

const where = (f: Found) => `${f.readme}:${f.line}`;
const show = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout.slice(-3000)}\n--- stderr\n${r.stderr.slice(-3000)}`;

describe('README commands', () => {
  it('finds the commands of the main READMEs', () => {
    for (const readme of ['README.md', 'benchmarks/README.md', 'packages/race/docs/racing.md']) expect(commands.some((f) => f.readme === readme), readme).toBe(true);
    expect(usages.some((f) => f.readme === 'packages/cli/README.md')).toBe(true);
    expect(commands.filter((f) => f.readme === 'README.md' && f.key.startsWith('npx gridrace ')).length).toBeGreaterThanOrEqual(10);
  });

  it('has a substitute only for commands the READMEs have, each with a reason', () => {
    for (const s of SUBSTITUTES) {
      expect(
        commands.some((f) => f.readme === s.readme && f.key === s.command),
        `no README command matches this substitute any more:\n${s.readme}: ${s.command}`,
      ).toBe(true);
      expect(s.why.length).toBeGreaterThan(10);
      expect((s.run === undefined) !== (s.skip === undefined), `${s.command}: exactly one of run and skip`).toBe(true);
    }
  });

  it('runs in a shell like a fresh machine: no pnpm, no project bins', async () => {
    const r = await bash('pnpm --version', scratch);
    expect(r.code).toBe(127);
    expect(r.stderr).toMatch(/pnpm: command not found/);
    const bare = await bash('command -v gridrace || true', scratch);
    expect(bare.stdout.trim().startsWith(REPO.replace(/\/$/, ''))).toBe(false);
  });

  it("runs `npx gridrace` as the real npx does: the project's own CLI", async () => {
    const shim = await bash('npx gridrace engines', scratch);
    const real = await bash(`'${realNpx}' gridrace engines`, scratch);
    expect(real.code, show(real)).toBe(0);
    expect(shim.code, show(shim)).toBe(0);
    expect(shim.stdout).toBe(real.stdout);
    expect(shim.stdout).toMatch(/\bwasm\b/);
  });

  it(`runs \`${PNPM}\` as the real npx does: the same pnpm`, async () => {
    const shim = await bash(`${PNPM} --version`, scratch);
    const real = await bash(`'${realNpx}' -y ${PINNED_PNPM} --version`, scratch);
    expect(real.code, show(real)).toBe(0);
    expect(shim.code, show(shim)).toBe(0);
    expect(shim.stdout).toBe(real.stdout);
    expect(shim.stdout.trim()).toBe(PINNED_PNPM.replace(/^pnpm@/, ''));
  });

  describe.concurrent('each command', () => {
    for (const f of commands) {
      const sub = substituteFor(f);
      if (sub?.skip) continue; // not run: SUBSTITUTES says why
      // A command that reads ../shared (the README's own or its stand-in's) needs the folder.
      const needsShared = /\.\.\/shared\//.test(sub?.run ?? f.text);
      it.skipIf(needsShared && !hasShared)(`${where(f)}: ${f.key.split('\n')[0]}${needsShared ? ` ${NEEDS_SHARED}` : ''}`, async () => {
        if (!sub) expect(f.key, `${where(f)} writes into the repository, installs or builds: give it a substitute in SUBSTITUTES`).not.toMatch(UNSAFE);
        const dir = join(scratch, `${f.readme.replace(/\W/g, '_')}-${f.line}`);
        mkdirSync(dir, { recursive: true });
        const { run: r, dir: ranIn } = await runOnce(sub?.run ?? f.text, dir);
        const label = `${where(f)}: ${sub ? `${sub.run} (stands in for: ${f.key})` : f.key}\n${show(r)}`;
        expect(r.code, label).toBe(0);
        expect(r.stderr, label).not.toSatisfy(hasStackTrace);
        for (const output of sub?.output ?? []) expect(r.stdout + r.stderr, label).toMatch(output);
        for (const file of sub?.writes ?? []) expect(existsSync(join(ranIn, file)), `${label}\nmissing ${file}`).toBe(true);
      }, 200_000);
    }
  });

  describe.concurrent('each usage line names flags its command has', () => {
    for (const f of usages) {
      it(`${where(f)}: ${f.key.split('\n')[0]}`, async () => {
        const words = f.key.split(/\s+/).slice(1);
        const firstArg = words.findIndex((w) => !/^[a-z][a-z-]*$/.test(w));
        const path = (firstArg < 0 ? words : words.slice(0, firstArg)).join(' ');
        const flags = [...f.key.matchAll(/(?<=^|[\s[|])--?[A-Za-z][\w-]*/g)].map((m) => m[0]);
        const help = await helpOf(path);
        expect(help.code, `gridrace ${path} --help\n${show(help)}`).toBe(0);
        for (const flag of new Set(flags)) {
          expect(help.stdout, `${where(f)}: gridrace ${path} has no ${flag}`).toMatch(new RegExp(`(^|[\\s,])${flag}(?=[\\s,=]|$)`, 'm'));
        }
      }, 200_000);
    }
  });
});
