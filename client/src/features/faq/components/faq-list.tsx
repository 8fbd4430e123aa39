import { Accordion, Skeleton, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState } from '../../../components/error-state.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { trpc } from '../../../lib/trpc.js';

/** The FAQ accordion (spec §2), in the interface language (the server picks it from the `lang` cookie). */
export function FaqList({ limit }: { limit?: number }) {
  const { t } = useLingui();
  const query = trpc.faq.list.useQuery(undefined, { staleTime: 5 * 60_000 });

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t`Loading questions`}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t`The questions could not be loaded`} />;
  }
  const faqs = [...query.data].sort((a, b) => a.order - b.order).slice(0, limit);
  if (faqs.length === 0) {
    return <HonestEmpty title={<Trans>No questions have been answered here yet</Trans>} />;
  }
  return (
    <Accordion variant="separated" radius="md" data-testid="faq-list">
      {faqs.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{faq.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
