import { isolatedConfig } from '../../vitest.shared.js';
// A fresh module graph per file: some files count the engines they registered, and the CLI's
// tests spend their time in the processes they start, so sharing one graph would save little.
export default isolatedConfig;
