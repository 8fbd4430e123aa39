import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { TInvoice } from '../../../../../src/modules/invoices/invoices.schemas.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { isLocale } from '../../../lib/i18n.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { listDate } from '../../../lib/list-date.js';
import { paymentMethodLabel } from '../../../lib/payment-method-label.js';
import { trpc } from '../../../lib/trpc.js';
import { CardForm, type CardFormHandle } from '../components/card-form.js';
import { downloadInvoice, useDownloadProgress } from '../downloads.js';
import { paymentErrorCodeOf } from '../payment-errors.js';
import { requestCardNonce } from '../use-payment-in-flight.js';
import { QueriesState, querySettled } from '../../../components/query-page.js';
import { TableHead } from '../../../components/table-head.js';
import { ErrorAlert } from '../../../components/error-alert.js';

/** '/account/payments': the invoice rows and the saved payment methods. */
export function AccountPaymentsPage() {
  return (
    <Stack gap="xl">
      <InvoiceList />
      <PaymentMethods />
    </Stack>
  );
}

/**
 * What an invoice row names, in the interface language: a master's track and style as the invoice
 * has them, the distribution add-on (productType 1, stored in English as "Distribution add-on / 12
 * months") in words of the language.
 */
function useProductOf() {
  const { t } = useLingui();
  return (invoice: Pick<TInvoice, 'product' | 'productType'>) => {
    const parts = splitProduct(invoice.product);
    if (invoice.productType !== 1) return parts;
    const months = Number(/^(\d+) months?$/.exec(parts.style)?.[1] ?? Number.NaN);
    return { name: t`Distribution add-on`, style: Number.isNaN(months) ? parts.style : months === 12 ? t`one year` : t`${months} months` };
  };
}

/** "Song / Pop - Bright" (product is name and style, separated by a slash). */
export function splitProduct(product: string): { name: string; style: string } {
  const at = product.lastIndexOf(' / ');
  if (at < 0) return { name: product, style: '' };
  return { name: product.slice(0, at), style: product.slice(at + 3) };
}

function InvoiceList() {
  const { i18n } = useLingui();
  const invoices = trpc.invoices.list.useQuery();
  const productOf = useProductOf();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const heading = (
    <Title order={2} size="h4">
      <Trans>Invoices</Trans>
    </Title>
  );
  if (!querySettled(invoices)) {
    return (
      <Stack>
        {heading}
        <QueriesState queries={[invoices]} />
      </Stack>
    );
  }
  if (invoices.data.length === 0) {
    return (
      <Stack>
        {heading}
        <HonestEmpty
          title={<Trans>Your invoices will appear here</Trans>}
          description={<Trans>Each purchase gets an invoice you can download as a PDF.</Trans>}
        />
      </Stack>
    );
  }
  // The total in the invoice's own currency (it may differ from today's interface language).
  const money = (invoice: TInvoice) =>
    new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency: invoice.currency, useGrouping: false }).format(invoice.total);
  return (
    <Stack data-testid="invoice-list">
      {heading}
      {/* Wide screens: a table; narrow screens: one card per invoice (no sideways scrolling at 375 px). */}
      <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm">
        <TableHead
          columns={[
            { label: <Trans>Name</Trans> },
            { label: <Trans>Artist</Trans> },
            { label: <Trans>Style</Trans> },
            { label: <Trans>Date</Trans> },
            { label: <Trans>Total</Trans>, numeric: true },
            { label: <Trans>Payment method</Trans> },
            { label: <VisuallyHidden><Trans>Invoice</Trans></VisuallyHidden> },
          ]}
        />
        <Table.Tbody>
          {invoices.data.map((invoice) => {
            const { name, style } = productOf(invoice);
            return (
              <Table.Tr key={invoice.invoiceNumber} data-testid={`invoice-row-${invoice.invoiceNumber}`}>
                <Table.Td>
                  {name}
                  <InvoiceTracks invoice={invoice} />
                </Table.Td>
                <Table.Td>{invoice.trackArtist ?? '–'}</Table.Td>
                <Table.Td>{style}</Table.Td>
                <Table.Td>{listDate(invoice.createdAt)}</Table.Td>
                <Table.Td ta="right">{money(invoice)}</Table.Td>
                <Table.Td>{paymentMethodLabel((message) => i18n._(message), invoice.paymentMethod)}</Table.Td>
                <Table.Td>
                  <InvoiceDownload invoiceNumber={invoice.invoiceNumber} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="sm">
        {invoices.data.map((invoice) => {
          const { name, style } = productOf(invoice);
          return (
            <Card key={invoice.invoiceNumber} withBorder padding="sm" radius="md" data-testid={`invoice-card-${invoice.invoiceNumber}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate>
                    {name}
                  </Text>
                  <InvoiceTracks invoice={invoice} />
                  <Text size="sm" c="dimmed">
                    {[invoice.trackArtist, style].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="sm">
                    {listDate(invoice.createdAt)} · {paymentMethodLabel((message) => i18n._(message), invoice.paymentMethod)}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={700}>{money(invoice)}</Text>
                  <InvoiceDownload invoiceNumber={invoice.invoiceNumber} />
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** An album's invoice names its tracks under the album (each track's name as the invoice has it). */
function InvoiceTracks({ invoice }: { invoice: Pick<TInvoice, 'lines'> }) {
  if (invoice.lines.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="invoice-tracks">
      {invoice.lines.map((line) => splitProduct(line.product).name).join(' · ')}
    </Text>
  );
}

function InvoiceDownload({ invoiceNumber }: { invoiceNumber: number }) {
  const { t } = useLingui();
  const progress = useDownloadProgress(`invoice:${invoiceNumber}`);
  return (
    <Tooltip label={t`Download invoice ${invoiceNumber} (PDF)`}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t`Download invoice ${invoiceNumber} (PDF)`}
        loading={progress !== null}
        onClick={() => void downloadInvoice(invoiceNumber)}
        data-testid={`invoice-download-${invoiceNumber}`}
      >
        <DownloadIcon />
      </ActionIcon>
    </Tooltip>
  );
}

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </svg>
  );
}

/**
 * Saved payment methods; one used by a subscription cannot be deleted (payment widget). A card can
 * be added here and made the subscription's card, which frees the old one to be removed.
 */
function PaymentMethods() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const app = useAppStoreApi();
  const config = useSiteConfig();
  const methods = trpc.payments.methods.useQuery();
  const subscription = trpc.distribution.subscription.useQuery();
  const remove = trpc.payments.removeMethod.useMutation();
  const add = trpc.payments.addMethod.useMutation();
  const setCard = trpc.distribution.setCard.useMutation();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const card = useRef<CardFormHandle>(null);
  // One save at a time: a second click while the first runs would vault the card twice.
  const saving = useRef(false);
  const [isSaving, setIsSaving] = useState(false);
  const sub = subscription.data;
  const renewing = sub?.active === true ? sub : null;

  const removeMethod = async (token: string) => {
    setErrorCode(null);
    try {
      await remove.mutateAsync({ token });
      await utils.payments.methods.invalidate();
    } catch (error) {
      setErrorCode(errorCodeOf(error));
    }
  };

  const saveCard = async () => {
    if (saving.current) return;
    saving.current = true;
    setIsSaving(true);
    setErrorCode(null);
    try {
      let nonce: string;
      try {
        nonce = await requestCardNonce(card.current);
      } catch (error) {
        setErrorCode(paymentErrorCodeOf(error));
        return;
      }
      utils.payments.methods.setData(undefined, await add.mutateAsync({ nonce }));
      setAdding(false);
      app.showSuccess('global.success.paymentMethodAdded');
    } catch (error) {
      setErrorCode(paymentErrorCodeOf(error));
    } finally {
      saving.current = false;
      setIsSaving(false);
    }
  };

  const makeSubscriptionCard = async (token: string) => {
    setErrorCode(null);
    try {
      utils.distribution.subscription.setData(undefined, await setCard.mutateAsync({ token }));
      await utils.payments.methods.invalidate();
      app.showSuccess('global.success.subscriptionCardChanged');
    } catch (error) {
      setErrorCode(errorCodeOf(error));
    }
  };

  return (
    <Stack data-testid="payment-methods">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          <Trans>Saved payment methods</Trans>
        </Title>
        {!adding && config.data && (
          <Button variant="light" onClick={() => setAdding(true)} data-testid="payment-method-add">
            <Trans>Add a card</Trans>
          </Button>
        )}
      </Group>
      {adding && config.data && (
        <Card withBorder padding="md" radius="md" data-testid="payment-method-form">
          <Stack gap="sm">
            <Text fw={600}>
              <Trans>New card</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>The card is checked with our payment provider and saved; nothing is charged.</Trans>
            </Text>
            <CardForm ref={card} mode={config.data.paymentMode} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAdding(false)} disabled={isSaving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button onClick={() => void saveCard()} loading={isSaving} data-testid="payment-method-save">
                <Trans>Save card</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {!querySettled(methods) ? (
        <QueriesState queries={[methods]} py="md" />
      ) : methods.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No payment method is saved. Cards you pay with through our payment provider can be kept here for next time.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          {methods.data.map((method) => {
            const isSubscriptionCard = renewing !== null && renewing.paymentMethodToken === method.token;
            return (
              <Card key={method.token} withBorder padding="sm" radius="md" data-testid="payment-method" data-description={method.description} data-subscription={isSubscriptionCard}>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{method.description}</Text>
                      {method.isDefault && (
                        <Badge variant="light">
                          <Trans>Default</Trans>
                        </Badge>
                      )}
                      {isSubscriptionCard && (
                        <Badge variant="light" color="teal">
                          <Trans>Subscription card</Trans>
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {paymentMethodLabel((message) => i18n._(message), method.type)}
                    </Text>
                    {method.usedInSubscription && (
                      <Text size="sm" c="yellow.7">
                        <Trans>Used in a subscription. Please change payment method first.</Trans>
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs">
                    {renewing !== null && !isSubscriptionCard && (
                      <Button
                        variant="light"
                        loading={setCard.isPending && setCard.variables?.token === method.token}
                        onClick={() => void makeSubscriptionCard(method.token)}
                        data-testid="payment-method-use"
                      >
                        <Trans>Use for subscription</Trans>
                      </Button>
                    )}
                    <Button
                      variant="default"
                      color="red"
                      disabled={method.usedInSubscription}
                      loading={remove.isPending && remove.variables?.token === method.token}
                      onClick={() => void removeMethod(method.token)}
                      data-testid="payment-method-remove"
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <ErrorAlert code={errorCode} />
    </Stack>
  );
}
