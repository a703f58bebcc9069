import { defineProject } from 'vitest/config'
import e2e from './vitest.e2e.config.js'

/**
 * The production shape under load, in `deploy-tests/`: nginx (deploy/nginx.conf) in front of two
 * shop servers and two platform instances on one PostgreSQL, started by the test itself
 * (scripts/deployment.mjs), apart from the e2e tests' stack, so that both projects run at once.
 */
export default defineProject({
  // The tests' helpers use the client's source, as the e2e tests' do.
  resolve: e2e.resolve,
  test: {
    name: 'deployment',
    environment: 'node',
    include: ['deploy-tests/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
})
