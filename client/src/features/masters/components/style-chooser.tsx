import { Badge, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStyleGroup } from '../../../../../src/modules/catalogue/catalogue.schemas.js';
import { useEffect } from 'react';
import { trackEvent } from '../../../lib/analytics.js';
import { LineIcon } from '../../../components/line-icon.js';

/** Enabled groups by order, each with its enabled styles by order (new master screen). */
export function enabledGroups(groups: TStyleGroup[]): TStyleGroup[] {
  return groups
    .filter((group) => group.enabled)
    .map((group) => ({ ...group, styles: group.styles.filter((style) => style.enabled).sort((a, b) => a.order - b.order) }))
    .filter((group) => group.styles.length > 0)
    .sort((a, b) => a.order - b.order);
}

/**
 * The style chooser: a checkmark on styles the track already has a master of; the chosen style's
 * description below its group.
 */
export function StyleChooser({
  groups,
  selectedStyleId,
  masteredStyleIds,
  onSelect,
}: {
  groups: TStyleGroup[];
  selectedStyleId: number | null;
  masteredStyleIds: ReadonlySet<number>;
  onSelect: (styleId: number) => void;
}) {
  const { t } = useLingui();
  // Analytics: the list of styles shown (sent only with consent, lib/analytics.ts).
  // A string, so the event fires when the list changes, not on every render's new array.
  const listed = groups.flatMap((group) => group.styles.map((style) => `${group.name}/${style.name}`)).join(',');
  useEffect(() => {
    if (listed) trackEvent('view_item_list', { item_list_name: 'styles', items: listed.split(',').map((item_name) => ({ item_name })) });
  }, [listed]);
  return (
    <Stack gap="md" component="section" aria-labelledby="style-chooser-title">
      <Title order={2} fz="lg" id="style-chooser-title">
        <Trans>Choose a style</Trans>
      </Title>
      {groups.map((group) => {
        const selected = group.styles.find((style) => style.id === selectedStyleId);
        return (
          <Paper key={group.id} withBorder radius="md" p="sm" data-selected={selected ? true : undefined} role="group" aria-label={group.name}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={650}>{group.name}</Text>
              </Group>
              <Group gap="xs" wrap="wrap">
                {group.styles.map((style) => {
                  const mastered = masteredStyleIds.has(style.id);
                  return (
                    <Chip
                      key={style.id}
                      type="radio"
                      checked={style.id === selectedStyleId}
                      onChange={() => onSelect(style.id)}
                      color="mastered"
                      variant="outline"
                      icon={<CheckIcon />}
                      aria-label={mastered ? t`${style.name}, already mastered` : style.name}
                      data-testid={`style-${style.id}`}
                    >
                      <Group gap={6} wrap="nowrap">
                        {style.name}
                        {mastered && (
                          <Badge size="xs" variant="filled" color="mastered" circle aria-hidden="true">
                            ✓
                          </Badge>
                        )}
                      </Group>
                    </Chip>
                  );
                })}
              </Group>
              {selected && (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {selected.description}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function CheckIcon() {
  return (
    <LineIcon size={12} strokeWidth={3}>
      <path d="M5 12l5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
