import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LineIcon } from './line-icon.js';

export function ColorSchemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const label = scheme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
    >
      {scheme === 'dark' ? (
        <LineIcon size={18} strokeWidth={1.8}>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" strokeLinecap="round" />
        </LineIcon>
      ) : (
        <LineIcon size={18} strokeWidth={1.8}>
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" strokeLinejoin="round" />
        </LineIcon>
      )}
    </ActionIcon>
  );
}
