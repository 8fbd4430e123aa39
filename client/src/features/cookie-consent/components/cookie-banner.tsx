import { Anchor, Button, Collapse, Group, Paper, Stack, Switch, Text, Title, useMatches } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { applyConsent, type Consent } from '../../../lib/analytics.js';
import { useAppState, useAppStoreApi } from '../../../lib/app-store.js';
import { readConsent, writeConsent } from '../consent-cookie.js';
import classes from './cookie-banner.module.css';

const NONE: Consent = { necessary: true, analytics: false, tracking: false, marketing: false };
const ALL: Consent = { necessary: true, analytics: true, tracking: true, marketing: true };

/**
 * Cookie consent: analytics, tracking and marketing stay off until chosen; necessary
 * cookies are always on. The choice can be changed later from the footer.
 */
export function CookieBanner() {
  const { t } = useLingui();
  const app = useAppStoreApi();
  const settingsOpen = useAppState((state) => state.cookieSettingsOpen);
  const [stored, setStored] = useState<Consent | null>(() => readConsent());
  const [choice, setChoice] = useState<Consent>(() => stored ?? NONE);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // On a phone the banner is a compact bar, so it never covers the home page's "Choose a
  // WAV file" (client/e2e/visitor-journeys.e2e.test.ts holds it at 375 × 667).
  const phone = useMatches({ base: true, sm: false });

  useEffect(() => {
    if (stored) applyConsent(stored);
  }, [stored]);

  if (stored && !settingsOpen) return null;

  const decide = (consent: Consent) => {
    writeConsent(consent);
    setStored(consent);
    setChoice(consent);
    setDetailsOpen(false);
    app.setCookieSettingsOpen(false);
  };

  const category = (key: keyof Consent, label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={choice[key]}
      disabled={key === 'necessary'}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setChoice((current) => ({ ...current, [key]: checked }));
      }}
    />
  );

  return (
    <Paper className={classes.banner} shadow="xl" withBorder p={phone ? 'sm' : 'md'} radius="md" role="region" aria-label={t`Cookie consent`}>
      <Stack gap={phone ? 8 : 'sm'}>
        {!phone && (
          <Title order={2} fz="md">
            <Trans>Cookies</Trans>
          </Title>
        )}
        {phone && !(detailsOpen || settingsOpen) ? (
          <Text size="sm">
            <Trans>We use necessary cookies. Others only if you agree.</Trans>{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setDetailsOpen(true)} className={classes.inlineLink}>
              <Trans>Choose</Trans>
            </Anchor>
          </Text>
        ) : (
          <Text size="sm">
            <Trans>
              We use necessary cookies to run the site. With your consent we would also use cookies for analytics, tracking and
              marketing. Nothing of that is loaded before you agree.
            </Trans>
          </Text>
        )}
        <Collapse expanded={detailsOpen || settingsOpen}>
          <Stack gap="xs" py="xs">
            {category('necessary', t`Necessary`, t`Language, this choice and sign-in. Always on.`)}
            {category('analytics', t`Analytics`, t`Anonymous usage statistics that help us improve the service.`)}
            {category('tracking', t`Tracking`, t`Measuring which campaigns brought you here.`)}
            {category('marketing', t`Marketing`, t`Personalised offers on other sites.`)}
          </Stack>
        </Collapse>
        <Group gap="xs" justify="flex-end" grow={phone} wrap={phone ? 'nowrap' : 'wrap'}>
          {detailsOpen || settingsOpen ? (
            <Button variant="default" size={phone ? 'compact-sm' : 'sm'} onClick={() => decide(choice)}>
              <Trans>Save my choice</Trans>
            </Button>
          ) : (
            !phone && (
              <Button variant="default" onClick={() => setDetailsOpen(true)}>
                <Trans>Choose</Trans>
              </Button>
            )
          )}
          <Button variant="default" size={phone ? 'compact-sm' : 'sm'} onClick={() => decide(NONE)}>
            <Trans>Necessary only</Trans>
          </Button>
          <Button size={phone ? 'compact-sm' : 'sm'} onClick={() => decide(ALL)}>
            <Trans>Accept all</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
