export { startHarness, type LoadRoutes } from './start-harness';
export { HarnessApp } from './harness-app';
