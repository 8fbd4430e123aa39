import { Button, Group, List, NavLink, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';
import { tabularFigures } from '../../../app/theme.js';
import { DISTRIBUTION_PLAN } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { formatMoney } from '../lib/money.js';
import { WIZARD_STEPS } from '../wizard-steps.js';

const amountOf = (cents: number) => cents / 100;


/** /distribution: the landing; `onDistribute` decides between going in and logging in first. */
export function DistributionLandingPage({ onDistribute }: { onDistribute: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Release your music`}
        description={t`Send your masters to streaming stores, follow each release's status and see where it is played.`}
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <List spacing="xs">
            <List.Item>
              <Trans>Build a release from your own masters, with cover artwork and track details.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Name the participants and split the payouts between them.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Choose the stores and release dates, then follow the status of each store.</Trans>
            </List.Item>
          </List>
          <Group gap="xs" align="baseline">
            <Text fz={24} fw={700} style={tabularFigures} data-testid="distribution-price">
              {formatMoney(amountOf(DISTRIBUTION_PLAN.priceCents), DISTRIBUTION_PLAN.currency, i18n.locale)}
            </Text>
            <Text c="dimmed">
              <Trans>per year</Trans>
            </Text>
          </Group>
          <Group>
            <Button size="md" onClick={onDistribute} data-testid="distribute-button">
              <Trans>Distribute your music</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

function AreaPage({ title, empty, description }: { title: string; empty: ReactNode; description?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="lg">
        <HonestEmpty title={empty} description={description} />
      </Paper>
    </>
  );
}

export function DistributionReleasesPage() {
  const { t } = useLingui();
  return (
    <AreaPage
      title={t`Releases`}
      empty={<Trans>Your releases will appear here</Trans>}
      description={
        <Button component={Link} to="/distribution/new-release" mt="sm">
          <Trans>New release</Trans>
        </Button>
      }
    />
  );
}

export function DistributionAnalyticsPage() {
  const { t } = useLingui();
  return <AreaPage title={t`Analytics`} empty={<Trans>Streaming figures appear here once a release is live</Trans>} />;
}

export function DistributionPaymentsPage() {
  const { t } = useLingui();
  return <AreaPage title={t`Payments`} empty={<Trans>Payouts will appear here once your releases earn money</Trans>} />;
}

/** /distribution/new-release and its steps: top stepper (6 steps), side links on wide screens (5). */
export function NewReleaseLayout() {
  const { i18n, t } = useLingui();
  const { pathname } = useLocation();
  const active = WIZARD_STEPS.findIndex((step) => pathname.endsWith(`/${step.path}`));
  return (
    <>
      <PageHeader title={t`New release`} />
      <Stepper active={Math.max(active, 0)} size="sm" mb="lg" allowNextStepsSelect={false} wrap>
        {WIZARD_STEPS.map((step) => (
          <Stepper.Step key={step.path} label={i18n._(step.label)} />
        ))}
      </Stepper>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={2} w={220} visibleFrom="lg" component="nav" aria-label={t`Release steps`}>
          {WIZARD_STEPS.slice(0, 5).map((step) => (
            <NavLink
              key={step.path}
              component={Link}
              to={`/distribution/new-release/${step.path}`}
              label={i18n._(step.label)}
              active={pathname.endsWith(`/${step.path}`)}
            />
          ))}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Group>
    </>
  );
}

export function NewReleaseStartPage() {
  return (
    <Paper withBorder radius="md" p="lg">
      <HonestEmpty
        title={<Trans>Building releases arrives with distribution</Trans>}
        description={<Trans>You will pick your masters, add artwork and details, and send the release to stores.</Trans>}
      />
    </Paper>
  );
}

export function NewReleaseStepPage({ step }: { step: (typeof WIZARD_STEPS)[number]['path'] }) {
  const { i18n } = useLingui();
  const label = WIZARD_STEPS.find((candidate) => candidate.path === step)?.label;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="sm">
        {label ? i18n._(label) : null}
      </Title>
      <HonestEmpty title={<Trans>This step arrives with distribution</Trans>} />
    </Paper>
  );
}
