// Change points over a history with known steps: a slowdown from a given commit on is found at
// that commit, per suite and per puzzle; flat noise gives none; a newest commit of slower runs
// fails `history changes`, one of the same speed does not; a step where the machine changed is
// marked and does not fail; more work counted is a step of its own. Last, two builds raced in
// turn (real workers) with a slowdown injected in the head: the step is found at the head.
import { AbRace, loadCorpus, type AbResults, type Build, type GateReport } from '@gridrace/race';
import { describe, expect, it } from 'vitest';
import { History, abRuns, buildSeries, failingChanges, findChanges, gateRuns, loadSqlJs, raceRun, type RunInput, type SeriesChange } from '../src/index.js';
import { dateOf, shaOf, syntheticRace, type SyntheticRace } from './synthetic.js';

async function historyOf(runs: readonly RunInput[]) {
  const history = History.open(await loadSqlJs());
  for (const run of runs) history.addRun(run);
  const rows = history.runs();
  return { history, runs: rows, series: buildSeries(rows, history.results()) };
}

/** Races of commits 0..n-1, each dated by its commit; `at(commit)` gives what differs. */
function races(n: number, at: (commit: number) => Partial<SyntheticRace> = () => ({})): RunInput[] {
  return Array.from({ length: n }, (_, commit) => raceRun(syntheticRace({ commit, engines: ['wasm', 'bitmask'], puzzles: 5, seed: 1000 + commit, ...at(commit) }), { suite: 'ci', commitDate: () => dateOf(commit) }));
}

const where = (changes: readonly SeriesChange[], runs: { gitSha: string | null }[]) => changes.map((c) => `${c.series.scope} ${c.series.engine} ${c.series.measure} @${runs[c.run]!.gitSha === null ? '?' : parseInt(runs[c.run]!.gitSha!.slice(0, 4), 16)}`);

describe('findChanges', () => {
  it('finds a 25% slowdown at the commit where it begins, for the suite and each puzzle', async () => {
    const { runs, series } = await historyOf(races(30, (c) => (c >= 20 ? { slowdown: { wasm: 1.25 } } : {})));
    const changes = findChanges(runs, series, { significance: 0.01 });
    const found = where(changes, runs);
    expect(found).toContain('suite wasm time @20');
    for (let p = 0; p < 5; p++) expect(changes.some((c) => c.series.subject === `puzzles/p${p}.json` && c.series.measure === 'time' && runs[c.run]!.gitSha === shaOf(20))).toBe(true);
    // Nothing else: bitmask did not change, nor did any counter.
    expect(changes.every((c) => c.series.engine === 'wasm' && c.series.measure === 'time' && runs[c.run]!.gitSha === shaOf(20))).toBe(true);
    const suite = changes.find((c) => c.series.scope === 'suite')!;
    expect(suite.change).toBeGreaterThan(0.2);
    expect(suite.change).toBeLessThan(0.3);
    expect(suite.newest).toBe(false);
    expect(failingChanges(changes, 0.05)).toEqual([]);
  });

  it('finds nothing in a flat noisy history of 30 commits', async () => {
    // Per suite (what `history changes` judges by default): nothing. Per puzzle, each series is a
    // test at the 1% level of its own: over 30 series, one false step is what chance allows.
    let perPuzzle = 0;
    for (const seed of [0, 100, 200]) {
      const { runs, series } = await historyOf(races(30, (c) => ({ seed: seed + c, noise: 0.04 })));
      const changes = findChanges(runs, series, { significance: 0.01 });
      expect(where(changes.filter((c) => c.series.scope === 'suite'), runs)).toEqual([]);
      perPuzzle += changes.length;
    }
    expect(perPuzzle).toBeLessThanOrEqual(1);
  });

  it('fails a newest commit whose runs are slower, not one whose runs are the same speed', async () => {
    // Four races of the newest commit: E-Divisive's segments need three points; the newest
    // commit is tested on its own against the runs before it.
    const newest = (slowdown: number) =>
      Array.from({ length: 4 }, (_, k) => raceRun(syntheticRace({ commit: 30, engines: ['wasm', 'bitmask'], puzzles: 5, seed: 5000 + k, slowdown: { wasm: slowdown } }), { suite: 'ci', commitDate: () => dateOf(30) }));
    const slower = await historyOf([...races(30), ...newest(1.15)]);
    const failing = failingChanges(findChanges(slower.runs, slower.series, { significance: 0.01 }), 0.05);
    expect(where(failing, slower.runs)).toContain('suite wasm time @30');
    expect(failing.every((c) => c.newest && c.series.engine === 'wasm')).toBe(true);
    const same = await historyOf([...races(30), ...newest(1)]);
    expect(failingChanges(findChanges(same.runs, same.series, { significance: 0.01 }), 0.05)).toEqual([]);
  });

  it('marks a step where the machine changed, and does not fail it', async () => {
    const { runs, series } = await historyOf(races(24, (c) => (c >= 12 ? { cpu: 'Slower CPU', slowdown: { wasm: 1.3, bitmask: 1.3 } } : {})));
    const changes = findChanges(runs, series, { significance: 0.01 }).filter((c) => c.series.scope === 'suite');
    expect(where(changes, runs).sort()).toEqual(['suite bitmask time @12', 'suite wasm time @12']);
    expect(changes.every((c) => c.machineChanged)).toBe(true);
    // Even when it is the newest commit.
    const late = await historyOf(races(24, (c) => (c >= 20 ? { cpu: 'Slower CPU', slowdown: { wasm: 1.3 } } : {})));
    expect(failingChanges(findChanges(late.runs, late.series, { significance: 0.01 }), 0.05)).toEqual([]);
  });

  it('finds more counted work as a step of its own', async () => {
    const { runs, series } = await historyOf(races(20, (c) => (c >= 12 ? { work: { bitmask: 1.1 } } : {})));
    const changes = findChanges(runs, series, { significance: 0.01 }).filter((c) => c.series.measure !== 'time');
    expect(where(changes, runs).filter((w) => w.startsWith('suite'))).toEqual(['suite bitmask linesSolved @12']);
    expect(changes.every((c) => Math.abs(c.change - 0.1) < 0.01)).toBe(true);
  });
});

describe('two builds raced in turn', () => {
  it('find the slowdown injected in the head at the head, and fail it as the newest commit', { timeout: 180_000 }, async () => {
    // Stand-in builds (the race package's A/B fixture): the head does 1.5 times the base's work.
    const fixture = (work: string): Build => ({ ref: work, root: '.', enginesModule: new URL(`../../race/test/fixtures/ab-build.mjs?work=${work}`, import.meta.url).href });
    const { puzzles } = loadCorpus([new URL('../../../puzzles/seed/gchq-2015.json', import.meta.url).pathname]);
    const ab = await (await AbRace.create({ puzzles, base: fixture('1'), head: fixture('1.5'), rounds: 6, timing: { iterations: 5 } })).run();
    // The builds stand for two commits.
    const raced: AbResults = { ...ab, base: { ...ab.base, sha: shaOf(1) }, head: { ...ab.head, sha: shaOf(2) } };
    const runsIn = abRuns(raced, { suite: 'gchq', commitDate: (sha) => (sha === shaOf(1) ? dateOf(1) : dateOf(2)) });
    expect(runsIn.map((r) => [r.side, r.gitSha, r.results[0]!.rounds!.length])).toEqual([
      ['base', shaOf(1), 6],
      ['head', shaOf(2), 6],
    ]);
    const { runs, series } = await historyOf(runsIn);
    const changes = findChanges(runs, series, { significance: 0.01 }).filter((c) => c.series.measure === 'time');
    expect(where(changes, runs)).toContain('suite fixture-work time @2');
    const failing = failingChanges(changes, 0.05);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing[0]!.change).toBeGreaterThan(0.25);

    // The same race as a gate's timed step: two runs, the engines' code fingerprints kept.
    const gate = { fingerprints: [{ engine: 'fixture-work', base: 'aaa', head: 'bbb', same: false }], counting: { results: raced }, timing: { results: raced } } as unknown as GateReport;
    const [base, head] = gateRuns(gate, { suite: 'gchq' });
    expect([base!.source, base!.side, base!.results[0]!.code, head!.results[0]!.code]).toEqual(['gate', 'base', 'aaa', 'bbb']);
    expect(head!.results[0]!.rounds).toEqual(runsIn[1]!.results[0]!.rounds);
  });
});
