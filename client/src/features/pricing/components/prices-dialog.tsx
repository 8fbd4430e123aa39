import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { PriceBox } from './price-box.js';

/** Prices: the price box; its call to action opens the file picker. */
export function PricesDialog({ opened, onClose, onChooseFile }: { opened: boolean; onClose: () => void; onChooseFile: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Prices`} size="xl" closeButtonProps={{ 'aria-label': t`Close` }}>
      <PriceBox onChooseFile={onChooseFile} />
    </Modal>
  );
}
