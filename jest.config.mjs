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
  // A guard against hangs, not a timing assertion: tests wait for conditions (PATIENCE_MS each), and
  // a loaded machine (a parallel run beside this one) can make a quiet minute's work take several.
  testTimeout: 180_000,
};
