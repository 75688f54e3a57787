import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { recentPlayers, useCan, useNavigate } from '@manager/platform';
import { Input, Modal, SearchOutlined, theme, Typography } from '@manager/ui';
import { usePlayerSearch } from '../api/find-players';
import type { TypedAhead } from '../hooks/type-ahead';
import {
  matchResults,
  paletteOptions,
  resultsSummary,
  type PaletteAction,
  type PaletteOption,
  type PalettePage,
} from './palette-options';

const LISTBOX_ID = 'palette-results';
export const PALETTE_PLACEHOLDER = 'Go to page or find a user...';

export interface CommandPaletteProps {
  pages: PalettePage[];
  actions?: PaletteAction[];
  onClose: () => void;
  /** The keys typed before the input had the focus (`use-palette.ts`): they are its first text. */
  takeTyped?: () => TypedAhead;
}

/**
 * The command palette: one input (a combobox) over a listbox of the pages, actions and recent
 * players that match and the players the server finds. Arrow keys move through the results,
 * Enter or a click opens one (an Enter before any result waits for the players searched, then
 * opens the first), Esc closes; the result count is announced as it changes.
 * Mounted only while open, so each opening starts from what was typed before it showed.
 */
export default function CommandPalette({ pages, actions = [], onClose, takeTyped }: CommandPaletteProps) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [pendingEnter, setPendingEnter] = useState(false);
  const [remembered] = useState(recentPlayers);
  const recent = useCan('users.read') ? remembered : [];
  const typedTaken = useRef(false);
  const { players, searching, failed } = usePlayerSearch(text);
  const results = matchResults(pages, actions, recent, players, text);
  const options = paletteOptions(results, text.trim() !== '');
  const current = options.length ? Math.min(active, options.length - 1) : -1;

  const open = (option: PaletteOption) => {
    onClose();
    if (option.run) option.run();
    else if (option.to) void navigate(option.to);
  };
  // An early Enter (typed before the input showed, or before anything matched): the chosen
  // result opens as soon as there is one, else once the players for the text are in.
  const chosen = current >= 0 ? options[current] : undefined;
  useEffect(() => {
    if (!pendingEnter || (searching && !chosen)) return;
    setPendingEnter(false);
    if (chosen) open(chosen);
  }, [pendingEnter, searching, chosen?.id]);

  /** The input has the focus: what was typed before it showed becomes its text. */
  const onFocus = () => {
    if (typedTaken.current || !takeTyped) return;
    typedTaken.current = true;
    const typed = takeTyped();
    if (typed.text) setText(typed.text);
    if (typed.enter) setPendingEnter(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (last < 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(current + step > last ? 0 : current + step < 0 ? last : current + step);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (chosen) open(chosen);
      else if (searching) setPendingEnter(true);
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
        aria-activedescendant={chosen?.id}
        value={text}
        onFocus={onFocus}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setPendingEnter(false);
        }}
        onKeyDown={onKeyDown}
        data-unsaved-ignore
      />
      <Typography.Text type="secondary" role="status" style={{ display: 'block', margin: '8px 0 4px' }}>
        {resultsSummary(results, searching, failed)}
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
