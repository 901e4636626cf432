// @gridrace/engine-portfolio: several differently seeded searches of the one solver at once.
export { createPortfolioEngine, portfolioEngine } from './portfolio.js';
export type { PortfolioConfig, PortfolioEngine } from './portfolio.js';
export { defaultSearch } from './protocol.js';
export type { FromSearch, SearchBuild, SearchConfig, ToSearch } from './protocol.js';
export { startThread, searchWorkerUrl, webWorkerThread } from './search-threads.js';
export type { SearchThread, StartThread } from './search-threads.js';
