// Preloaded with `--require` before anything else runs (see package.json and the README).
//
// DuckDB's Node bindings run every query as work on libuv's thread pool, which also serves file
// reads. Its default of 4 threads would let 4 long queries stall every other query and file read,
// whatever the connection lanes. The pool is created on first use and reads UV_THREADPOOL_SIZE then,
// so the setting must be in place before any module is loaded asynchronously: an ES module or a
// TypeScript loader is too late, a CommonJS preload is not. 32 threads cover the default lanes
// (4 cheap + 2 heavy + 4 export connections) with room for file reads; an explicit value wins.
process.env.UV_THREADPOOL_SIZE ??= '32';
