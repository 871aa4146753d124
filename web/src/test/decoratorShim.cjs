// A no-op stand-in for class-validator and class-transformer in the web tests: every export is
// a decorator factory that does nothing (the build does the same, web/vite/contract-shims.ts).
const decorator = () => undefined;
const noop = () => decorator;
module.exports = new Proxy({}, { get: (_, name) => (name === '__esModule' ? false : noop) });
