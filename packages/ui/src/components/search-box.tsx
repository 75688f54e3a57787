import { useEffect, useState, type CSSProperties } from 'react';
import { QUERY_TEXT_MAX } from '@manager/contract';
import { Input } from '../antd.ts';

interface SearchBoxProps {
  /** The accessible name ("Search users"). */
  label: string;
  placeholder: string;
  value: string;
  /** The text as typed (debounce, if any, is the caller's). */
  onChange: (value: string) => void;
  style?: CSSProperties;
}

/** The list pages' search input: named, clearable, controlled. */
export function SearchBox({ label, placeholder, value, onChange, style }: SearchBoxProps) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      maxLength={QUERY_TEXT_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={style}
    />
  );
}

interface SubmitSearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in effect: clearing the box while one is set submits ''. */
  search: string;
  onSubmit: (text: string) => void;
  style?: CSSProperties;
}

/**
 * A search input with a Search button: the text is sent on Enter or the button, and at once
 * when cleared. The box shows `search` whenever it changes (a link or Back that carries one).
 */
export function SubmitSearchBox({ label, placeholder, search, onSubmit, style }: SubmitSearchBoxProps) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      enterButton="Search"
      maxLength={QUERY_TEXT_MAX}
      value={text}
      onSearch={onSubmit}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && search !== '') onSubmit('');
      }}
      style={style}
    />
  );
}
