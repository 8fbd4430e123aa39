import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { SellerAddress } from '../components/legal-document.js';

/** Informational pages; the legal texts have their own modules. */

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
  const seller = useSiteConfig().data?.seller;
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
          <Text>
            <Trans>
              New to mastering? The{' '}
              <Anchor component={Link} to="/learn" inherit underline="always">
                quick guide
              </Anchor>{' '}
              takes you from your mix to a finished master.
            </Trans>
          </Text>
        </Section>
        {seller && (
          <Section title={<Trans>Who runs Masterdeck</Trans>}>
            <SellerAddress seller={seller} />
          </Section>
        )}
      </Stack>
    </>
  );
}

/** Plain phrasing content: the page header wraps it in its own paragraph. */
export function SupportIntro() {
  return <Trans>Answers to the questions we hear most often.</Trans>;
}
