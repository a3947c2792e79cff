// One Jest run, several projects: server unit tests sit beside the code (*.spec.ts),
// server integration/contract tests under test/, web component tests beside the
// components (*.test.tsx), browser tests under <app>/test/.
const fs = require('node:fs');
const path = require('node:path');
// Apps appear one issue at a time; a project only lists the folders that exist.
const existing = (...dirs) => dirs.filter((d) => fs.existsSync(path.join(__dirname, d))).map((d) => `<rootDir>/${d}`);

const tsTransform = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
};
const webTransform = (app) => ({
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: `<rootDir>/${app}/tsconfig.jest.json` }],
});
const webModuleNameMapper = {
  '\\.(css|svg|png|jpg|webp|mp4)$': '<rootDir>/portal/test/support/asset-stub.js',
};

module.exports = {
  // Global on purpose: Jest reads testTimeout from the top-level config only (a project's own value
  // is ignored). Integration suites start a server on a fresh database in beforeAll, which takes
  // far longer on a loaded 2-core machine than on an idle one.
  testTimeout: 120000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: existing('api', 'bot', 'scripts'),
      testMatch: ['**/*.spec.ts'],
      transform: tsTransform,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: existing('test'),
      testMatch: ['**/*.spec.ts'],
      transform: tsTransform,
    },
    {
      displayName: 'portal',
      testEnvironment: 'jsdom',
      roots: existing('portal/src', 'admin/src'),
      testMatch: ['**/*.test.tsx', '**/*.test.ts'],
      transform: webTransform('portal'),
      moduleNameMapper: webModuleNameMapper,
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      roots: existing('portal/test', 'admin/test'),
      testMatch: ['**/*.e2e.ts'],
      transform: tsTransform,
    },
  ],
};
