import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { TConfirmPayoutAddressResult } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { ErrorAlert } from '../../../components/error-alert.js';

/**
 * /payout-address/confirm/:token: the link of the mail that asks a participant to confirm their
 * payout address. Confirming is a click on this page, not the opening of the link: mail scanners
 * open links, and an address must only count as confirmed by its owner.
 */
export function ConfirmPayoutAddressPage() {
  const { token = '' } = useParams();
  const confirm = trpc.royalties.confirmPayoutAddress.useMutation();
  const [done, setDone] = useState<TConfirmPayoutAddressResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    try {
      setDone(await confirm.mutateAsync({ token }));
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={480} mx="auto" w="100%" data-testid="confirm-payout-address">
      <Stack>
        <Title order={1} size="h3">
          <Trans>Confirm your payout address</Trans>
        </Title>
        {done ? (
          <Alert color="teal" role="status" data-testid="payout-address-confirmed">
            <Trans>
              Thank you. Royalties from {done.from} will be paid to {done.email} from the next payout on.
            </Trans>
          </Alert>
        ) : (
          <>
            <Text>
              <Trans>
                A Masterdeck user has named you as a participant with a share of the royalties of their releases. Confirm that the address the mail reached is yours and that
                you want to receive these payouts there. Nothing is paid to an address that is not confirmed.
              </Trans>
            </Text>
            <ErrorAlert code={failure} variant="light" />
            <Button onClick={() => void submit()} loading={confirm.isPending} data-testid="confirm-payout-address-button">
              <Trans>Confirm my payout address</Trans>
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
