import type { CSSProperties } from 'react';
import { Input } from '../antd';

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
    <Input.Search allowClear aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} style={style} />
  );
}
