import { useEffect, useRef, useState, type ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** A dollar amount as typed: digits, an optional dot and at most two decimals, never negative. */
const DOLLARS_PATTERN = /^\d*(\.\d{0,2})?$/;
/** Largest amount accepted: $10,000,000.00 (the API's price limit). */
const MAX_WHOLE_DIGITS = 8;

/** "12.50" → 1250; "" or "." → null. Exact: no floating point on the way. */
export function dollarsTextToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed === '.') return null;
  if (!DOLLARS_PATTERN.test(trimmed)) return null;
  const [whole = '', decimals = ''] = trimmed.split('.');
  return Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
}

/** 1250 → "12.50"; null → "". */
export function centsToDollarsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const abs = Math.abs(Math.round(cents));
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Accepts what a person types or pastes ("$1,234.5") if it is a valid amount; otherwise null. */
export function sanitizeDollarsInput(raw: string): string | null {
  const text = raw.replace(/[$,\s]/g, '');
  if (!DOLLARS_PATTERN.test(text)) return null;
  const whole = text.split('.')[0] ?? '';
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return null;
  return text;
}

export interface MoneyInputProps {
  label: ReactNode;
  /** Amount in cents; null when empty. */
  value: number | null;
  /** Called with cents (value × 100, exact) on every accepted keystroke; null when emptied. */
  onChange: (cents: number | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  id?: string;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
}

/**
 * A US-dollar amount field: shows $, accepts two decimals with a dot, refuses minus signs and
 * anything else that is not an amount (the keystroke is ignored), and reports integer cents.
 * Blurring pads the text to two decimals ("12.5" → "12.50").
 */
export function MoneyInput(props: MoneyInputProps) {
  const { label, value, onChange, required, disabled, error, helperText, name, id, size, autoFocus } = props;
  const [text, setText] = useState(() => centsToDollarsText(value));
  const lastEmitted = useRef<number | null>(value);

  // Follow the value when it changes from outside (loaded, reset), not while it echoes our edits.
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(centsToDollarsText(value));
    }
  }, [value]);

  return (
    <TextField
      label={label}
      name={name}
      id={id}
      size={size}
      value={text}
      required={required}
      disabled={disabled}
      error={error}
      helperText={helperText}
      autoFocus={autoFocus}
      onChange={(event) => {
        const next = sanitizeDollarsInput(event.target.value);
        if (next === null) return; // a minus, a letter or a third decimal: keep what was there
        setText(next);
        const cents = dollarsTextToCents(next);
        if (cents !== lastEmitted.current) {
          lastEmitted.current = cents;
          onChange(cents);
        }
      }}
      onBlur={() => {
        const cents = dollarsTextToCents(text);
        setText(centsToDollarsText(cents));
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-required': required || undefined },
      }}
    />
  );
}
