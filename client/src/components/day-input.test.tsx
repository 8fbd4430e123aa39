import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.js';
import { DayInput, parseDay } from './day-input.js';

function Field({ onDay, initial = '' }: { onDay: (day: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DayInput
        label="Release date"
        value={value}
        onChange={(day) => {
          setValue(day);
          onDay(day);
        }}
      />
      <output data-testid="sent">{value}</output>
    </>
  );
}

describe('the YYYY-MM-DD date field', () => {
  it('when text is read as a day, then only real calendar days written as YYYY-MM-DD (or eight digits) count', () => {
    expect(parseDay('2026-12-01')).toBe('2026-12-01');
    expect(parseDay(' 20261201 ')).toBe('2026-12-01');
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('01.12.2026')).toBeNull();
    expect(parseDay('12/01/2026')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it.each([
    ['en', 'YYYY-MM-DD', 'Enter the date as YYYY-MM-DD, for example 2026-12-01.'],
    ['de', 'JJJJ-MM-TT', 'Gib das Datum als JJJJ-MM-TT ein, zum Beispiel 2026-12-01.'],
  ] as const)('when a day is typed (%s), then it shows and is sent as YYYY-MM-DD, and text that is no day says so and sends nothing', (locale, placeholder, message) => {
    const onDay = vi.fn();
    renderWithProviders(<Field onDay={onDay} />, { locale });
    const input = screen.getByLabelText('Release date') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe(placeholder);

    fireEvent.change(input, { target: { value: '2026-12-0' } });
    expect(onDay).not.toHaveBeenCalled();
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.change(input, { target: { value: '2026-12-01' } });
    expect(onDay).toHaveBeenLastCalledWith('2026-12-01');
    expect(input.value).toBe('2026-12-01');
    expect(screen.getByTestId('sent').textContent).toBe('2026-12-01');

    fireEvent.change(input, { target: { value: '2026-02-30' } });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByTestId('sent').textContent).toBe('2026-12-01');

    fireEvent.change(input, { target: { value: '20270315' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2027-03-15');
    expect(screen.getByTestId('sent').textContent).toBe('2027-03-15');
    expect(screen.queryByText(message)).toBeNull();

    fireEvent.change(input, { target: { value: '' } });
    expect(onDay).toHaveBeenLastCalledWith('');
  });

  it('when the day is set from outside, then the field shows it', () => {
    function Outside() {
      const [value, setValue] = useState('2026-01-02');
      return (
        <>
          <DayInput label="Day" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2026-05-06')}>
            set
          </button>
        </>
      );
    }
    renderWithProviders(<Outside />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input.value).toBe('2026-01-02');
    fireEvent.click(screen.getByText('set'));
    expect(input.value).toBe('2026-05-06');
  });
});
