import { Alert, Container } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from '../../../lib/cookies.js';
import { useSiteConfig } from '../../../lib/site-config.js';

export const NOTICE_COOKIE = 'notice_banner_closed';

/** The operator's notice (GET /api/config noticeBanner): shown while set, hidden for a year once closed. */
export function NoticeBanner() {
  const { t } = useLingui();
  const config = useSiteConfig();
  const [closed, setClosed] = useState(() => readCookie(NOTICE_COOKIE) === '1');
  const text = config.data?.noticeBanner;
  if (!text || closed) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        variant="light"
        color="yellow"
        withCloseButton
        closeButtonLabel={t`Close notice`}
        onClose={() => {
          writeCookie(NOTICE_COOKIE, '1', ONE_YEAR_SECONDS);
          setClosed(true);
        }}
        data-testid="notice-banner"
      >
        {text}
      </Alert>
    </Container>
  );
}
