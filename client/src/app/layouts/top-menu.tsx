import { Box, Burger, Button, Drawer, Group, NavLink, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.js';
import { signOut, useIsLoggedIn } from '../../features/auth/auth-store.js';
import { useHasDistributionSubscription } from '../../features/distribution/distribution-store.js';
import { useAppState, useAppStoreApi } from '../../lib/app-store.js';
import { useDialogs } from '../../lib/dialogs.js';
import classes from './top-menu.module.css';

interface MenuItem {
  to: string;
  label: string;
}

/**
 * The top menu (spec §2): Masters, Support and Account when logged in; Distribution only with an
 * active distribution subscription (on mobile it expands into its areas). Visitors get Prices and
 * the way to log in or register. Below `sm` everything moves into a drawer behind a burger.
 */
export function TopMenu() {
  const { t } = useLingui();
  const loggedIn = useIsLoggedIn();
  const hasDistribution = useHasDistributionSubscription();
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const mobileOpen = useAppState((state) => state.mobileNavOpen);
  const location = useLocation();

  useEffect(() => {
    app.setMobileNav(false);
  }, [location.pathname, app]);

  const items: MenuItem[] = [
    ...(loggedIn ? [{ to: '/masters', label: t`Masters` }, { to: '/masters/shared', label: t`Shared with me` }] : []),
    ...(loggedIn && hasDistribution ? [{ to: '/distribution/artists', label: t`Distribution` }] : []),
    ...(loggedIn ? [{ to: '/info', label: t`Support` }, { to: '/account', label: t`Account` }] : []),
  ];
  const distributionItems: MenuItem[] = [
    { to: '/distribution/artists', label: t`Artists` },
  ];
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
            <RouterNavLink key={item.to} to={item.to} end={item.to === '/masters'} className={classes.link}>
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
      <Drawer
        opened={mobileOpen}
        onClose={() => app.setMobileNav(false)}
        position="right"
        size="xs"
        title={t`Menu`}
        closeButtonProps={{ 'aria-label': t`Close menu` }}
      >
        <Stack gap={4}>
          {items.map((item) =>
            item.to.startsWith('/distribution') ? (
              <NavLink key={item.to} label={item.label} defaultOpened>
                {distributionItems.map((sub) => (
                  <NavLink key={sub.to} component={Link} to={sub.to} label={sub.label} />
                ))}
              </NavLink>
            ) : (
              <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={item.to === '/masters' ? location.pathname === '/masters' || location.pathname.startsWith('/masters/song') : location.pathname.startsWith(item.to)} />
            ),
          )}
          <NavLink component={Link} to={pricesLink} label={t`Prices`} />
          {loggedIn && <NavLink component="button" label={t`Log out`} onClick={() => void signOut()} />}
          {!loggedIn && (
            <Box pt="sm">
              <Stack gap="xs">
                <Button variant="default" fullWidth onClick={() => openDialog('Login')}>
                  <Trans>Log in</Trans>
                </Button>
                <Button fullWidth onClick={() => openDialog('SignUp')}>
                  <Trans>Sign up</Trans>
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </Drawer>
    </Group>
  );
}
