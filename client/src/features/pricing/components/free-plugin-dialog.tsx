import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { WELCOME_COUPON_KEY } from '../../../../../src/modules/coupons/coupons.schemas.js';
import { PluginBundleMention } from './plugin-bundle-mention.js';

/** Closing stores a 'closed' marker in local storage so the offer is not shown again. */
export const FREE_PLUGIN_STORAGE_KEY = 'freePluginDialog';

export const freePluginOfferClosed = (): boolean => window.localStorage.getItem(FREE_PLUGIN_STORAGE_KEY) === 'closed';

/**
 * The free-plugin promotion: after sign-up the user gets a code for one free master,
 * an ordinary coupon (sql/0008) that checkout takes like any other.
 */
export function FreePluginDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const close = () => {
    window.localStorage.setItem(FREE_PLUGIN_STORAGE_KEY, 'closed');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t`Your first master is on us`} centered>
      <Stack>
        <Text>
          <Trans>Enter this code in the checkout of any master: the WAV of your choice, 16 or 24 bit, costs nothing. It works once per account.</Trans>
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Code fz="lg" fw={700} data-testid="welcome-code">
            {WELCOME_COUPON_KEY}
          </Code>
          <CopyButton value={WELCOME_COUPON_KEY}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t`Copied` : t`Copy code`}
              </Button>
            )}
          </CopyButton>
        </Group>
        <PluginBundleMention />
        <Group justify="flex-end">
          <Button onClick={close}>
            <Trans>Got it</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
