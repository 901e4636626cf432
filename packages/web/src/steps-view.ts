// Line solving, step by step: the naive engine solves one nonogram in a worker and reports
// every line that fixed cells (before any branching) with the grid after it; the page draws
// the grid at any step, the line just solved outlined.
import type { ColourNonogramPuzzle, NonogramPuzzle } from '@gridrace/core';
import type { LineStep, SolveRequest, WorkerReply } from './protocol.js';

export interface StepRun {
  readonly steps: readonly LineStep[];
  readonly truncated: boolean;
  readonly verdict: string;
}

/** Runs the naive engine on `puzzle` in a worker and resolves to its line-solving steps. */
export function recordSteps(puzzle: NonogramPuzzle | ColourNonogramPuzzle, makeWorker: () => Worker, timeLimitMs: number): Promise<StepRun> {
  return new Promise((resolve, reject) => {
    const worker = makeWorker();
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`line solving did not end within ${timeLimitMs / 1000} s`));
    }, timeLimitMs + 2000);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'ready') return;
      clearTimeout(timer);
      worker.terminate();
      if (reply.type === 'steps') resolve({ steps: reply.steps, truncated: reply.truncated, verdict: reply.verdict });
      else reject(new Error(reply.type === 'error' ? reply.message : 'unexpected answer from the worker'));
    };
    const request: SolveRequest = { engine: 'naive', puzzle, maxSolutions: 2, timeLimitMs, runs: 0, steps: true };
    worker.postMessage(request);
  });
}

/** Draws the grid after step `index` (-1: before any) on `canvas`. */
export function drawStep(canvas: HTMLCanvasElement, puzzle: NonogramPuzzle | ColourNonogramPuzzle, run: StepRun, index: number): string {
  const { width, height } = puzzle;
  const size = Math.max(3, Math.min(18, Math.floor(600 / Math.max(width, height))));
  canvas.width = width * size + 1;
  canvas.height = height * size + 1;
  const ctx = canvas.getContext('2d')!;
  const step = run.steps[index];
  const grid = step?.grid;
  const colours = puzzle.kind === 'colour-nonogram' ? puzzle.palette.map((c) => `#${c.rgb}`) : ['#ffffff', '#1b1f24'];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const v = grid ? grid[r * width + c]! : 255;
      ctx.fillStyle = v === 255 ? '#d0d7de' : (colours[v] ?? '#1b1f24');
      ctx.fillRect(c * size, r * size, size, size);
    }
  }
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = size > 6 ? 1 : 0;
  for (let i = 0; size > 6 && i <= Math.max(width, height); i++) {
    ctx.beginPath();
    ctx.moveTo(i * size + 0.5, 0);
    ctx.lineTo(i * size + 0.5, height * size);
    ctx.moveTo(0, i * size + 0.5);
    ctx.lineTo(width * size, i * size + 0.5);
    ctx.stroke();
  }
  if (!step) return `before any line: ${width * height} cells, givens only`;
  ctx.strokeStyle = '#0969da';
  ctx.lineWidth = 3;
  const row = step.line < height;
  if (row) ctx.strokeRect(1.5, step.line * size + 1.5, width * size - 2, size - 2);
  else ctx.strokeRect((step.line - height) * size + 1.5, 1.5, size - 2, height * size - 2);
  const unknown = grid!.reduce((n, v) => n + (v === 255 ? 1 : 0), 0);
  return `step ${index + 1} of ${run.steps.length}${run.truncated ? ' (more not shown)' : ''}: ${row ? `row ${step.line + 1}` : `column ${step.line - height + 1}`} fixed ${step.fixed} cell(s) in pass ${step.pass}; ${unknown} unknown`;
}
