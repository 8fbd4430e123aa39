import { describe, expect, it } from 'vitest';
import { createDialogRegistry } from './dialogs.js';

describe('dialog registry', () => {
  it('when a registered dialog is opened twice, then it is open once with the latest data', () => {
    const registry = createDialogRegistry(['CheckoutTrack', 'Login']);
    expect(registry.open('CheckoutTrack', { masterId: 'm1', buyingOption: 1 })).toBe(true);
    expect(registry.open('CheckoutTrack', { masterId: 'm1', buyingOption: 2 })).toBe(true);
    expect(registry.getState().open).toEqual(['CheckoutTrack']);
    expect(registry.getState().data.CheckoutTrack).toEqual({ masterId: 'm1', buyingOption: 2 });
  });

  it('when a dialog is not registered, then opening it does nothing', () => {
    const registry = createDialogRegistry(['Login']);
    expect(registry.open('SignUp')).toBe(false);
    expect(registry.getState().open).toEqual([]);
    registry.register('SignUp');
    expect(registry.open('SignUp')).toBe(true);
    expect(registry.getState().open).toEqual(['SignUp']);
  });

  it('when a dialog is closed, then only it leaves the open list, with its data', () => {
    const registry = createDialogRegistry(['Login', 'CheckoutTrack']);
    registry.open('Login');
    registry.open('CheckoutTrack', { masterId: 'm1', buyingOption: 0 });
    registry.close('CheckoutTrack');
    expect(registry.getState().open).toEqual(['Login']);
    expect(registry.getState().data.CheckoutTrack).toBeUndefined();
  });

  it('when reset, then no dialog is open', () => {
    const registry = createDialogRegistry(['Login', 'Prices']);
    registry.open('Login');
    registry.open('Prices');
    registry.reset();
    expect(registry.getState()).toEqual({ open: [], data: {} });
  });

  it('when subscribed, then a change notifies and a no-op does not', () => {
    const registry = createDialogRegistry(['Login']);
    let calls = 0;
    registry.subscribe(() => calls++);
    registry.close('Login');
    registry.open('Login');
    expect(calls).toBe(1);
  });
});
