import { renderRoutesAt } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import routes from './routes';

describe('mf-engagement routes', () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/tasks/list', '/tasks/static', '/mailing', '/tournaments', '/giveaways/list']);
  });

  it('renders Tasks at /tasks/list', async () => {
    renderRoutesAt(routes, '/tasks/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeTruthy();
    expect(screen.getByText('Manage and monitor task completion')).toBeTruthy();
  });

  it('renders Static Tasks at /tasks/static', async () => {
    renderRoutesAt(routes, '/tasks/static');
    expect(await screen.findByRole('heading', { level: 1, name: 'Static Tasks' })).toBeTruthy();
    expect(screen.getByText('Manage static tasks')).toBeTruthy();
  });

  it('renders Mailing at /mailing', async () => {
    renderRoutesAt(routes, '/mailing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailing' })).toBeTruthy();
  });

  it('renders Tournaments at /tournaments', async () => {
    renderRoutesAt(routes, '/tournaments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournaments' })).toBeTruthy();
  });

  it('renders Giveaways at /giveaways/list', async () => {
    renderRoutesAt(routes, '/giveaways/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giveaways' })).toBeTruthy();
    expect(screen.getByText('Manage and monitor giveaway campaigns')).toBeTruthy();
  });
});
