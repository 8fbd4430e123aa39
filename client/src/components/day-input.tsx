import { TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { tabularFigures } from '../app/theme.js';

/**
 * The calendar day typed as YYYY-MM-DD (eight digits alone are taken too), or null when the text
 * is no real day (2026-02-30, 2026-13-01, 26-1-1). The day is the one written: no time zone moves it.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

type DayInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD, or '' for no day. */
  value: string;
  /** Called with a real day as YYYY-MM-DD, or '' when the field is emptied; never with half-typed text. */
  onChange: (day: string) => void;
};

/**
 * A date field that reads and writes YYYY-MM-DD in every language and browser (the browser's own
 * date input shows the day in the system's order, 12/01/2026 or 01.12.2026). Text that is no day
 * says so once the user leaves the field or has typed ten characters, and changes nothing.
 */
export function DayInput({ value, onChange, error, onBlur, ...props }: DayInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [touched, setTouched] = useState(false);
  // A day set from outside (a reset, a loaded draft) replaces what is shown, unless the text is that day already.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseDay(text) !== value && !(value === '' && text.trim() === '')) setText(value);
  }
  const parsed = parseDay(text);
  const invalid = text.trim() !== '' && parsed === null && (touched || text.trim().length >= 10);
  return (
    <TextInput
      {...props}
      value={text}
      placeholder={t`YYYY-MM-DD`}
      type="text"
      autoComplete="off"
      spellCheck={false}
      maxLength={10}
      styles={{ input: tabularFigures }}
      error={invalid ? t`Enter the date as YYYY-MM-DD, for example 2026-12-01.` : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const day = parseDay(next);
        if (next.trim() === '') {
          setShown('');
          onChange('');
        } else if (day !== null) {
          setShown(day);
          onChange(day);
        }
      }}
      onBlur={(event) => {
        setTouched(true);
        // Eight digits typed read back with their dashes.
        if (parsed !== null && parsed !== text) setText(parsed);
        onBlur?.(event);
      }}
    />
  );
}
