import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TRPCClientError } from '@trpc/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Link } from 'react-router';
import { ZEmailInput, ZLoginInput, ZRegisterInput, ZReturnPath } from '../../../../../src/modules/accounts/accounts.schemas.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useDialogs, type DialogName } from '../../../lib/dialogs.js';
import { errorMessageOf, successMessageOf } from '../../../lib/error-messages.js';
import { trackEvent } from '../../../lib/analytics.js';
import { trpc } from '../../../lib/trpc.js';
import { useTranslateKey } from '../../../lib/use-translate-key.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { authApi, AuthApiError } from '../auth-api.js';
import { signIn } from '../auth-store.js';
import { EmailField, PasswordField } from './auth-fields.js';
import { shouldReloadAfterLogin } from '../../../lib/login-reload.js';
import { ShareInvitationLine, useShareInvitation } from './share-invitation-line.js';
import { ErrorAlert } from '../../../components/error-alert.js';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The resend notice shows for 4 s. */
export const RESEND_NOTICE_MS = 4000;

const codeOf = (error: unknown) => {
  if (error instanceof AuthApiError) return error.message;
  // tRPC errors carry the server's translation key; anything else (a network failure) is generic.
  if (error instanceof TRPCClientError && /^[\w]+(\.[\w]+)+$/.test(error.message)) return error.message;
  return 'global.error.server';
};

/**
 * The login and sign-up forms: checked by their input schema, and an invited address fills the
 * empty e-mail field once it is known (the share link names it), so the invitee signs up or in
 * with the address the master is shared with.
 */
function useInvitedEmailForm<V extends { email: string }>(schema: z.ZodType, initialValues: V) {
  const translate = useTranslateKey();
  const form = useForm<V>({ mode: 'controlled', initialValues, validate: zodValidate(schema, translate) });
  const invited = useShareInvitation()?.email;
  useEffect(() => {
    if (invited && form.values.email === '') form.setValues({ email: invited } as Partial<V>);
    // Only a newly known invitation fills the field; what the user types afterwards stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invited]);
  return form;
}

function useSwitchDialog(from: DialogName) {
  const dialogs = useDialogs();
  return (to: DialogName) => {
    dialogs.close(from);
    dialogs.open(to);
  };
}

/**
 * A dialog's submit: the last failure's key cleared on each try and set from what the try threw
 * (unless `onFailure` handles the key itself), and whether a try is under way.
 */
function useAuthSubmit() {
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  async function attempt(action: () => Promise<void>, onFailure: (code: string) => boolean = () => false) {
    setFailure(null);
    setSubmitting(true);
    try {
      await action();
    } catch (error) {
      const code = codeOf(error);
      if (!onFailure(code)) setFailure(code);
    } finally {
      setSubmitting(false);
    }
  }
  return { failure, setFailure, submitting, attempt };
}

/** A closed dialog opens fresh next time (state adjusted while rendering, not in an effect). */
function useResetWhenClosed(opened: boolean, reset: () => void) {
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (!opened) reset();
  }
}

interface EmailForm {
  values: { email: string };
  errors: Partial<Record<'email', ReactNode>>;
  isDirty: (path: 'email') => boolean;
  setFieldValue: (path: 'email', value: string) => void;
}

/** A dialog's e-mail field: the form's own error, else "invalid" as soon as what was typed is no address. */
function DialogEmailField({ form, autoFocus }: { form: EmailForm; autoFocus?: boolean }) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const { email } = form.values;
  const error = form.errors.email ?? (form.isDirty('email') && email && !ZEmailInput.safeParse({ email }).success ? translate('global.message.invalidEmail') : null);
  return <EmailField label={t`E-mail address`} required value={email} onChange={(value) => form.setFieldValue('email', value)} error={error} data-autofocus={autoFocus} />;
}

/** "Resend confirmation e-mail" with its 4-second notice. */
function ResendConfirmation({ email }: { email: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' } | { kind: 'failed'; code: string }>({ kind: 'idle' });
  useEffect(() => {
    if (state.kind !== 'sent') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), RESEND_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);
  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await authApi.resendConfirmation(email);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', code: error instanceof AuthApiError ? error.message : 'global.message.error' });
    }
  };
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => void resend()} loading={state.kind === 'sending'}>
        <Trans>Resend confirmation e-mail</Trans>
      </Button>
      {state.kind === 'sent' && (
        <Text size="sm" c="teal" role="status">
          {i18n._(successMessageOf('global.success.emailSent'))}
        </Text>
      )}
      {state.kind === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {i18n._(errorMessageOf(state.code))}
        </Text>
      )}
    </Stack>
  );
}

export function LoginDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const switchTo = useSwitchDialog('Login');
  const app = useAppStoreApi();
  const utils = trpc.useUtils();
  const { failure, submitting, attempt } = useAuthSubmit();
  const form = useInvitedEmailForm(ZLoginInput, { email: '', password: '' });

  const submit = form.onSubmit((values) =>
    attempt(async () => {
      await signIn(values.email, values.password, () => utils.accounts.me.fetch());
      trackEvent('login', { method: 'email' });
      onClose();
      // Success closes the dialog and reloads; a redirect target is visited and cleared.
      const target = app.getState().redirectAfterLogin;
      app.setRedirectAfterLogin(null);
      if (target) window.location.assign(target);
      else if (shouldReloadAfterLogin()) window.location.reload();
    }),
  );

  const unconfirmed = failure?.includes('userNotConfirmed') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={t`Log in`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ShareInvitationLine />
          <DialogEmailField form={form} autoFocus />
          <PasswordField label={t`Password`} required autoComplete="current-password" {...form.getInputProps('password')} />
          {failure && (
            <Alert color={unconfirmed ? 'yellow' : 'red'} role="alert">
              {translate(failure)}
            </Alert>
          )}
          {unconfirmed && <ResendConfirmation email={form.values.email} />}
          <Button type="submit" loading={submitting} fullWidth>
            <Trans>Log in</Trans>
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('ForgotPassword')}>
              <Trans>Forgot your password?</Trans>
            </Anchor>
            <Button variant="subtle" size="compact-sm" onClick={() => switchTo('SignUp')}>
              <Trans>Sign up</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SignUpDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  const translate = useTranslateKey();
  const switchTo = useSwitchDialog('SignUp');
  const app = useAppStoreApi();
  const [registered, setRegistered] = useState<string | null>(null);
  const { failure, setFailure, submitting, attempt } = useAuthSubmit();
  const form = useInvitedEmailForm(ZRegisterInput, { firstName: '', lastName: '', email: '', password: '' });

  useResetWhenClosed(opened, () => {
    setRegistered(null);
    setFailure(null);
  });

  const submit = form.onSubmit((values) =>
    attempt(
      async () => {
        // The page that waits for the sign-in (a share link's master) rides in the confirmation link.
        const next = ZReturnPath.safeParse(app.getState().redirectAfterLogin);
        const answer = await authApi.register(next.success ? { ...values, next: next.data } : values);
        trackEvent('sign_up', { method: 'email' });
        setRegistered(answer.email);
        form.reset();
      },
      (code) => {
        // A server message about the password marks the password field.
        if (!/password/i.test(code)) return false;
        form.setFieldError('password', translate(code));
        return true;
      },
    ),
  );

  if (registered) {
    return (
      <Modal opened={opened} onClose={onClose} title={t`Confirm your e-mail address`}>
        <Stack data-testid="confirm-email">
          <Text>
            <Trans>
              We sent a link to <b>{registered}</b>. Open it to activate your account, then log in.
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>No mail? Look in your spam folder, or send it again.</Trans>
          </Text>
          <ResendConfirmation email={registered} />
          <Button variant="default" onClick={() => switchTo('Login')}>
            <Trans>Go to login</Trans>
          </Button>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t`Create account`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ShareInvitationLine />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label={t`First name`} required miw={140} autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label={t`Last name`} required miw={140} autoComplete="family-name" {...form.getInputProps('lastName')} />
          </Group>
          <DialogEmailField form={form} />
          <PasswordField label={t`Password`} required withHint autoComplete="new-password" {...form.getInputProps('password')} />
          <Text size="sm" c="dimmed">
            <Trans>
              By creating an account you accept our{' '}
              <Anchor component={Link} to="/terms-of-service" onClick={onClose} underline="always">
                terms of service
              </Anchor>
              .
            </Trans>
          </Text>
          <ErrorAlert code={failure} />
          <Button type="submit" loading={submitting} fullWidth>
            <Trans>Create account</Trans>
          </Button>
          <Button variant="subtle" onClick={() => switchTo('Login')}>
            <Trans>I already have an account</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

export function ForgotPasswordDialog({ opened, onClose }: DialogProps) {
  const { t, i18n } = useLingui();
  const translate = useTranslateKey();
  const switchTo = useSwitchDialog('ForgotPassword');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; code: string }>({ kind: 'idle' });
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: zodValidate(ZEmailInput, translate) });

  useResetWhenClosed(opened, () => setState({ kind: 'idle' }));

  const submit = form.onSubmit(async (values) => {
    setState({ kind: 'sending' });
    try {
      await authApi.forgotPassword(values.email);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', code: codeOf(error) });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t`Forgot your password?`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            <Trans>Enter the e-mail address of your account and we will send you a link to choose a new password.</Trans>
          </Text>
          <DialogEmailField form={form} />
          {state.kind === 'sent' && (
            <Alert color="teal" role="status">
              {i18n._(successMessageOf('global.success.emailSent'))}
            </Alert>
          )}
          {state.kind === 'failed' && (
            <Alert color="red" role="alert">
              {translate(state.code)}
            </Alert>
          )}
          <Button type="submit" loading={state.kind === 'sending'} fullWidth>
            <Trans>Send reset link</Trans>
          </Button>
          <Button variant="subtle" onClick={() => switchTo('Login')}>
            <Trans>Back to login</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
