import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.js';

/** Informational pages (spec §2). Texts that are not written yet say so instead of inventing them. */

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function AboutPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`About Masterdeck`} />
      <Stack gap="md">
        <Section title={<Trans>What we do</Trans>}>
          <Text>
            <Trans>
              Masterdeck masters your tracks online. Upload a WAV file, choose a style, compare the original with the master on
              your own track, and buy the master you like.
            </Trans>
          </Text>
          <Text>
            <Trans>
              Every master meets its style's loudness target and never peaks above -1 dBTP, so streaming stores play it as
              intended.
            </Trans>
          </Text>
        </Section>
      </Stack>
    </>
  );
}

export function LearnPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`How mastering works here`} description={t`A quick guide from your mix to a finished master.`} />
      <Section title={<Trans>Quick guide</Trans>}>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Trans>Export your mix as a WAV file, ideally with some headroom and no limiter on the master bus.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Upload it and pick a style group and a style.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Listen: switch between original and mastered on your own track, and compare styles.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Download the free MP3, or buy a WAV master in 16-bit or 24-bit.</Trans>
          </List.Item>
        </List>
      </Section>
    </>
  );
}

export function PrivacyPolicyPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Privacy policy`} />
      <Stack gap="md">
        <Section title={<Trans>Cookies on this site</Trans>}>
          <List spacing="xs">
            <List.Item>
              <Trans>lang: your interface language, kept for 365 days.</Trans>
            </List.Item>
            <List.Item>
              <Trans>cookie_consent: your cookie choice, kept for one year.</Trans>
            </List.Item>
            <List.Item>
              <Trans>notice_banner_closed: remembers that you closed the notice, kept for one year.</Trans>
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            <Trans>No analytics, tracking or marketing cookies are set unless you agree in the cookie banner.</Trans>
          </Text>
        </Section>
        <Section title={<Trans>Full policy</Trans>}>
          <Text>
            <Trans>The complete privacy policy is published here before accounts open.</Trans>
          </Text>
        </Section>
      </Stack>
    </>
  );
}

export function TermsOfServicePage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Terms of service`} />
      <Section title={<Trans>Terms of service</Trans>}>
        <Text>
          <Trans>The terms of service are published here before accounts and payments open.</Trans>
        </Text>
      </Section>
    </>
  );
}

/** Plain phrasing content: the page header wraps it in its own paragraph. */
export function SupportIntro() {
  return <Trans>Answers to the questions we hear most often.</Trans>;
}
