/**
 * The repository's root, for what the build reads from the other workspace packages (their
 * versions, antd's version in `@manager/ui`). Vite bundles a config with this file, keeping
 * each module's own `import.meta.url`.
 */
export const WORKSPACE_ROOT = new URL('../../../', import.meta.url);
