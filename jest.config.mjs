// One jest run for the whole workspace. Workspace packages resolve to their TypeScript sources,
// so tests need no build; tests that start services as processes need `pnpm build` (scripts/test.sh does it).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  moduleNameMapper: {
    '^@upmon/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/{packages,services}/*/{src,test}/**/*.test.{ts,tsx}', '<rootDir>/infra/*/test/**/*.test.ts', '<rootDir>/scripts/test/**/*.test.ts'],
  globalSetup: '<rootDir>/packages/testing/jest/global-setup.mjs',
  maxWorkers: 2,
  // Each test file imports the workspace's modules afresh in its worker (ESM through vm modules), and
  // what they keep is not all given back: over 300 files a long-lived worker reached V8's heap limit
  // and crashed ("Jest worker ran out of memory"). A worker above this size after a file is replaced.
  workerIdleMemoryLimit: '1GB',
  // A guard against hangs, not a timing assertion: tests wait for conditions (PATIENCE_MS each), and
  // a loaded machine (a parallel run beside this one) can make a quiet minute's work take several.
  testTimeout: 180_000,
};
