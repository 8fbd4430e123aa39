import type { MessageDescriptor } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_NAMES, RELEASE_ERRORS, STORE_REASONS } from '../../../../../src/modules/releases/releases.schemas.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { activateLocale, i18n, loadCatalogue } from '../../../lib/i18n.js';
import { checkFixMessage, checkRuleMessage } from './check-messages.js';

/** Renders a descriptor in both languages; placeholders filled with a sample of each kind. */
function inBoth(descriptor: MessageDescriptor) {
  const values = { store: 'Spotify', date: '2027-01-01', days: '7', width: '1000', height: '1000', minPx: '3000', space: 'cmyk' };
  activateLocale('en', { persist: false });
  const en = i18n._({ ...descriptor, values });
  activateLocale('de', { persist: false });
  const de = i18n._({ ...descriptor, values });
  activateLocale('en', { persist: false });
  return { en, de };
}

describe('the check step and the stores speak sentences, never keys', () => {
  beforeAll(async () => {
    await loadCatalogue('de');
  });
  afterAll(() => activateLocale('en', { persist: false }));

  it('when any check item is shown, then its rule and its fix read as English and informal German sentences', () => {
    for (const name of CHECK_NAMES) {
      for (const descriptor of [checkRuleMessage(`release.check.${name}`), checkFixMessage(`release.fix.${name}`)]) {
        expect(descriptor, name).not.toBeNull();
        const { en, de } = inBoth(descriptor!);
        expect(en, name).not.toMatch(/release\.(check|fix)\./);
        expect(de, name).not.toBe(en);
        expect(de, name).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren)\b/);
      }
    }
  });

  it('when a store refuses a release, or codes or covers fail, then the reason is a translated sentence', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const key of [...Object.values(STORE_REASONS), RELEASE_ERRORS.codesExhausted, RELEASE_ERRORS.coverUnreadable, 'global.error.tooManyRequests']) {
      const { en, de } = inBoth(errorMessageOf(key));
      expect(en, key).not.toBe('Something went wrong. Please try again.');
      expect(de, key).not.toBe(en);
    }
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
