// Mutation testing of the access checks: every service's `access/` rules and the gateway's
// guard, decorator and token strategy. Each mutant (a flipped condition, a removed check, a
// changed role name …) must make a test fail; `break: 100` fails the run otherwise. Only the
// fast unit specs beside that code run, with the repository's own jest settings (the `unit`
// project of jest.config.js: swc transform, module paths). `make test-mutation` runs it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { projects } = require('./jest.config.js');
// the runs happen in a sandbox copy: jest's rootDir is the sandbox, its roots the code under test
const { displayName: _name, testMatch: _match, rootDir: _root, roots: _roots, ...unit } = projects.find((p) => p.displayName === 'unit');

const mutate = [
  'services/*/src/access/**/*.ts',
  '!services/*/src/access/**/*.spec.ts',
  '!services/*/src/access/**/*.int-spec.ts',
  'gateway/src/auth/authenticated.decorator.ts',
  'gateway/src/auth/jwt.strategy.ts',
  'gateway/src/auth/attempt-throttle.ts',
  'gateway/src/delivery/robot-key.guard.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate,
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    // package.json holds no jest settings: the whole configuration is the one below
    configFile: 'package.json',
    config: {
      ...unit,
      // only the folders of the code under test: jest maps them (and what they import) on every run
      roots: [
        '<rootDir>/services/orders/src/access',
        '<rootDir>/services/images/src/access',
        '<rootDir>/services/style-guides/src/access',
        '<rootDir>/services/users/src/access',
        '<rootDir>/services/statistics/src/access',
        '<rootDir>/services/delivery/src/access',
        '<rootDir>/gateway/src/auth',
        '<rootDir>/gateway/src/delivery',
      ],
      testMatch: ['<rootDir>/services/*/src/access/**/*.spec.ts', '<rootDir>/gateway/src/auth/**/*.spec.ts', '<rootDir>/gateway/src/delivery/robot-key.guard.spec.ts'],
    },
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  thresholds: { high: 100, low: 100, break: 100 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/access.html' },
  jsonReporter: { fileName: 'reports/mutation/access.json' },
  // Incremental: the last run's result is kept in the repository, and a run retests only the
  // mutants whose code or covering tests changed since (Stryker diffs both); the report still
  // holds every mutant. `make test-mutation` rewrites the file: commit it with the change.
  // `make test-mutation-full` (--force) retests every mutant.
  incremental: true,
  incrementalFile: 'test/mutation/access.incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // the sandbox links the shared node_modules instead of copying it
  symlinkNodeModules: true,
  // the sandbox needs the code and its specs, not the web app, the e2e tests or built files
  ignorePatterns: ['dist', 'web', 'bench', 'test', 'reports', '.data', 'coverage', 'deploy', 'docs'],
  timeoutMS: 10000,
};
