// @ts-check
/**
 * Jest project for the web app, meant to be listed in the root jest config's `projects`
 * (or run alone: `jest -c web/jest.project.js`). Tests are `web/src/**\/*.spec.tsx` in jsdom,
 * compiled by @swc/jest; the options are inline and `swcrc: false` keeps the server's .swcrc
 * (decorators, CommonJS paths) out of browser code.
 */
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: path.resolve(__dirname, '..'),
  roots: ['<rootDir>/web/src'],
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/web/src/**/*.spec.{ts,tsx}'],
  setupFiles: ['<rootDir>/web/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          target: 'es2022',
          // decorators: the HTTP contract's schema classes (their packages are no-op stand-ins below)
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' }, legacyDecorator: true },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    // the wire contract, as web/tsconfig.json and web/vite.config.ts name it
    '^@app/contracts/wire$': '<rootDir>/libs/contracts/src/wire/index.ts',
    // the HTTP contract, with its decorator packages as no-op stand-ins, as web/vite/contract-shims.ts does for the build
    '^@app/contracts/http$': '<rootDir>/libs/contracts/src/http/index.ts',
    '^@nestjs/swagger$': '<rootDir>/node_modules/@nestjs/swagger/dist/extra/swagger-shim.js',
    '^(class-validator|class-transformer)$': '<rootDir>/web/src/test/decoratorShim.cjs',
    '\\.(css|less|scss)$': '<rootDir>/web/src/test/styleMock.ts',
    '\\.(svg|png|jpe?g|gif|webp)$': '<rootDir>/web/src/test/fileMock.ts',
  },
  moduleFileExtensions: ['tsx', 'ts', 'js', 'mjs', 'cjs', 'json'],
};
