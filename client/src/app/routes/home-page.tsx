import { Alert, Anchor, Box, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { useIsLoggedIn } from '../../features/auth/auth-store.js';
import { BlogTeasers } from '../../features/blog/components/blog-teasers.js';
import { DemoList } from '../../features/demos/components/demo-list.js';
import { StylesSection } from '../../features/catalogue/components/style-overview.js';
import { FaqList } from '../../features/faq/components/faq-list.js';
import { QuickGuide } from '../../features/info/components/quick-guide.js';
import { StudioFeatures } from '../../features/marketing/components/studio-features.js';
import { VideoSection } from '../../features/marketing/components/video-section.js';
import { PriceBox } from '../../features/pricing/components/price-box.js';
import { UploadArea } from '../../features/upload/components/upload-area.js';
import { useDialogs } from '../../lib/dialogs.js';
import { openFilePicker } from '../../lib/file-picker.js';
import { useSiteConfig } from '../../lib/site-config.js';
import classes from './home-page.module.css';

/** Home: upload, style overview, prices, marketing, a few answers. */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  const dialogs = useDialogs();
  const config = useSiteConfig().data;

  return (
    <>
      <AccountDeletedNotice />
      <Box className={classes.hero}>
        {/* On a phone the hero is tighter, so "Choose a WAV file" is on the first screen above the cookie bar. */}
        <Container size="lg" py={{ base: 24, sm: 64 }}>
          <Grid gap={{ base: 'lg', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <Title order={1} fz={{ base: 28, sm: 44 }} lh={1.1}>
                  <Trans>Master your track online, and hear it before you pay</Trans>
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
                  <Trans>
                    Upload a WAV file, choose a style and switch between your original and the master on your own music.
                  </Trans>
                </Text>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <UploadArea
                needsLogin={!loggedIn}
                onFileAccepted={() => {
                  // A guest's file is held and the Login dialog opens; the upload follows sign-in.
                  if (!loggedIn) dialogs.open('Login');
                }}
                onLoginRequest={() => dialogs.open('Login')}
              />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 40, sm: 56 }}>
        <Stack gap={56}>
          <StudioFeatures distribution={config?.features.distribution ?? false} />

          <Box component="section" aria-labelledby="guide-heading">
            <Group justify="space-between" align="baseline" mb="lg">
              <Title order={2} id="guide-heading">
                <Trans>Quick guide</Trans>
              </Title>
              <Anchor component={Link} to="/learn">
                <Trans>More about mastering here</Trans>
              </Anchor>
            </Group>
            <QuickGuide />
          </Box>

          <StylesSection />

          <DemoList />

          {config?.video && <VideoSection video={config.video} />}

          <Box component="section" aria-labelledby="pricing-heading" id="pricing">
            <Title order={2} id="pricing-heading" mb="lg">
              <Trans>Prices</Trans>
            </Title>
            <PriceBox onChooseFile={() => openFilePicker()} onSignUp={loggedIn ? undefined : () => dialogs.open('SignUp')} />
          </Box>

          <BlogTeasers />

          <Box component="section" aria-labelledby="faq-heading">
            <Group justify="space-between" align="baseline" mb="lg">
              <Title order={2} id="faq-heading">
                <Trans>Questions</Trans>
              </Title>
              <Anchor component={Link} to="/faq">
                <Trans>All questions</Trans>
              </Anchor>
            </Group>
            <FaqList limit={3} />
          </Box>
        </Stack>
      </Container>
    </>
  );
}

/** After deleting the account the browser lands here with ?account=deleted: say it is done, until closed. */
function AccountDeletedNotice() {
  const { t } = useLingui();
  const [search, setSearch] = useSearchParams();
  if (search.get('account') !== 'deleted') return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        color="teal"
        variant="light"
        role="status"
        withCloseButton
        closeButtonLabel={t`Close message`}
        onClose={() => setSearch({}, { replace: true })}
        data-testid="account-deleted"
      >
        <Trans>Your account and its data were deleted.</Trans>
      </Alert>
    </Container>
  );
}
