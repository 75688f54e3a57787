import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/** Each page of this remote: its path, heading and subtitle, if any (docs/screens.md). */
const PAGES: [path: string, heading: string, subtitle: string | null][] = [
  ['/tasks/list', 'Tasks', 'Manage and monitor task completion'],
  ['/tasks/static', 'Static Tasks', 'Manage static tasks'],
  ['/mailing', 'Mailing', null],
  ['/tournaments', 'Tournaments', null],
  ['/giveaways/list', 'Giveaways', 'Manage and monitor giveaway campaigns'],
];

describe('mf-engagement routes', () => {
  it('exposes the documented absolute paths, in menu order', () => {
    expect(routes.map((r) => r.path)).toEqual(PAGES.map(([path]) => path));
  });

  it.each(PAGES)('renders %s with the heading %s', async (path, heading, subtitle) => {
    renderRoutesAt(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    if (subtitle !== null) expect(screen.getByText(subtitle)).toBeTruthy();
  });
});
