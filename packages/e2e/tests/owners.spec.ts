import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, QA_TEAM, type Area } from '../areas';
import { expect, test } from './support/test';

// `.github/CODEOWNERS` gives each spec to the teams of the areas it is tagged with, and to QA:
// a new spec without its line, or a line that disagrees with the spec's tags, fails here.

const TESTS = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(TESTS, '../../..');
const AREA_TAG = new RegExp(`'@(${Object.keys(AREAS).join('|')})'`, 'g');

/** The owners of each path CODEOWNERS names exactly (the spec lines). */
function ownersByPath(): Map<string, string[]> {
  const lines = readFileSync(path.join(ROOT, '.github/CODEOWNERS'), 'utf8').split('\n');
  return new Map(
    lines
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/\s+/))
      .map(([pattern, ...owners]) => [pattern!, owners]),
  );
}

test.describe('Shell: owners', { tag: ['@shell', '@smoke'] }, () => {
  test("every spec is owned by its areas' teams and QA, and each remote's folder by its team", () => {
    const owners = ownersByPath();
    for (const spec of readdirSync(TESTS).filter((f) => f.endsWith('.spec.ts'))) {
      const areas = [
        ...new Set(
          [...readFileSync(path.join(TESTS, spec), 'utf8').matchAll(AREA_TAG)].map((m) => m[1] as Area),
        ),
      ];
      expect(areas.length, `${spec} is tagged with its area`).toBeGreaterThan(0);
      expect(owners.get(`/packages/e2e/tests/${spec}`), spec).toEqual([
        ...areas.map((a) => AREAS[a].team),
        QA_TEAM,
      ]);
    }
    for (const { folder, team } of Object.values(AREAS)) {
      expect(owners.get(`/${folder}/`), folder).toEqual([team]);
    }
  });
});
