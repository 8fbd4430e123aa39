import { NativeSelect } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale, switchLocale } from '../lib/i18n.js';

/**
 * English / Deutsch. The choice goes into the `lang` cookie (365 days) and `<html lang>`; server data
 * with localised text (style descriptions, FAQ) is fetched again in the new language.
 */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  return (
    <NativeSelect
      aria-label={t`Language`}
      size="xs"
      w={120}
      value={i18n.locale}
      data={[
        // Each language names itself, so a visitor finds theirs whatever is active.
        { value: 'en', label: 'English' },
        { value: 'de', label: 'Deutsch' },
      ]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isLocale(next) || next === i18n.locale) return;
        // A catalogue that cannot be fetched leaves the language as it is.
        void switchLocale(next, { persist: true }).then(
          () => queryClient.invalidateQueries(),
          () => undefined,
        );
      }}
    />
  );
}
