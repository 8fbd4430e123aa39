import { Anchor, Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useIsLoggedIn } from '../../features/auth/auth-store.js';
import { StyleOverview } from '../../features/catalogue/components/style-overview.js';
import { UploadArea } from '../../features/upload/components/upload-area.js';
import { useDialogs } from '../../lib/dialogs.js';
import { NotFoundPage } from './not-found-page.js';
import classes from './home-page.module.css';

/**
 * Routing failed: a hero, the style groups, an upload button for a new master and a link
 * home, so the visitor can carry on.
 */
export function ErrorPage() {
  const error = useRouteError();
  const loggedIn = useIsLoggedIn();
  const dialogs = useDialogs();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <>
      <Box className={classes.hero}>
        <Container size="md" py={48}>
          <Stack gap="sm" ta="center" align="center">
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              <Trans>Something went wrong on this page</Trans>
            </Title>
            <Text c="dimmed" maw={560}>
              <Trans>We could not show what you asked for. You can start a new master or go back to the home page.</Trans>
            </Text>
            <Anchor component={Link} to="/">
              <Trans>Back to the home page</Trans>
            </Anchor>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <UploadArea
            compact
            needsLogin={!loggedIn}
            onFileAccepted={() => {
              if (!loggedIn) dialogs.open('Login');
            }}
            onLoginRequest={() => dialogs.open('Login')}
          />
          <StyleOverview />
        </Stack>
      </Container>
    </>
  );
}

/** When the error page itself fails: only a message and a way home. */
export function RootErrorFallback() {
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1} fz={26}>
          <Trans>Something went wrong</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>An error also occurred while showing the error page.</Trans>
        </Text>
        <Button component="a" href="/">
          <Trans>Go to the home page</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
