import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.js';
import type { TPublicConfig } from '../../../../../src/modules/site/site.schemas.js';
import { LoadingIndicator } from '../../../components/loading-indicator.js';

export type Seller = TPublicConfig['seller'];

/**
 * A legal text's page: its title and the date of its last change above the sections; only the title
 * and a loader while the site's configuration (the seller it names) is not known yet.
 */
export function LegalPage({ title, updated, testId, loading, children }: { title: string; updated: string; testId: string; loading?: boolean; children?: ReactNode }) {
  const { t } = useLingui();
  if (loading) {
    return (
      <>
        <PageHeader title={title} />
        <LoadingIndicator />
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} description={t`Last updated ${updated}`} />
      <Stack gap="sm" maw={820} data-testid={testId}>
        {children}
      </Stack>
    </>
  );
}

/** One numbered part of a legal text; headings are real h2s so the page can be navigated by heading. */
export function LegalSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="lg" mt="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return <Text lh={1.6}>{children}</Text>;
}

export function Points({ children }: { children: ReactNode }) {
  return (
    <List spacing={6} lh={1.6}>
      {children}
    </List>
  );
}

/** The seller's identity as invoices state it (SELLER_* and CONTACT_EMAIL on the server). */
export function SellerAddress({ seller }: { seller: Seller }) {
  const vatId = seller.vatId;
  return (
    <Text component="address" fs="normal" lh={1.6} data-testid="seller-address">
      <strong>{seller.name}</strong>
      {seller.addressLines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
      <br />
      <Trans>VAT ID: {vatId}</Trans>
      <br />
      <Trans>E-mail:</Trans> <Anchor href={`mailto:${seller.contactEmail}`} underline="always">{seller.contactEmail}</Anchor>
    </Text>
  );
}
