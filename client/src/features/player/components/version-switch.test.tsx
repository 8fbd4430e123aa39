import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { VersionSwitch } from './version-switch.js';

const props = { version: 'original', isCustomMaster: false, hasMastered: true, masteredState: 'ready', canToggle: true } as const;

describe('VersionSwitch', () => {
  it('when no reference is chosen, then only Original and Mastered are offered', () => {
    renderWithProviders(<VersionSwitch {...props} referenceState="none" onToggle={() => undefined} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['original', 'mastered']);
  });

  it('when a reference is being loaded, then its version is there but cannot be chosen yet, and the hint says why', () => {
    renderWithProviders(<VersionSwitch {...props} referenceState="loading" onToggle={() => undefined} />);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Reference' }).disabled).toBe(true);
    expect(screen.getByText('The reference is being loaded.')).toBeTruthy();
  });

  it('when the reference is ready, then choosing it switches to it, in German too', () => {
    const onToggle = vi.fn();
    renderWithProviders(<VersionSwitch {...props} referenceState="ready" onToggle={onToggle} />, { locale: 'de' });
    fireEvent.click(screen.getByRole('radio', { name: 'Referenz' }));
    expect(onToggle).toHaveBeenCalledWith('reference');
  });
});
