import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStyle, TStyleGroup, TStyleTrait } from '../../../../../src/modules/catalogue/catalogue.schemas.js';
import { useIsLoggedIn } from '../../auth/index.js';
import { DemoItem, excerptOf } from '../../demos/index.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import type { DialogDataMap } from '../../../lib/dialogs.js';
import { openFilePicker } from '../../../lib/file-picker.js';
import { formatFigure } from '../../../lib/format-decibels.js';
import { trpc } from '../../../lib/trpc.js';
import { StyleGroupIcon } from './style-group-icon.js';

/** The character codes the catalogue sends (catalogue.service.ts, styleTraits), in words. */
const TRAIT_LABELS: Record<TStyleTrait, MessageDescriptor> = {
  fullLowEnd: msg`Fuller low end`,
  warmBody: msg`Warmth in the low mids`,
  cleanLowMids: msg`Less mud in the low mids`,
  brightTop: msg`More presence and air`,
  softTop: msg`Softer highs`,
  punchy: msg`Tight, punchy dynamics`,
  dynamic: msg`Dynamics left open`,
  wide: msg`Wider stereo image`,
  focused: msg`Focused stereo image`,
  analogColour: msg`Analogue-style saturation`,
  airySides: msg`Air on the sides of the stereo image`,
  centredBass: msg`Bass kept in the centre`,
  bandwiseLowEnd: msg`Low end held on its own, without pumping the rest`,
};

/** How much of a demo the dialog plays: enough to hear the style, short enough to stay a glance. */
const EXCERPT_SECONDS = 20;

/**
 * StyleDetails: group icon, name, description and a select button; with the style's
 * loudness target, its character and, where a demo in this style exists, a short before/after
 * excerpt of it. A visitor reads what selecting leads to.
 */
export function StyleDetailsDialog({
  opened,
  data,
  onClose,
}: {
  opened: boolean;
  data: DialogDataMap['StyleDetails'] | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Style details`} closeButtonProps={{ 'aria-label': t`Close` }}>
      {data && <StyleDetailsBody group={data.group} style={data.style} onClose={onClose} />}
    </Modal>
  );
}

function StyleDetailsBody({ group, style, onClose }: { group: TStyleGroup; style: TStyle; onClose: () => void }) {
  const { i18n } = useLingui();
  const app = useAppStoreApi();
  const loggedIn = useIsLoggedIn();
  // The home page's demo list, from the same cache: a style's demo is one mastered in it.
  const demos = trpc.demos.list.useQuery();
  const demo = demos.data?.find((item) => item.styleId === style.id);
  const excerpt = demo ? excerptOf(demo, EXCERPT_SECONDS) : undefined;

  const select = () => {
    app.selectStyle(style.id);
    onClose();
    // The next step after picking a style is choosing the track to master with it.
    openFilePicker();
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <StyleGroupIcon icon={group.icon} size="xl" />
        <div>
          <Text size="sm" c="dimmed">
            {group.name}
          </Text>
          <Title order={2} fz="xl">
            {style.name}
          </Title>
        </div>
      </Group>
      <Text>{style.description}</Text>
      <SimpleGrid cols={2} spacing="xs">
        <Paper withBorder radius="md" p="xs" data-testid="details-loudness">
          <Text size="xs" c="dimmed">
            <Trans>Loudness target</Trans>
          </Text>
          <Text fw={600}>{formatFigure(style.targetLufs, i18n.locale)} LUFS</Text>
        </Paper>
        <Paper withBorder radius="md" p="xs">
          <Text size="xs" c="dimmed">
            <Trans>Peak ceiling</Trans>
          </Text>
          <Text fw={600}>{formatFigure(style.ceilingDbtp, i18n.locale)} dBTP</Text>
        </Paper>
      </SimpleGrid>
      {style.traits.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600} id={`details-character-${style.id}`}>
            <Trans>Character</Trans>
          </Text>
          <Group gap={6} role="list" aria-labelledby={`details-character-${style.id}`} data-testid="details-character">
            {style.traits.map((trait) => (
              <Badge key={trait} role="listitem" variant="light" radius="sm" tt="none" fw={500} style={{ whiteSpace: 'normal', height: 'auto' }}>
                {i18n._(TRAIT_LABELS[trait])}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {group.description}
      </Text>
      {demo && excerpt && (
        <Stack gap={6} data-testid="details-demo">
          <Text size="sm" fw={600}>
            <Trans>Before and after</Trans>
          </Text>
          <DemoItem demo={demo} excerpt={excerpt} />
        </Stack>
      )}
      <Text size="sm" data-testid="details-next-step">
        {loggedIn ? <Trans>Choose a WAV file and we master it in this style.</Trans> : <Trans>Choose a WAV file: you will sign in, and we master it in this style.</Trans>}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={select}>
          <Trans>Select {style.name}</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
