import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('is named by its label and reports the text as typed', async () => {
    const onChange = vi.fn();
    render(<SearchBox label="Search users" placeholder="Search..." value="" onChange={onChange} />);
    const box = await screen.findByLabelText('Search users');
    expect(box.getAttribute('placeholder')).toBe('Search...');
    fireEvent.change(box, { target: { value: 'anna' } });
    expect(onChange).toHaveBeenCalledWith('anna');
  });
});
