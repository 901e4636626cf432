// The public API of @gridrace/generate: an explicit list, types exported as types.
export type { GenerateArrowPathOptions, GenerateArrowPathProgress, GenerateArrowPathStats, GeneratedArrowPath } from './arrowpath.js';
export { DEFAULT_REACH, generateArrowPath, randomAlignedPath } from './arrowpath.js';
export { Random, hashSeed } from '@gridrace/core';
export type { GenerateNonogramOptions, GenerateNonogramStats, GeneratedNonogram } from './nonogram.js';
export { generateNonogram, randomImage, GenerateNonogramError } from './nonogram.js';
export type { GenerateColourNonogramOptions, GeneratedColourNonogram } from './colour.js';
export { generateColourNonogram, generatorPalette, randomColourImage } from './colour.js';
export type { GenerateLineSolvableOptions, GeneratedLineSolvable, LineSolvableStats } from './line-solvable.js';
export { generateLineSolvableNonogram } from './line-solvable.js';
