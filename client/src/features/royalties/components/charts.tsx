import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tabularFigures } from '../../../app/theme.js';
import { formatCompact, formatCount, formatMinor, formatPeriod, SERIES_COLOURS } from '../lib/format.js';

const axisTick = { fontSize: 12, fill: 'var(--mantine-color-dimmed)' };
const tooltipStyle = {
  contentStyle: { background: 'var(--mantine-color-body)', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, fontSize: 13 },
  labelStyle: { color: 'var(--mantine-color-text)', fontWeight: 600 },
};

/** Streams per month, one stacked series per store (recharts, in the theme's colours). */
export function StreamsOverTime({ rows, stores, label }: { rows: { period: string; store: string; streams: number }[]; stores: string[]; label: string }) {
  const { i18n } = useLingui();
  const periods = [...new Set(rows.map((row) => row.period))].sort();
  // Rows come per release too: a store's streams in a month are their sum.
  const data = periods.map((period) => ({
    period,
    ...Object.fromEntries(stores.map((store) => [store, rows.filter((row) => row.period === period && row.store === store).reduce((sum, row) => sum + row.streams, 0)])),
  }));
  return (
    <Box h={280} role="img" aria-label={label} data-testid="streams-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--mantine-color-default-border)" />
          <XAxis dataKey="period" tickFormatter={(period: string) => formatPeriod(period, i18n.locale)} tick={axisTick} tickLine={false} />
          <YAxis tickFormatter={(value: number) => formatCompact(value, i18n.locale)} tick={axisTick} tickLine={false} axisLine={false} width={44} />
          <Tooltip
            {...tooltipStyle}
            cursor={{ fill: 'var(--mantine-color-default-hover)' }}
            labelFormatter={(period) => formatPeriod(String(period), i18n.locale)}
            formatter={(value) => formatCount(Number(value), i18n.locale)}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {stores.map((store, index) => (
            <Bar key={store} dataKey={store} stackId="streams" fill={SERIES_COLOURS[index % SERIES_COLOURS.length]} maxBarSize={48} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Revenue per month as an area. */
export function RevenueOverTime({ rows, currency, label, seriesName }: { rows: { period: string; revenueMinor: number }[]; currency: string; label: string; seriesName: string }) {
  const { i18n } = useLingui();
  const data = rows.map((row) => ({ period: row.period, revenue: row.revenueMinor / 100 }));
  return (
    <Box h={240} role="img" aria-label={label} data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="revenueFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--mantine-color-teal-6)" stopOpacity={0.4} />
              <stop offset="100%" stopColor="var(--mantine-color-teal-6)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--mantine-color-default-border)" />
          <XAxis dataKey="period" tickFormatter={(period: string) => formatPeriod(period, i18n.locale)} tick={axisTick} tickLine={false} />
          <YAxis tickFormatter={(value: number) => formatCompact(value, i18n.locale)} tick={axisTick} tickLine={false} axisLine={false} width={44} />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(period) => formatPeriod(String(period), i18n.locale)}
            formatter={(value) => formatMinor(Math.round(Number(value) * 100), currency, i18n.locale)}
          />
          <Area type="monotone" dataKey="revenue" name={seriesName} stroke="var(--mantine-color-teal-6)" strokeWidth={2} fill="url(#revenueFill)" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </Box>
  );
}

export interface RankedRow {
  key: string;
  name: string;
  detail?: string;
  value: number;
  /** The figure as shown (the bar's length follows `value`). */
  display: string;
  secondary?: string;
}

/** A ranked list drawn as bars: name and figure on one line, the bar below, longest first. */
export function RankedBars({ rows, testId, colour = 0 }: { rows: RankedRow[]; testId: string; colour?: number }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Box key={row.key} data-testid={testId}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Box miw={0}>
              <Text fw={500} truncate="end" data-testid={`${testId}-name`}>
                {row.name}
              </Text>
              {row.detail && (
                <Text size="xs" c="dimmed" truncate="end">
                  {row.detail}
                </Text>
              )}
            </Box>
            <Box ta="right" style={{ flexShrink: 0 }}>
              <Text fw={600} style={tabularFigures} data-testid={`${testId}-value`}>
                {row.display}
              </Text>
              {row.secondary && (
                <Text size="xs" c="dimmed" style={tabularFigures}>
                  {row.secondary}
                </Text>
              )}
            </Box>
          </Group>
          <Progress value={(Math.max(0, row.value) / max) * 100} color={SERIES_COLOURS[colour % SERIES_COLOURS.length]} size="sm" mt={4} aria-hidden />
        </Box>
      ))}
    </Stack>
  );
}
