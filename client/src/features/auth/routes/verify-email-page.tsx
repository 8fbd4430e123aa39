import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ZReturnPath, type TVerifyEmailAnswer } from '../../../../../src/modules/accounts/accounts.schemas.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { errorMessageOf } from '../../../lib/error-messages.js';
import { authApi, AuthApiError } from '../auth-api.js';
import { useIsLoggedIn } from '../auth-store.js';
import { freePluginOfferClosed } from '../../pricing/index.js';

/**
 * A link works once, and React may mount a page twice (StrictMode, a quick back and forth): every
 * mount of the same token shares the one request.
 */
const attempts = new Map<string, Promise<TVerifyEmailAnswer>>();
function verifyOnce(token: string) {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = authApi.verifyEmail(token);
    attempts.set(token, attempt);
  }
  return attempt;
}

/**
 * /auth/verify-email/:verifyToken[?next=/path] — the confirmation link of the sign-up and
 * e-mail-change mails. `next` (a page of this site, say a shared master) is where the new user goes
 * after logging in; it comes in the link, so it works in another tab or browser too.
 */
export function VerifyEmailPage() {
  const { i18n } = useLingui();
  const { verifyToken } = useParams();
  const [search] = useSearchParams();
  const parsedNext = ZReturnPath.safeParse(search.get('next'));
  const next = parsedNext.success ? parsedNext.data : null;
  const app = useAppStoreApi();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<{ kind: 'checking' } | { kind: 'done'; answer: TVerifyEmailAnswer } | { kind: 'failed'; code: string }>(() =>
    verifyToken ? { kind: 'checking' } : { kind: 'failed', code: 'global.error.invalidToken' },
  );

  useEffect(() => {
    if (!verifyToken) return;
    let live = true;
    verifyOnce(verifyToken).then(
      (answer) => {
        if (!live) return;
        setState({ kind: 'done', answer });
        // A new account is complete: the free-plugin promotion offers its code once, unless
        // the user came for a page of their own (a shared master): that comes first.
        if (answer.result === 'confirmed' && !next && !freePluginOfferClosed()) dialogs.open('FreePlugin');
      },
      (error: unknown) => live && setState({ kind: 'failed', code: error instanceof AuthApiError ? error.message : 'global.error.server' }),
    );
    return () => {
      live = false;
    };
  }, [verifyToken, dialogs, next]);

  const openLogin = () => {
    app.setRedirectAfterLogin(next);
    void navigate('/');
    dialogs.open('Login');
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={440} mx="auto" w="100%">
      <Stack>
        <Title order={1} size="h3">
          <Trans>E-mail confirmation</Trans>
        </Title>
        {state.kind === 'checking' && (
          <Stack align="center">
            <Loader />
            <Text>
              <Trans>Confirming your e-mail address…</Trans>
            </Text>
          </Stack>
        )}
        {state.kind === 'done' && (
          <>
            <Alert color="teal" role="status">
              {state.answer.result === 'confirmed' ? (
                <Trans>Your e-mail address is confirmed. Welcome to Masterdeck!</Trans>
              ) : (
                <Trans>Your new e-mail address {state.answer.email} is confirmed.</Trans>
              )}
            </Alert>
            {loggedIn && next ? (
              <Button onClick={() => void navigate(next)}>
                <Trans>Continue</Trans>
              </Button>
            ) : loggedIn ? (
              <Button onClick={() => void navigate('/account')}>
                <Trans>Go to your account</Trans>
              </Button>
            ) : (
              <Button onClick={openLogin}>
                <Trans>Log in</Trans>
              </Button>
            )}
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <Alert color="red" role="alert">
              {i18n._(errorMessageOf(state.code))}
            </Alert>
            <Button variant="default" onClick={openLogin}>
              <Trans>Log in</Trans>
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
