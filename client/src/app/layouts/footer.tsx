import { Anchor, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { useIsLoggedIn } from '../../features/auth/auth-store.js';
import { useAppStoreApi } from '../../lib/app-store.js';
import { useBlogEnabled } from '../../features/blog/use-blog-enabled.js';
import { SOCIAL_LINKS } from '../../lib/site-links.js';
import classes from './footer.module.css';

/**
 * The footer: Home, Masters and Distribution (logged in), Support, Privacy policy, Terms of
 * service, social links, copyright with the current year; plus language, theme and cookie settings.
 */
export function Footer() {
  const { t } = useLingui();
  const loggedIn = useIsLoggedIn();
  const app = useAppStoreApi();
  const blog = useBlogEnabled();
  const year = new Date().getFullYear();
  const links = [
    { to: '/', label: t`Home` },
    ...(loggedIn ? [{ to: '/masters', label: t`Masters` }, { to: '/distribution', label: t`Distribution` }] : []),
    { to: '/info', label: t`Support` },
    ...(blog ? [{ to: '/blog', label: t`Blog` }] : []),
    { to: '/learn', label: t`Learn` },
    { to: '/about', label: t`About` },
    { to: '/privacy-policy', label: t`Privacy policy` },
    { to: '/terms-of-service', label: t`Terms of service` },
  ];
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Group gap="md" component="nav" aria-label={t`Footer`} className={classes.links}>
              {links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
              <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => app.setCookieSettingsOpen(true)}>
                <Trans>Cookie settings</Trans>
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitch />
              <ColorSchemeToggle />
            </Group>
          </Group>
          <Divider />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              <Trans>© {year} Masterdeck. All rights reserved.</Trans>
            </Text>
            {SOCIAL_LINKS.length > 0 && (
              <Group gap="sm" aria-label={t`Social media`} role="list">
                {SOCIAL_LINKS.map((social) => (
                  <Anchor key={social.href} href={social.href} size="sm" c="dimmed" target="_blank" rel="noopener noreferrer" role="listitem">
                    {social.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
