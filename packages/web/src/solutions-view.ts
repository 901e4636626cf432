// The answers drawn: each puzzle with the first verified solution the race found; for a
// puzzle with more than one solution, the cells where two of them differ outlined in red.
import { renderSvg, type Solution } from '@gridrace/core';
import { escapeHtml as escape, type RaceResults } from '@gridrace/race/report';
import { answerKey, type RacePuzzle } from './race-runner.js';

/** Row-major indices of the cells where two grids differ (both nonogram kinds). */
export function differingCells(a: Solution, b: Solution): number[] {
  const out: number[] = [];
  if (!('cells' in a) || !('cells' in b)) return out;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) out.push(i);
  return out;
}


export function solutionsHtml(puzzles: readonly RacePuzzle[], results: RaceResults, answers: ReadonlyMap<string, readonly Solution[]>): string {
  return puzzles
    .map(({ id, puzzle }) => {
      const task = results.tasks.find((t) => t.puzzle === id && t.state === 'completed' && t.verified && (answers.get(answerKey(t.engine, id))?.length ?? 0) > 0);
      if (!task) return `<figure class="answer"><figcaption>${escape(id)}: no verified solution</figcaption></figure>`;
      const found = answers.get(answerKey(task.engine, id))!;
      const size = Math.max(4, Math.min(20, Math.floor(560 / Math.max(puzzle.width, puzzle.height))));
      if (found.length >= 2) {
        const cells = differingCells(found[0]!, found[1]!);
        const what = cells.length > 0 ? `the ${cells.length} cell(s) where two solutions differ outlined in red` : 'a second solution beside the first';
        const pictures = cells.length > 0 ? renderSvg(puzzle, found[0], { cellSize: size, highlight: cells }) : found.map((s) => renderSvg(puzzle, s, { cellSize: size })).join('');
        return `<figure class="answer" data-puzzle="${escape(id)}" data-verdict="${task.verdict}"><figcaption>${escape(id)}: ${task.verdict} (${escape(task.engine)}), ${what}</figcaption>${pictures}</figure>`;
      }
      return `<figure class="answer" data-puzzle="${escape(id)}" data-verdict="${task.verdict}"><figcaption>${escape(id)}: ${task.verdict} (${escape(task.engine)}, verified)</figcaption>${renderSvg(puzzle, found[0], { cellSize: size })}</figure>`;
    })
    .join('');
}
