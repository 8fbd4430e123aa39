import { Burger, Button, Group } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.js';
import { signOut, useIsLoggedIn } from '../../features/auth/auth-store.js';
import { useHasDistributionSubscription } from '../../features/distribution/distribution-store.js';
import { useAppState, useAppStoreApi } from '../../lib/app-store.js';
import { useDialogs } from '../../lib/dialogs.js';
import { useSiteConfig } from '../../lib/site-config.js';
import { useReadyWhenIdle } from '../../lib/when-idle.js';
import { useDistributionAreas } from './distribution-areas.js';
import type { MenuItem } from './mobile-menu.js';
import classes from './top-menu.module.css';

/** The drawer comes in its own chunk, readied once the page is idle or the burger opens it. */
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.js')).MobileMenu }));

/**
 * The top menu: Masters and Account when logged in; Support for everyone; Distribution
 * opens the areas with an active distribution subscription (on mobile it expands into them), and
 * the landing for visitors. Visitors get Prices and the way to log in or register.
 * Below `sm` everything moves into a drawer behind a burger.
 */
export function TopMenu() {
  const { t } = useLingui();
  const loggedIn = useIsLoggedIn();
  const hasDistribution = useHasDistributionSubscription();
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const mobileOpen = useAppState((state) => state.mobileNavOpen);
  const location = useLocation();
  const config = useSiteConfig();
  const drawerReady = useReadyWhenIdle(mobileOpen);

  useEffect(() => {
    app.setMobileNav(false);
  }, [location.pathname, app]);

  // Visitors find Support and Distribution's landing too. A subscriber's Distribution opens the
  // releases (and expands into its areas on the phone); anyone else, signed in or not, keeps the
  // landing in the menu, so Distribution does not vanish on signing in.
  const subscriber = loggedIn && hasDistribution;
  const distributionOn = config.data?.features.distribution ?? false;
  const items: MenuItem[] = [
    ...(loggedIn ? [{ to: '/masters', label: t`Masters` }, { to: '/masters/shared', label: t`Shared with me` }] : []),
    ...(subscriber ? [{ to: '/distribution/releases', label: t`Distribution`, expands: true }] : distributionOn ? [{ to: '/distribution', label: t`Distribution` }] : []),
    { to: '/info', label: t`Support` },
    ...(loggedIn ? [{ to: '/account', label: t`Account` }] : []),
  ];
  const distributionItems: MenuItem[] = useDistributionAreas();
  const pricesLink = { pathname: location.pathname, search: location.search, hash: 'prices' };

  const openDialog = (name: 'Login' | 'SignUp') => {
    app.setMobileNav(false);
    dialogs.open(name);
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t`Main menu`}>
      <Group gap="lg" wrap="nowrap">
        <Link to="/" className={classes.logo} aria-label={t`Masterdeck home`}>
          <Logo />
        </Link>
        <Group gap={4} visibleFrom="sm" wrap="nowrap">
          {items.map((item) => (
            <RouterNavLink key={item.to} to={item.to} end={item.to === '/masters' || item.to === '/distribution'} className={classes.link}>
              {item.label}
            </RouterNavLink>
          ))}
        </Group>
      </Group>
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Link to={pricesLink} className={classes.link}>
          <Trans>Prices</Trans>
        </Link>
        {loggedIn && (
          <Button variant="default" onClick={() => void signOut()}>
            <Trans>Log out</Trans>
          </Button>
        )}
        {!loggedIn && (
          <>
            <Button variant="default" onClick={() => openDialog('Login')}>
              <Trans>Log in</Trans>
            </Button>
            <Button onClick={() => openDialog('SignUp')}>
              <Trans>Sign up</Trans>
            </Button>
          </>
        )}
      </Group>
      <Burger
        hiddenFrom="sm"
        opened={mobileOpen}
        onClick={app.toggleMobileNav}
        aria-label={mobileOpen ? t`Close menu` : t`Open menu`}
        aria-expanded={mobileOpen}
      />
      {drawerReady && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={mobileOpen}
            onClose={() => app.setMobileNav(false)}
            items={items}
            distributionItems={distributionItems}
            pricesLink={pricesLink}
            loggedIn={loggedIn}
            onOpenDialog={openDialog}
          />
        </Suspense>
      )}
    </Group>
  );
}
