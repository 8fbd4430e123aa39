import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ZNewPassword } from '../../../../../src/modules/accounts/accounts.schemas.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { useTranslateKey } from '../../../lib/use-translate-key.js';
import { zodValidate } from '../../../lib/zod-form.js';
import { authApi, AuthApiError } from '../auth-api.js';
import { PasswordField } from '../components/auth-fields.js';

const ZResetForm = z.object({ password: ZNewPassword });

/** /auth/reset-password/:resetToken? — a new password from the mailed link. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const { resetToken } = useParams();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const translate = useTranslateKey();
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'done' } | { kind: 'failed'; code: string }>({ kind: 'idle' });
  const form = useForm({ mode: 'controlled', initialValues: { password: '' }, validate: zodValidate(ZResetForm, translate) });

  const openDialog = (name: 'Login' | 'ForgotPassword') => {
    void navigate('/');
    dialogs.open(name);
  };

  const submit = form.onSubmit(async (values) => {
    if (!resetToken) return;
    setState({ kind: 'saving' });
    try {
      await authApi.resetPassword(resetToken, values.password);
      setState({ kind: 'done' });
    } catch (error) {
      const code = error instanceof AuthApiError ? error.message : 'global.error.server';
      if (code === 'global.passwordRequirements') {
        form.setFieldError('password', translate(code));
        setState({ kind: 'idle' });
      } else setState({ kind: 'failed', code });
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={440} mx="auto" w="100%">
      <Stack>
        <Title order={1} size="h3">
          <Trans>Choose a new password</Trans>
        </Title>
        {!resetToken ? (
          <>
            <Text>
              <Trans>Open the link from your password-reset e-mail to choose a new password, or ask for a new link.</Trans>
            </Text>
            <Button onClick={() => openDialog('ForgotPassword')}>
              <Trans>Send me a reset link</Trans>
            </Button>
          </>
        ) : state.kind === 'done' ? (
          <>
            <Alert color="teal" role="status">
              <Trans>Your password was changed. You can log in with it now.</Trans>
            </Alert>
            <Button onClick={() => openDialog('Login')}>
              <Trans>Log in</Trans>
            </Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <PasswordField label={t`New password`} required withHint autoComplete="new-password" {...form.getInputProps('password')} />
              {state.kind === 'failed' && (
                <Alert color="red" role="alert">
                  {translate(state.code)}
                </Alert>
              )}
              {state.kind === 'failed' && state.code === 'global.error.invalidToken' && (
                <Button variant="default" onClick={() => openDialog('ForgotPassword')}>
                  <Trans>Send me a reset link</Trans>
                </Button>
              )}
              <Button type="submit" loading={state.kind === 'saving'}>
                <Trans>Save new password</Trans>
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
