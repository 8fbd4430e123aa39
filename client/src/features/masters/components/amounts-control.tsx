import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AMOUNT_MAX, AMOUNT_MIN, AMOUNT_STEP, DEFAULT_AMOUNTS, isDefaultAmounts, type Amounts } from '../../../../../src/modules/masters/masters.constants.js';
import { AMOUNT_NAMES, AMOUNT_PARTS, amountsSummary } from '../lib/amounts.js';
import { FoldedHeading } from './folded-heading.js';

/**
 * Tone, width and dynamics under the intensity: how far each part of the style's move goes, 100 %
 * being the style as it is. Folded away until asked for, so the page stays simple; while folded it
 * still says what was changed. A slider commits when let go (or on each key press), so a drag renders
 * one new preview, not one per step.
 */
export function AmountsControl({ value, onChange }: { value: Amounts; onChange: (amounts: Amounts) => void }) {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  // The value under a dragging thumb, before it is let go.
  const [draft, setDraft] = useState<Amounts | null>(null);
  const panelId = useId();
  const shown = draft ?? value;
  const summary = amountsSummary(i18n, value);

  return (
    <Stack gap={6} data-testid="amounts-control">
      <FoldedHeading label={<Trans>Amounts</Trans>} summary={summary} summaryTestId="amounts-summary" opened={opened} onToggle={() => setOpened((open) => !open)} panelId={panelId} />
      {opened && (
        <Stack gap="xs" id={panelId} px="xs">
          <Text size="xs" c="dimmed">
            <Trans>How far the style changes tone, stereo width and dynamics: 100 % is the style as it is.</Trans>
          </Text>
          {AMOUNT_PARTS.map((part) => {
            const name = i18n._(AMOUNT_NAMES[part]);
            return (
              <Stack key={part} gap={2}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{name}</Text>
                  <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
                    {i18n.number(shown[part])} %
                  </Text>
                </Group>
                <Slider
                  min={AMOUNT_MIN}
                  max={AMOUNT_MAX}
                  step={AMOUNT_STEP}
                  value={shown[part]}
                  onChange={(next) => setDraft({ ...shown, [part]: next })}
                  onChangeEnd={(next) => {
                    setDraft(null);
                    if (next !== value[part]) onChange({ ...value, [part]: next });
                  }}
                  label={(next) => `${i18n.number(next)} %`}
                  thumbLabel={name}
                  marks={[{ value: DEFAULT_AMOUNTS[part] }]}
                  color="mastered"
                  data-testid={`amount-${part}`}
                />
              </Stack>
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" size="xs" disabled={isDefaultAmounts(value)} onClick={() => onChange({ ...DEFAULT_AMOUNTS })}>
              {t`Reset to 100 %`}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
