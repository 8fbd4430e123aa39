import { AspectRatio, Box, Button, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TPublicConfig } from '../../../../../src/modules/site/site.schemas.js';
import { useConsent } from '../../../lib/analytics.js';
import classes from './marketing.module.css';

type Video = NonNullable<TPublicConfig['video']>;

/** The embed address that starts playing at once: the visitor has just pressed play on our poster. */
function autoplayUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.href;
}

/**
 * The video section. The video lives on a third-party host that may set
 * cookies, so nothing is requested from it before marketing consent: until then a poster of our own
 * says where the video comes from, and pressing play loads it for this one visit (a two-click embed).
 */
export function VideoSection({ video }: { video: Video }) {
  const { t } = useLingui();
  const marketing = useConsent('marketing');
  const [clicked, setClicked] = useState(false);
  const host = video.host;

  return (
    <Box component="section" aria-labelledby="video-heading" data-testid="video-section">
      <Title order={2} id="video-heading" mb={4}>
        <Trans>See it in action</Trans>
      </Title>
      <Text c="dimmed" mb="lg">
        <Trans>A walk through the studio: upload, compare styles while the track plays, and download the master.</Trans>
      </Text>
      {marketing || clicked ? (
        <AspectRatio ratio={16 / 9} maw={960} mx="auto">
          <iframe
            className={classes.frame}
            src={clicked ? autoplayUrl(video.embedUrl) : video.embedUrl}
            title={t`Video: Masterdeck in action`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="video-frame"
          />
        </AspectRatio>
      ) : (
        <div className={classes.poster} data-testid="video-poster">
          <Stack gap="sm" align="center" maw={520}>
            <Button size="lg" radius="xl" onClick={() => setClicked(true)}>
              <Trans>Play video</Trans>
            </Button>
            <Text size="sm">
              <Trans>The video is served by {host}. Playing it loads it from there, which may set cookies on your device.</Trans>
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Accept marketing cookies to show videos without this step.</Trans>
            </Text>
          </Stack>
        </div>
      )}
    </Box>
  );
}
