import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Price } from '../../../components/price.js';
import { BUYING_OPTIONS, QUALITY_MASTER } from '../buying-options.js';
import { PluginBundleMention } from './plugin-bundle-mention.js';

/**
 * The price box: the three buying options with what each delivers, the advertised quality master,
 * and one call to action that opens the file picker. `onSignUp`, given to visitors, adds the
 * free-plugin promotion: a new account's first master is free (the welcome code, sql/0008).
 */
export function PriceBox({ onChooseFile, onSignUp }: { onChooseFile: () => void; onSignUp?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {BUYING_OPTIONS.map((option) => (
          <Card key={option.option} withBorder padding="lg" radius="md" data-testid={`buying-option-${option.option}`}>
            <Stack gap={6}>
              <Text fw={600}>{i18n._(option.name)}</Text>
              <Price amount={option.price} fz={28} fw={700} lh={1.1} />
              <Text size="sm" c="dimmed">
                {i18n._(option.delivers)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md" data-testid="quality-master">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} fz="lg">
                <Trans>Quality master</Trans>
              </Title>
              <Badge variant="light">
                <Trans>Offer</Trans>
              </Badge>
            </Group>
            <Group gap="sm" align="baseline">
              <Price amount={QUALITY_MASTER.price} fz={24} fw={700} />
              <Text c="dimmed" size="sm">
                <Trans>
                  instead of <Price amount={QUALITY_MASTER.listPrice} struck inherit />
                </Trans>
              </Text>
            </Group>
          </Stack>
          <Button size="md" onClick={onChooseFile}>
            <Trans>Choose a WAV file</Trans>
          </Button>
        </Group>
      </Card>
      {onSignUp && (
        <Card withBorder padding="md" radius="md" data-testid="welcome-offer">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" maw={560}>
              <Trans>New here? Create an account and your first WAV master is free: the code arrives once your e-mail is confirmed.</Trans>
            </Text>
            <Button variant="light" onClick={onSignUp}>
              <Trans>Sign up</Trans>
            </Button>
          </Group>
        </Card>
      )}
      <Text size="sm" c="dimmed">
        <Trans>You hear your master before you pay. Upgrading later costs only the difference.</Trans>
      </Text>
      <PluginBundleMention />
    </Stack>
  );
}
