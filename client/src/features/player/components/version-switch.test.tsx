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

  it('when a reference is chosen but not fetched yet, then it can be chosen all the same (it is fetched then)', () => {
    const onToggle = vi.fn();
    renderWithProviders(<VersionSwitch {...props} referenceState="unloaded" onToggle={onToggle} />);
    const reference = screen.getByRole<HTMLInputElement>('radio', { name: 'Reference' });
    expect(reference.disabled).toBe(false);
    fireEvent.click(reference);
    expect(onToggle).toHaveBeenCalledWith('reference');
  });

  it('when the reference is being loaded, then the hint says so; when it could not be, then the hint says that', () => {
    const view = renderWithProviders(<VersionSwitch {...props} version="reference" referenceState="loading" onToggle={() => undefined} />);
    expect(screen.getByText('The reference is being loaded.')).toBeTruthy();
    view.unmount();
    renderWithProviders(<VersionSwitch {...props} version="mastered" referenceState="failed" onToggle={() => undefined} />, { locale: 'de' });
    expect(screen.getByText('Die Referenz konnte nicht geladen werden.')).toBeTruthy();
  });

  it('when the reference is ready, then choosing it switches to it, in German too', () => {
    const onToggle = vi.fn();
    renderWithProviders(<VersionSwitch {...props} referenceState="ready" onToggle={onToggle} />, { locale: 'de' });
    fireEvent.click(screen.getByRole('radio', { name: 'Referenz' }));
    expect(onToggle).toHaveBeenCalledWith('reference');
  });
});
