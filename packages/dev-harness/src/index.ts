export { startHarness, type LoadRoutes } from './start-harness.tsx';
export { HarnessApp } from './harness-app.tsx';
