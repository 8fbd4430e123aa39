import { Loader, type LoaderProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/**
 * A spinner that screen readers announce: a status named for what is loading ("Loading" unless
 * told). Mantine's Loader has no role of its own, and a name on an element without one is not read
 * (axe counts it as a serious fault), so every spinner that stands for a loading state is this one.
 * A spinner beside its own visible text (a button's, a status line's) stays a plain Loader.
 */
export function LoadingIndicator({ label, ...props }: { label?: string } & Omit<LoaderProps, 'role' | 'aria-label'>) {
  const { t } = useLingui();
  return <Loader role="status" aria-label={label ?? t`Loading`} {...props} />;
}
