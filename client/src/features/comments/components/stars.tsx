import { Group, Rating, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Stars are 25 px. */
export const STAR_SIZE = 25;

/** An average as stars (to the tenth) with the figure and the count beside it, for pages and lists. */
export function AverageStars({ average, count, size = STAR_SIZE }: { average: number | null; count: number; size?: number }) {
  const { t, i18n } = useLingui();
  const figure = average === null ? null : new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  const label = figure === null ? t`Not rated yet` : t`Rated ${figure} of 5 (${count} ratings)`;
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} role="img" data-testid="average-stars">
      <Rating value={average ?? 0} fractions={10} readOnly size={size} aria-hidden />
      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} aria-hidden>
        {figure === null ? '–' : `${figure} (${count})`}
      </Text>
    </Group>
  );
}
