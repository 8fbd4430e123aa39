import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The dialog a checkout opens in: full screen on a phone. */
export function CheckoutModal({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t`Checkout`} size="lg" fullScreen={narrow} closeButtonProps={{ 'aria-label': t`Close` }}>
      {children}
    </Modal>
  );
}
