import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon.js';

/**
 * An empty screen or a capability that arrives later: says so plainly, never shows sample data.
 */
export function HonestEmpty({
  title,
  description,
  icon,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <EmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <EmptyIcon />}
      withIndicatorBackground
    >
      {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
    </EmptyState>
  );
}

function EmptyIcon() {
  return (
    <LineIcon size={28} strokeWidth={1.6}>
      <path d="M3 12h2l2-6 3 12 3-9 2 5 2-2h4" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
