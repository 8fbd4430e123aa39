import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPayments } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { tabularFigures } from '../../../app/theme.js';
import { QueryPage } from '../../../components/query-page.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';
import { listDate } from '../../../lib/list-date.js';
import { trpc } from '../../../lib/trpc.js';
import { formatMinor, formatPeriod } from '../lib/format.js';
import { TitledSection } from '../components/titled-section.js';
import { TableHead } from '../../../components/table-head.js';

/**
 * /distribution/payments: the user's participants with what each earned from
 * the statements by their payout shares, what was paid out to their payout e-mail and what is open;
 * the ledger lines behind it and the payouts. Participants who are not the user learn their share
 * from the payout e-mail only.
 */
export function PaymentsPage() {
  const { t } = useLingui();
  const payments = trpc.royalties.payments.useQuery();
  const header = <PageHeader title={t`Payments`} description={t`What your participants earned by their payout shares, what was paid out to their payout e-mail, and what is still open.`} />;
  return (
    <QueryPage header={header} query={payments}>
      {(data) => (
        <>
        <PaymentsView data={data} />
        </>
      )}
    </QueryPage>
  );
}

function PaymentsView({ data }: { data: TPayments }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMinor(minor, data.currency, i18n.locale);
  const nothingYet = data.entries.length === 0 && data.payouts.length === 0 && data.others.length === 0;
  const share = (percent: number) => `${new Intl.NumberFormat(i18n.locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(percent)} %`;
  const rules = data.rules;
  return (
    <Stack gap="xl">
      <Card withBorder radius="md" padding="md" data-testid="payout-rules">
        <Text size="sm">
          <Trans>Payouts go to each participant's payout e-mail once their balance reaches {money(rules.minMinor)}.</Trans>{' '}
          {rules.provider === 'paypal' ? (
            rules.feeMaxMinor > 0 ? (
              <Trans>
                PayPal's fee of {rules.feePercent} % (at most {money(rules.feeMaxMinor)}) is deducted from each payout.
              </Trans>
            ) : (
              <Trans>PayPal's fee of {rules.feePercent} % is deducted from each payout.</Trans>
            )
          ) : (
            <Trans>This installation records payouts in a file and moves no money itself; no fee is deducted.</Trans>
          )}
        </Text>
      </Card>
      <TitledSection title={t`Balances`}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {data.participants.map((participant) => (
            <Card key={participant.participantId} withBorder radius="md" padding="md" data-testid="participant-balance">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end" data-testid="participant-name">
                    {participant.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {participant.email}
                  </Text>
                </div>
                {participant.isMain && (
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    <Trans>You</Trans>
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mt="sm">
                <Trans>Open balance</Trans>
              </Text>
              <Text fz={26} fw={700} style={tabularFigures} c={participant.balanceMinor < 0 ? 'red' : undefined} data-testid="balance">
                {money(participant.balanceMinor)}
              </Text>
              <Text size="xs" c="dimmed" style={tabularFigures}>
                <Trans>
                  Earned {money(participant.earnedMinor)} · paid out {money(participant.paidMinor)}
                </Trans>
              </Text>
              {participant.adjustedMinor !== 0 && (
                <Text size="xs" c="dimmed" style={tabularFigures}>
                  <Trans>Adjustments {money(participant.adjustedMinor)}</Trans>
                </Text>
              )}
              {participant.heldMinor > 0 && (
                <Text size="xs" c="dimmed" style={tabularFigures}>
                  <Trans>Held back {money(participant.heldMinor)}</Trans>
                </Text>
              )}
              {participant.inTransitMinor > 0 && (
                <Text size="xs" c="dimmed" style={tabularFigures}>
                  <Trans>Sent, awaiting the payment service's confirmation: {money(participant.inTransitMinor)}</Trans>
                </Text>
              )}
              {participant.balanceMinor < 0 && (
                <Text size="xs" c="red">
                  <Trans>Below zero: later earnings make up for it before the next payout.</Trans>
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      </TitledSection>

      {nothingYet ? (
        <Card withBorder radius="md" data-testid="payments-empty">
          <HonestEmpty
            title={t`No royalties yet`}
            description={t`When a store's statement names your releases, each line is split by the tracks' payout shares and appears here.`}
          />
        </Card>
      ) : (
        <>
          <TitledSection title={t`Payouts`}>
            {data.payouts.length === 0 ? (
              <Text c="dimmed" data-testid="payouts-empty">
                <Trans>Nothing has been paid out yet. Payouts go to each participant's payout e-mail once their open balance is large enough.</Trans>
              </Text>
            ) : (
              <Stack gap="xs">
                {data.payouts.map((payout) => (
                  <Card key={payout.id} withBorder radius="md" padding="sm" data-testid="payout-row">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={500} truncate="end">
                          {payout.participantName ?? payout.email}
                        </Text>
                        <Text size="xs" c="dimmed" truncate="end">
                          {listDate(payout.createdAt)} · {payout.email}
                        </Text>
                        {payout.failureReason && (
                          <Text size="xs" c="red" data-testid="payout-reason">
                            <Trans>Back on the balance: {payout.failureReason}</Trans>
                          </Text>
                        )}
                      </div>
                      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                        <Text fw={600} style={tabularFigures}>
                          {formatMinor(payout.amountMinor, payout.currency, i18n.locale)}
                        </Text>
                        {payout.feeMinor > 0 && (
                          <Text size="xs" c="dimmed" style={tabularFigures}>
                            <Trans>fee {formatMinor(payout.feeMinor, payout.currency, i18n.locale)}</Trans>
                          </Text>
                        )}
                        <PayoutStatus status={payout.status} />
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </TitledSection>

          {data.others.length > 0 && (
            <TitledSection title={t`Adjustments`} description={t`Corrections, amounts held back and payouts that came back, with the reason.`}>
              <Stack gap="xs">
                {data.others.map((entry) => (
                  <Card key={entry.id} withBorder radius="md" padding="sm" data-testid="adjustment-row">
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500}>
                          <OtherKind kind={entry.kind} /> · {entry.participantName}
                        </Text>
                        {entry.reason && (
                          <Text size="xs" c="dimmed">
                            {entry.reason}
                          </Text>
                        )}
                      </div>
                      <Text size="sm" fw={600} style={{ ...tabularFigures, flexShrink: 0 }} c={entry.amountMinor < 0 ? 'red' : undefined}>
                        {money(entry.amountMinor)}
                      </Text>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </TitledSection>
          )}

          <TitledSection title={t`Ledger`} description={t`Each statement line of your tracks, split by the payout shares.`}>
            <Table.ScrollContainer minWidth={640} visibleFrom="sm">
              <Table striped verticalSpacing="xs" data-testid="ledger">
                <TableHead
                  columns={[
                    { label: <Trans>Month</Trans> },
                    { label: <Trans>Store</Trans> },
                    { label: <Trans>Track</Trans> },
                    { label: <Trans>Participant</Trans> },
                    { label: <Trans>Payout share</Trans>, numeric: true },
                    { label: <Trans>Amount</Trans>, numeric: true },
                    { label: <Trans>Status</Trans> },
                  ]}
                />
                <Table.Tbody>
                  {data.entries.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="ledger-row">
                      <Table.Td>{formatPeriod(entry.period, i18n.locale)}</Table.Td>
                      <Table.Td>
                        {entry.store} · {entry.territory}
                      </Table.Td>
                      <Table.Td>{entry.trackName ?? entry.isrc ?? '–'}</Table.Td>
                      <Table.Td>{entry.participantName}</Table.Td>
                      <Table.Td ta="right" style={tabularFigures}>
                        {share(entry.sharePercent)}
                      </Table.Td>
                      <Table.Td ta="right" style={tabularFigures}>
                        {money(entry.amountMinor)}
                      </Table.Td>
                      <Table.Td>
                        <LedgerStatus paid={entry.paid} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="xs" hiddenFrom="sm" data-testid="ledger-list">
              {data.entries.map((entry) => (
                <Card key={entry.id} withBorder radius="md" padding="sm" data-testid="ledger-item">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {entry.trackName ?? entry.isrc ?? '–'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatPeriod(entry.period, i18n.locale)} · {entry.store} · {entry.territory}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {entry.participantName} · {share(entry.sharePercent)}
                      </Text>
                    </div>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="sm" fw={600} style={tabularFigures}>
                        {money(entry.amountMinor)}
                      </Text>
                      <LedgerStatus paid={entry.paid} />
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Stack>
          </TitledSection>
        </>
      )}
    </Stack>
  );
}

function PayoutStatus({ status }: { status: TPayments['payouts'][number]['status'] }) {
  switch (status) {
    case 'confirmed':
      return (
        <Badge color="teal" variant="light">
          <Trans>Paid</Trans>
        </Badge>
      );
    case 'returned':
      return (
        <Badge color="red" variant="light">
          <Trans>Returned</Trans>
        </Badge>
      );
    default:
      return (
        <Badge color="yellow" variant="light">
          <Trans>In progress</Trans>
        </Badge>
      );
  }
}

function OtherKind({ kind }: { kind: TPayments['others'][number]['kind'] }) {
  switch (kind) {
    case 'adjustment':
      return <Trans>Adjustment</Trans>;
    case 'hold':
      return <Trans>Held back</Trans>;
    case 'release':
      return <Trans>Hold released</Trans>;
    default:
      return <Trans>Payout returned</Trans>;
  }
}

function LedgerStatus({ paid }: { paid: boolean }) {
  return paid ? (
    <Badge color="teal" variant="light">
      <Trans>Paid</Trans>
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      <Trans>Open</Trans>
    </Badge>
  );
}

