import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PersonBadge } from './person-badge.tsx';

const person = {
  telegramId: 42,
  username: null,
  firstName: 'Anna',
  lastName: 'K',
  avatar: null,
  isPremium: true,
};

describe('PersonBadge', () => {
  it('names a player by username, else first and last name, with the premium star and the id', async () => {
    render(<PersonBadge person={person} />);
    expect(await screen.findByText('Anna K')).toBeTruthy();
    expect(screen.getByLabelText('Premium')).toBeTruthy();
    expect(screen.getByText('ID: 42')).toBeTruthy();
  });

  it('is Unknown without a person, with the fallback id when given', async () => {
    render(<PersonBadge person={null} fallbackId={7} />);
    expect(await screen.findByText('Unknown')).toBeTruthy();
    expect(screen.getByText('ID: 7')).toBeTruthy();
  });

  it('makes the name a link when given one, named by the name', async () => {
    render(<PersonBadge person={person} nameLink={(name) => <a href="/users/detail/42">{name}</a>} />);
    const link = await screen.findByRole('link', { name: 'Anna K' });
    expect(link.getAttribute('href')).toBe('/users/detail/42');
    expect(screen.getByText('ID: 42')).toBeTruthy();
  });
});
