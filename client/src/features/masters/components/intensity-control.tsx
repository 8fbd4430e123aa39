import { SegmentedControl, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { INTENSITIES, type Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import { INTENSITY_NAMES } from '../lib/intensity-names.js';

/**
 * Low / Medium / High beside the style choice: how hard the chosen style is driven. Each is heard
 * at once (the track was prepared at all three) and mastered as a master of its own.
 */
export function IntensityControl({ value, onChange }: { value: Intensity; onChange: (intensity: Intensity) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={4} data-testid="intensity-control">
      <Text fw={600} size="sm" id="intensity-title">
        <Trans>Intensity</Trans>
      </Text>
      <SegmentedControl
        fullWidth
        radius="md"
        value={value}
        onChange={(next) => onChange(next as Intensity)}
        aria-labelledby="intensity-title"
        color="mastered"
        data={INTENSITIES.map((intensity) => ({ value: intensity, label: i18n._(INTENSITY_NAMES[intensity]) }))}
      />
      <Text size="xs" c="dimmed">
        {value === 'low' ? t`Gentler and quieter: more of the mix's dynamics stay.` : value === 'high' ? t`Louder and denser, within the style's limits.` : t`The style as it is made.`}
      </Text>
    </Stack>
  );
}
