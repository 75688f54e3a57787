// This remote alone (`pnpm dev`): the console's dev harness with its routes. Both are imported
// dynamically, so the shared singletons are negotiated before React is evaluated.
void import('@manager/dev-harness').then(({ startHarness }) => startHarness(() => import('../routes')));
