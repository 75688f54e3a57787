import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SearchBox, SubmitSearchBox } from './search-box.tsx';

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

describe('SubmitSearchBox', () => {
  it('shows the search it is given, also when it changes (a link, Back), and submits on Enter', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <SubmitSearchBox label="Search gifts" placeholder="Search..." search="pepe" onSubmit={onSubmit} />,
    );
    const box = (await screen.findByLabelText('Search gifts')) as HTMLInputElement;
    expect(box.value).toBe('pepe');
    rerender(<SubmitSearchBox label="Search gifts" placeholder="Search..." search="" onSubmit={onSubmit} />);
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: 'frog' } });
    expect(box.value).toBe('frog');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSubmit).toHaveBeenCalledWith('frog', expect.anything(), expect.anything());
  });
});
