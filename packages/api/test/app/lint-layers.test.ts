import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of the root eslint.config.js (packages/api/README.md, "Layout"): a domain
 * never imports another domain, lib/ db/ files/ exports/ import neither plugins/ nor a domain,
 * and an app's features never import each other. Each case lints text at a made-up path in the
 * real tree, with the real configuration.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const layerRules = ({ ruleId }: { ruleId: string }) => ruleId.startsWith('layers/');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, ruleFilter: layerRules });
});

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('API layers', () => {
  it('refuses a domain importing another domain, at any depth and in any import form', async () => {
    const errors = await layerErrors(
      'packages/api/src/inventory/x.ts',
      "import { readMetrics } from '../stats/repository';\nexport { readMetrics };\n",
    );
    expect(errors).toEqual([
      {
        rule: 'layers/api-domains',
        message: expect.stringContaining(
          "the inventory domain may not import stats/. A domain never imports another domain's files",
        ),
      },
    ]);

    const nested = await layerErrors(
      'packages/api/src/auth/passkeys/x.ts',
      "export { usersPlan } from '../../users/export-plan';\nexport * from '../../games/repository';\nexport const load = () => import('../../stats/repository');\n",
    );
    expect(nested).toEqual(
      ['users', 'games', 'stats'].map((target) => ({
        rule: 'layers/api-domains',
        message: expect.stringContaining(`the auth domain may not import ${target}/.`),
      })),
    );
  });

  it('lets a domain import its own files, the infrastructure and the root config', async () => {
    const code = [
      "import { endOthers } from '../admin-repository';",
      "import { ok } from '../../lib/envelope';",
      "import { writeAudit } from '../../db/audit';",
      "import { requireFreshStepUp } from '../../plugins/auth-guard';",
      "import { exportRoute } from '../../exports/route';",
      "import type { Config } from '../../config';",
      'export { endOthers, ok, writeAudit, requireFreshStepUp, exportRoute, type Config };',
    ].join('\n');
    expect(await layerErrors('packages/api/src/auth/passkeys/x.ts', code)).toEqual([]);
  });

  it('refuses lib/, db/ and exports/ importing plugins/ or a domain', async () => {
    expect(
      await layerErrors(
        'packages/api/src/lib/x.ts',
        "export { requireFreshStepUp } from '../plugins/auth-guard';\n",
      ),
    ).toEqual([
      { rule: 'layers/api-domains', message: expect.stringContaining('lib/ may not import plugins/') },
    ]);
    expect(
      await layerErrors(
        'packages/api/src/exports/x.ts',
        "export { usersPlan } from '../users/export-plan';\n",
      ),
    ).toEqual([
      { rule: 'layers/api-domains', message: expect.stringContaining('exports/ may not import users/') },
    ]);
    expect(
      await layerErrors('packages/api/src/db/schema/x.ts', "export { safeCell } from '../../audit/csv';\n"),
    ).toEqual([
      { rule: 'layers/api-domains', message: expect.stringContaining('db/ may not import audit/') },
    ]);
    // db's own audit.ts is db, not the audit domain.
    expect(
      await layerErrors('packages/api/src/db/schema/x.ts', "export { writeAudit } from '../audit';\n"),
    ).toEqual([]);
  });

  it('lets the composition places import domains', async () => {
    const code = "export { demoCredentialLines } from '../../auth/demo-admins';\n";
    expect(await layerErrors('packages/api/src/db/seed/x.ts', code)).toEqual([]);
    expect(
      await layerErrors(
        'packages/api/src/jobs/x.ts',
        "export { withdrawalsReconcileJob } from '../withdrawals/reconcile-job';\n",
      ),
    ).toEqual([]);
    expect(await layerErrors('packages/api/src/x.ts', "export { default } from './users/routes';\n")).toEqual(
      [],
    );
  });
});

describe('app features', () => {
  it("refuses a feature importing another feature's folder", async () => {
    const code = "export { UserCards } from '../../user-detail/components/user-cards';\n";
    expect(await layerErrors('mf-users/src/features/users/components/x.tsx', code)).toEqual([
      {
        rule: 'layers/app-features',
        message: expect.stringContaining('the users feature may not import the user-detail feature'),
      },
    ]);
  });

  it('lets a feature import its own files and the remote outside features/', async () => {
    const code =
      "export { a } from './a';\nexport { getUsers } from '../api/get-users';\nexport { keys } from '../../../query-keys';\n";
    expect(await layerErrors('mf-users/src/features/users/components/x.tsx', code)).toEqual([]);
  });
});

it('the tree keeps the layers', { timeout: 180_000 }, async () => {
  const remotes = readdirSync(repoRoot)
    .filter((name) => name.startsWith('mf-'))
    .map((remote) => `${remote}/src`);
  expect(remotes.length).toBeGreaterThan(0);
  const results = await eslint.lintFiles(['packages/api/src', ...remotes]);
  const broken = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.message}`));
  expect(results.length).toBeGreaterThan(100);
  expect(broken).toEqual([]);
});
