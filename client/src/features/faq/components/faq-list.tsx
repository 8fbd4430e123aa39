import { Skeleton, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { ErrorState } from '../../../components/error-state.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { trpc } from '../../../lib/trpc.js';

/** The accordion comes in its own chunk, fetched while the questions load. */
const loadFaqAccordion = () => import('./faq-accordion.js');
const FaqAccordion = lazy(async () => ({ default: (await loadFaqAccordion()).FaqAccordion }));

/** The FAQ accordion, in the interface language (the server picks it from the `lang` cookie). */
export function FaqList({ limit }: { limit?: number }) {
  const { t } = useLingui();
  const query = trpc.faq.list.useQuery(undefined, { staleTime: 5 * 60_000 });
  useEffect(() => {
    // Nothing to report: the Suspense below tries again when it renders.
    loadFaqAccordion().catch(() => undefined);
  }, []);

  const loading = (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading questions`}>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} height={52} radius="md" />
      ))}
    </Stack>
  );
  if (query.isPending) return loading;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t`The questions could not be loaded`} />;
  }
  const faqs = [...query.data].sort((a, b) => a.order - b.order).slice(0, limit);
  if (faqs.length === 0) {
    return <HonestEmpty title={<Trans>No questions have been answered here yet</Trans>} />;
  }
  return (
    <Suspense fallback={loading}>
      <FaqAccordion faqs={faqs} />
    </Suspense>
  );
}
