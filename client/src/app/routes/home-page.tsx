import { Anchor, Box, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useIsLoggedIn } from '../../features/auth/auth-store.js';
import { BlogTeasers } from '../../features/blog/components/blog-teasers.js';
import { DemoList } from '../../features/demos/components/demo-list.js';
import { StyleOverview } from '../../features/catalogue/components/style-overview.js';
import { FaqList } from '../../features/faq/components/faq-list.js';
import { PriceBox } from '../../features/pricing/components/price-box.js';
import { UploadArea } from '../../features/upload/components/upload-area.js';
import { useDialogs } from '../../lib/dialogs.js';
import { openFilePicker } from '../../lib/file-picker.js';
import classes from './home-page.module.css';

/** Home (spec §2): upload, style overview, prices, a few answers. */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  const dialogs = useDialogs();

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 64 }}>
          <Grid gap={{ base: 'xl', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="md">
                <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.1}>
                  <Trans>Master your track online, and hear it before you pay</Trans>
                </Title>
                <Text size="lg" c="dimmed">
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
                  // Spec §4: a guest's file is held and the Login dialog opens; the upload follows sign-in.
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
          <Box component="section" aria-labelledby="styles-heading">
            <Title order={2} id="styles-heading" mb={4}>
              <Trans>Mastering styles</Trans>
            </Title>
            <Text c="dimmed" mb="lg">
              <Trans>Each style sets a loudness target, a tonal balance and the stereo width. Open a style to read what it does.</Trans>
            </Text>
            <StyleOverview headingOrder={3} />
          </Box>

          <DemoList />

          <Box component="section" aria-labelledby="pricing-heading" id="pricing">
            <Title order={2} id="pricing-heading" mb="lg">
              <Trans>Prices</Trans>
            </Title>
            <PriceBox onChooseFile={() => openFilePicker()} />
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
