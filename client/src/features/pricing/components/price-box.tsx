import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Price } from '../../../components/price.js';
import type { TShownPrices } from '../../../../../src/modules/pricing/pricing.schemas.js';
import { BUYING_OPTIONS, type BuyingOption } from '../buying-options.js';
import { shownAmountOf, useShownPrices } from '../use-shown-prices.js';
import { PluginBundleMention } from './plugin-bundle-mention.js';
import { VatNote } from './vat-note.js';

/** An option's price as this buyer pays it (a placeholder of its height while prices load), then what it delivers. */
function PriceAndDelivery({ option, prices, size }: { option: BuyingOption; prices: TShownPrices | undefined; size: number }) {
  const { i18n } = useLingui();
  return (
    <>
      {prices ? <Price amount={shownAmountOf(prices, option.price)} fz={size} fw={700} lh={1.1} /> : <Skeleton h={size} w={96} aria-hidden="true" />}
      <Text size="sm" c="dimmed">
        {i18n._(option.delivers)}
      </Text>
    </>
  );
}

/**
 * The price box: the three buying options with what each delivers and costs as this buyer pays it
 * (with VAT for a consumer in the EU), the quality master (the studio option: a price checkout
 * really offers), and one call to action that opens the file picker. `onSignUp`, given to visitors,
 * adds the free-plugin promotion: a new account's first master is free (the welcome code, sql/0008).
 */
export function PriceBox({ onChooseFile, onSignUp }: { onChooseFile: () => void; onSignUp?: () => void }) {
  const { i18n } = useLingui();
  const prices = useShownPrices().data;
  const studio = BUYING_OPTIONS[2]!;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {BUYING_OPTIONS.map((option) => (
          <Card key={option.option} withBorder padding="lg" radius="md" data-testid={`buying-option-${option.option}`}>
            <Stack gap={6}>
              <Text fw={600}>{i18n._(option.name)}</Text>
              <PriceAndDelivery option={option} prices={prices} size={28} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {prices && <VatNote prices={prices} />}
      <Card withBorder padding="lg" radius="md" data-testid="quality-master">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4}>
            <Title order={3} fz="lg">
              <Trans>Quality master</Trans>
            </Title>
            <Group gap="sm" align="baseline">
              <PriceAndDelivery option={studio} prices={prices} size={24} />
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
