import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@manager/platform';
import { Input, Modal, SearchOutlined, theme, Typography } from '@manager/ui';
import { usePlayerSearch } from '../api/find-players';
import {
  matchPages,
  paletteOptions,
  resultsSummary,
  type PaletteOption,
  type PalettePage,
} from './palette-options';

const LISTBOX_ID = 'palette-results';
export const PALETTE_PLACEHOLDER = 'Go to page or find a user...';

/**
 * The command palette: one input (a combobox) over a listbox of the pages that match and the
 * players the server finds. Arrow keys move through the results, Enter or a click opens one,
 * Esc closes; the result count is announced as it changes. Mounted only while open, so each
 * opening starts empty.
 */
export function CommandPalette({ pages, onClose }: { pages: PalettePage[]; onClose: () => void }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const shownPages = matchPages(pages, text);
  const { players, searching, failed } = usePlayerSearch(text);
  const options = paletteOptions(shownPages, players);
  const current = options.length ? Math.min(active, options.length - 1) : -1;

  const open = (option: PaletteOption) => {
    onClose();
    void navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (last < 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(current + step > last ? 0 : current + step < 0 ? last : current + step);
    } else if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      open(options[current]!);
    }
  };

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      closable={false}
      title="Go to page or find a user"
      width={560}
      style={{ top: 80 }}
      styles={{
        header: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' },
      }}
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={PALETTE_PLACEHOLDER}
        aria-label="Go to page or find a user"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={options.length ? LISTBOX_ID : undefined}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? options[current]!.id : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-unsaved-ignore
      />
      <Typography.Text type="secondary" role="status" style={{ display: 'block', margin: '8px 0 4px' }}>
        {resultsSummary(shownPages.length, players.length, searching, failed)}
      </Typography.Text>
      {options.length > 0 && (
        <ul
          id={LISTBOX_ID}
          role="listbox"
          aria-label="Results"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            maxHeight: 'min(360px, 50vh)',
            overflowY: 'auto',
          }}
        >
          {options.map((option, index) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={index === current}
              onMouseMove={() => setActive(index)}
              onClick={() => open(option)}
              ref={index === current ? (node) => node?.scrollIntoView?.({ block: 'nearest' }) : undefined}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 12,
                padding: '6px 12px',
                borderRadius: token.borderRadius,
                cursor: 'pointer',
                background: index === current ? token.controlItemBgActive : undefined,
              }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {option.label}
              </span>
              <Typography.Text type="secondary">{option.kind}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
