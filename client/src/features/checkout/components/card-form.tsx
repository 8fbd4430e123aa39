import { Alert, Center, Radio, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc.js';
import { LoadingIndicator } from '../../../components/loading-indicator.js';

/**
 * Braintree's documented test nonces ("Testing and Go Live: Nonces"), which the local gateway of
 * settles or declines like the sandbox does.
 */
export const TEST_NONCES = {
  valid: 'fake-valid-nonce',
  /** A second accepted card (a Mastercard in the sandbox), so two saved test cards can be told apart. */
  other: 'fake-valid-mastercard-nonce',
  declined: 'fake-processor-declined-visa-nonce',
} as const;

/** Braintree Drop-in from its CDN, loaded only when the card step opens in 'braintree' mode (no bundle dependency). */
export const DROP_IN_URL = 'https://js.braintreegateway.com/web/dropin/1.44.1/js/dropin.min.js';

/** What the Pay button asks of the card form: a nonce, or an error code. */
export interface CardFormHandle {
  requestNonce(): Promise<string>;
}

interface DropinInstance {
  requestPaymentMethod(): Promise<{ nonce?: string } | undefined>;
  teardown(): Promise<void>;
}
interface DropinGlobal {
  create(options: { authorization: string; container: HTMLElement; locale?: string; card?: { cardholderName?: { required: boolean } } }): Promise<DropinInstance>;
}
declare global {
  interface Window {
    braintree?: { dropin?: DropinGlobal };
  }
}

let dropInScript: Promise<DropinGlobal> | null = null;

function loadDropIn(): Promise<DropinGlobal> {
  if (window.braintree?.dropin) return Promise.resolve(window.braintree.dropin);
  dropInScript ??= new Promise<DropinGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = DROP_IN_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => (window.braintree?.dropin ? resolve(window.braintree.dropin) : reject(new Error('payment.dropIn')));
    script.onerror = () => {
      dropInScript = null;
      script.remove();
      reject(new Error('payment.dropIn'));
    };
    document.head.append(script);
  });
  return dropInScript;
}

/**
 * Step 1's card form. In local payment mode a clearly labelled test-card choice that yields the
 * test nonces; in 'braintree' mode Braintree's Drop-in. Unmounting (Back, close) tears the Drop-in
 * down, so going back discards it.
 */
export const CardForm = forwardRef<CardFormHandle, { mode: 'local' | 'braintree' }>(function CardForm({ mode }, ref) {
  return mode === 'local' ? <TestCardForm ref={ref} /> : <DropInForm ref={ref} />;
});

const TestCardForm = forwardRef<CardFormHandle>(function TestCardForm(_props, ref) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<keyof typeof TEST_NONCES>('valid');
  useImperativeHandle(ref, () => ({ requestNonce: () => Promise.resolve(TEST_NONCES[choice]) }), [choice]);
  return (
    <Stack gap="sm" data-testid="test-card-form">
      <Alert color="yellow" variant="light" title={t`Test payments`}>
        <Trans>This server uses its local test gateway: no card is charged and no money moves. Choose which test card to pay with.</Trans>
      </Alert>
      <Radio.Group value={choice} onChange={(value) => setChoice(value as keyof typeof TEST_NONCES)} label={t`Test card`} name="test-card">
        <Stack gap="xs" mt="xs">
          <Radio value="valid" label={t`Test card that is accepted`} description={TEST_NONCES.valid} />
          <Radio value="other" label={t`Another test card that is accepted`} description={TEST_NONCES.other} />
          <Radio value="declined" label={t`Test card that is declined`} description={TEST_NONCES.declined} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
});

const DropInForm = forwardRef<CardFormHandle>(function DropInForm(_props, ref) {
  const { t, i18n } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<DropinInstance | null>(null);
  const token = trpc.payments.clientToken.useQuery(undefined, { staleTime: 0, gcTime: 0 });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const clientToken = token.data?.clientToken;
  const tokenFailed = token.isError;

  useEffect(() => {
    if (!clientToken || !container.current) return;
    let cancelled = false;
    let created: DropinInstance | null = null;
    const target = container.current;
    loadDropIn()
      .then((dropin) => dropin.create({ authorization: clientToken, container: target, locale: i18n.locale === 'de' ? 'de_DE' : 'en_US' }))
      .then((made) => {
        created = made;
        if (cancelled) {
          void made.teardown();
          return;
        }
        instance.current = made;
        setState('ready');
      })
      .catch(() => {
        if (cancelled) return;
        setErrorCode('payment.dropIn');
        setState('failed');
      });
    return () => {
      cancelled = true;
      instance.current = null;
      if (created) void created.teardown().catch(() => undefined);
    };
  }, [clientToken, i18n.locale]);

  useImperativeHandle(
    ref,
    () => ({
      async requestNonce() {
        if (!instance.current) throw new Error(tokenFailed ? 'payment.dropInToken' : 'payment.dropIn');
        let result;
        try {
          result = await instance.current.requestPaymentMethod();
        } catch {
          throw new Error('payment.requestPaymentMethod');
        }
        if (!result?.nonce) throw new Error('payment.requestPaymentMethod');
        return result.nonce;
      },
    }),
    [tokenFailed],
  );

  const failure = tokenFailed ? 'payment.dropInToken' : state === 'failed' ? errorCode : null;
  return (
    <Stack gap="sm">
      {failure === 'payment.dropInToken' && (
        <Alert color="red" role="alert">
          {t`The payment form could not be prepared. Please try again.`}
        </Alert>
      )}
      {failure === 'payment.dropIn' && (
        <Alert color="red" role="alert">
          {t`The payment form could not be loaded. Please try again.`}
        </Alert>
      )}
      {state === 'loading' && !failure && (
        <Center py="md">
          <LoadingIndicator label={t`Loading the payment form`} />
        </Center>
      )}
      <div ref={container} />
      {state === 'ready' && (
        <Text size="xs" c="dimmed">
          <Trans>Card details go straight to our payment provider, Braintree (a PayPal service); we never see them.</Trans>
        </Text>
      )}
    </Stack>
  );
});
