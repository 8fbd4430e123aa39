import { Card, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { TAnalytics } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { tabularFigures } from '../../../app/theme.js';
import { QueryPage } from '../../../components/query-page.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { PageHeader } from '../../../components/page-header.js';
import { trpc } from '../../../lib/trpc.js';
import { RankedBars, RevenueOverTime, StreamsOverTime, type RankedRow } from '../components/charts.js';
import { TitledSection } from '../components/titled-section.js';
import { countryName, formatCount, formatMinor } from '../lib/format.js';

type Measure = 'streams' | 'revenue';

/**
 * /distribution/analytics: streams and revenue of the user's own releases
 * from the stores' imported statements, over time and per release, track, store and country. Until a
 * statement arrives it says so (never sample data).
 */
export function AnalyticsPage() {
  const { t } = useLingui();
  const analytics = trpc.royalties.analytics.useQuery();
  const header = <PageHeader title={t`Analytics`} description={t`Streams and revenue of your releases, from the statements the stores send each month.`} />;
  return (
    <QueryPage header={header} query={analytics}>
      {(data) => (
        <>
        {data.periods.length === 0 ? (
          <Card withBorder radius="md" data-testid="analytics-empty">
            <HonestEmpty
              title={t`No statements yet`}
              description={t`Stores report streams and sales once a month, a few weeks after the month ends. Your figures appear here with the first statement for your releases.`}
            />
          </Card>
        ) : (
          <AnalyticsView data={data} />
        )}
        </>
      )}
    </QueryPage>
  );
}

function AnalyticsView({ data }: { data: TAnalytics }) {
  const { t, i18n } = useLingui();
  const [measure, setMeasure] = useState<Measure>('streams');
  /** The release the charts over time show (null: all releases). */
  const [release, setRelease] = useState<string | null>(null);
  const overTime = data.storePeriods.filter((row) => release === null || String(row.albumId) === release);
  const storesOverTime = [...new Set(overTime.map((row) => row.store))].sort((a, b) => data.stores.findIndex((s) => s.store === a) - data.stores.findIndex((s) => s.store === b));
  const revenueOverTime = [...new Set(overTime.map((row) => row.period))].sort().map((period) => ({
    period,
    revenueMinor: overTime.filter((row) => row.period === period).reduce((sum, row) => sum + row.revenueMinor, 0),
  }));
  const money = (minor: number) => formatMinor(minor, data.currency, i18n.locale);
  const count = (value: number) => formatCount(value, i18n.locale);
  const rowOf = (key: string, name: string, figures: { streams: number; revenueMinor: number }, detail?: string): RankedRow =>
    measure === 'streams'
      ? { key, name, detail, value: figures.streams, display: count(figures.streams), secondary: money(figures.revenueMinor) }
      : { key, name, detail, value: figures.revenueMinor, display: money(figures.revenueMinor), secondary: t`${count(figures.streams)} streams` };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label={t`Streams`} value={count(data.totals.streams)} testId="total-streams" />
        <Figure label={t`Downloads`} value={count(data.totals.downloads)} testId="total-downloads" />
        <Figure label={t`Revenue`} value={money(data.totals.revenueMinor)} testId="total-revenue" />
      </SimpleGrid>

      {data.releases.length > 1 && (
        <Select
          label={t`Release`}
          value={release ?? 'all'}
          onChange={(value) => setRelease(value === 'all' || value === null ? null : value)}
          data={[{ value: 'all', label: t`All releases` }, ...data.releases.map((r) => ({ value: String(r.albumId), label: r.name || t`Untitled release` }))]}
          allowDeselect={false}
          maw={360}
          data-testid="release-filter"
        />
      )}
      <Panel title={t`Streams over time`} description={t`Per month and store`}>
        <StreamsOverTime rows={overTime} stores={storesOverTime} label={t`Streams per month and store`} />
      </Panel>
      <Panel title={t`Revenue over time`} description={t`Per month, in ${data.currency}`}>
        <RevenueOverTime rows={revenueOverTime} currency={data.currency} label={t`Revenue per month`} seriesName={t`Revenue`} />
      </Panel>

      <SegmentedControl
        value={measure}
        onChange={(value) => setMeasure(value as Measure)}
        data={[
          { value: 'streams', label: t`By streams` },
          { value: 'revenue', label: t`By revenue` },
        ]}
        data-testid="measure"
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title={t`Stores`}>
          <RankedBars testId="store-row" rows={sorted(data.stores.map((s) => rowOf(s.store, s.store, s)))} colour={0} />
        </Panel>
        <Panel title={t`Countries`}>
          <RankedBars testId="country-row" rows={sorted(data.countries.map((c) => rowOf(c.country, countryName(c.country, i18n.locale), c)))} colour={1} />
        </Panel>
        <Panel title={t`Releases`}>
          <RankedBars testId="release-row" rows={sorted(data.releases.map((r) => rowOf(String(r.albumId), r.name || t`Untitled release`, r, r.upc ?? undefined)))} colour={2} />
        </Panel>
        <Panel title={t`Tracks`}>
          <RankedBars
            testId="track-row"
            rows={sorted(data.tracks.map((track) => rowOf(String(track.trackId), track.name, track, [track.releaseName, track.isrc].filter(Boolean).join(' · '))))}
            colour={3}
          />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

const sorted = (rows: RankedRow[]) => [...rows].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} style={tabularFigures} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function Panel({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <TitledSection title={title} description={description}>
        {children}
      </TitledSection>
    </Card>
  );
}

