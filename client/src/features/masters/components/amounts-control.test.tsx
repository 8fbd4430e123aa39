import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Amounts } from '../../../../../src/modules/masters/masters.constants.js';
import { HeldControl } from '../../../test/held-control.js';
import { renderWithProviders } from '../../../test/render.js';
import { AmountsControl } from './amounts-control.js';

const held = (onChange: (next: Amounts) => void) => <HeldControl control={AmountsControl} initial={{ tone: 100, width: 100, dynamics: 100 }} onChange={onChange} />;

const resetButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Reset to 100 %' });

describe('AmountsControl', () => {
  it('when it is opened and Tone is moved one step up by key, then the amounts go out with Tone at 110 and reset brings 100 back', () => {
    const onChange = vi.fn();
    renderWithProviders(held(onChange));
    expect(screen.queryByRole('slider', { name: 'Tone' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Amounts' }));
    expect(resetButton().disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Tone' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith({ tone: 110, width: 100, dynamics: 100 });
    expect(screen.getByRole('slider', { name: 'Tone' }).getAttribute('aria-valuenow')).toBe('110');
    fireEvent.click(resetButton());
    expect(onChange).toHaveBeenLastCalledWith({ tone: 100, width: 100, dynamics: 100 });
    expect(resetButton().disabled).toBe(true);
  });

  it('when amounts other than 100 % are chosen and it is folded, then it names them, in German too', () => {
    renderWithProviders(<AmountsControl value={{ tone: 120, width: 80, dynamics: 100 }} onChange={() => undefined} />, { locale: 'de' });
    expect(screen.getByRole('button', { name: 'Feinabstimmung' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('amounts-summary').textContent).toBe('Klang 120 %, Breite 80 %');
  });
});
