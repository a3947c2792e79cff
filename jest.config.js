// One Jest run, several projects: server unit tests sit beside the code (*.spec.ts),
// server integration/contract tests under test/, web component tests beside the
// components (*.test.tsx), browser tests under <app>/test/.
const tsTransform = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
};

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/api', '<rootDir>/bot', '<rootDir>/scripts'],
      testMatch: ['**/*.spec.ts'],
      transform: tsTransform,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.spec.ts'],
      transform: tsTransform,
      testTimeout: 60000,
    },
  ],
};
