import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { HonestEmpty } from './honest-empty.js';

/** A registered dialog whose capability comes with a later issue: an honest note, no fake form. */
export function PlaceholderDialog({
  opened,
  onClose,
  title,
  message,
  description,
  actions,
  closable = true,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  message: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  closable?: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
    >
      <HonestEmpty title={message} description={description} actions={actions} />
    </Modal>
  );
}
