/**
 * One runner, six tiers, told apart by file name:
 *   *.spec.ts      unit: pure logic, no infrastructure
 *   *.int-spec.ts  integration: a library or service against real PostgreSQL, NATS and S3
 *   *.e2e-spec.ts  API end to end: the gateway with all services booted in-process
 *   web/src/**.spec.tsx  web components in jsdom
 *   *.browser-spec.ts  browser end to end: Debian's chromium (playwright-core) against the
 *                      stack booted in-process, serving the built web app (npm run build:web)
 *   *.fault-spec.ts    faults: the services as real processes (dist/, npm run build:server)
 *                      on a PostgreSQL, NATS and S3 of their own, killed and restarted mid-work
 * Every integration and e2e file makes its own database, NATS namespace and S3 folder.
 */
const { existsSync } = require('node:fs');
const swc = JSON.parse(require('node:fs').readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swc.$schema;
delete swc.jsc.baseUrl;
delete swc.jsc.paths;

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false, sourceMaps: 'inline' }] },
  moduleNameMapper: { '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src', '^@app/contracts/(wire|http)$': '<rootDir>/libs/contracts/src/$1' },
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/test', '<rootDir>/scripts'].filter((r) =>
    existsSync(r.replace('<rootDir>', __dirname)),
  ),
};

const projects = [
  { ...base, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
  { ...base, displayName: 'integration', testMatch: ['**/*.int-spec.ts'], slowTestThreshold: 30 },
  { ...base, displayName: 'e2e', testMatch: ['**/*.e2e-spec.ts'], slowTestThreshold: 60 },
  // a Content-Security-Policy violation in any page fails the test (test/support/csp-violations.ts)
  { ...base, displayName: 'browser', testMatch: ['**/*.browser-spec.ts'], slowTestThreshold: 60, setupFilesAfterEnv: ['<rootDir>/test/support/browser-csp.setup.ts'] },
  { ...base, displayName: 'faults', testMatch: ['**/*.fault-spec.ts'], slowTestThreshold: 240 },
];
if (existsSync(`${__dirname}/web/jest.project.js`)) projects.push(require('./web/jest.project.js'));

module.exports = {
  projects,
  testTimeout: 60000,
  maxWorkers: process.env.JEST_WORKERS ?? 2,
  // A worker keeps what earlier test files left behind (booted stacks, module registries): by
  // the end of a run its heap held 600+ MB live, and every full collection took almost a
  // second. A worker past this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '768MB',
  reporters: ['default', `${__dirname}/scripts/jest-summary.reporter.js`],
};
