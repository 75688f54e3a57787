import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FormChangeNotice } from './presence-note.tsx';

const LABELS = { titleEn: 'Title (English)', rewardAmount: 'Reward Amount' };

/** The notice as a form draws it, with a review that finds `found` changed. */
function Notice({ found, gone = false }: { found: string[]; gone?: boolean }) {
  const [reviewed, setReviewed] = useState<string[]>([]);
  const [changed, setChanged] = useState(true);
  return (
    <FormChangeNotice
      changed={changed}
      gone={gone}
      by="content"
      reviewed={reviewed}
      review={() => {
        setReviewed(found);
        setChanged(false);
      }}
      labels={LABELS}
    />
  );
}

describe('FormChangeNotice', () => {
  it('says who changed the record and that a save waits; Review changes lists what changed and takes the focus', () => {
    render(<Notice found={['rewardAmount']} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This record changed');
    expect(alert.textContent).toContain('Changed by content while you were editing.');
    expect(alert.textContent).toContain('Review the changes before you save.');

    fireEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(screen.queryByRole('alert')).toBeNull();
    const list = screen.getByRole('list', { name: 'Changed meanwhile' });
    expect(list.textContent).toBe('Reward Amount');
    // The button pressed is gone: the focus is on what it found, not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Changed meanwhile' }));
  });

  it('says a deleted record can no longer be saved, and offers no review', () => {
    render(<Notice found={[]} gone />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This record was deleted');
    expect(alert.textContent).toContain('Deleted by content while you were editing.');
    expect(alert.textContent).toContain('It can no longer be saved.');
    expect(screen.queryByRole('button', { name: 'Review changes' })).toBeNull();
  });
});
