import { isolatedConfig } from '../../vitest.shared.js';
// The registry tests count the engines a file registered, from an empty registry.
export default isolatedConfig;
