// A search thread of the portfolio engine, as its own file so that the bundler emits it as a
// module worker next to the solve worker that starts it.
import '@gridrace/engine-portfolio/search-worker';
