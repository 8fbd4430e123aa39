import { Box, Button, Drawer, NavLink, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, type To } from 'react-router';
import { signOut } from '../../features/auth/auth-store.js';
import { useOpenedAfterMount } from '../../lib/deferred-open.js';

export interface MenuItem {
  to: string;
  label: string;
  /** On the phone, opens into the distribution areas. */
  expands?: boolean;
}

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  items: MenuItem[];
  distributionItems: MenuItem[];
  pricesLink: To;
  loggedIn: boolean;
  onOpenDialog: (name: 'Login' | 'SignUp') => void;
}

/** The top menu below `sm`: a drawer behind the burger, Distribution expanded into its areas. */
export function MobileMenu({ opened, onClose, items, distributionItems, pricesLink, loggedIn, onOpenDialog }: MobileMenuProps) {
  const { t } = useLingui();
  const location = useLocation();
  const shown = useOpenedAfterMount(opened);
  return (
    <Drawer
      opened={shown}
      onClose={onClose}
      position="right"
      size="xs"
      title={t`Menu`}
      closeButtonProps={{ 'aria-label': t`Close menu` }}
    >
      <Stack gap={4}>
        {items.map((item) =>
          item.expands ? (
            <NavLink key={item.to} label={item.label} defaultOpened>
              {distributionItems.map((sub) => (
                <NavLink key={sub.to} component={Link} to={sub.to} label={sub.label} />
              ))}
            </NavLink>
          ) : (
            <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={item.to === '/masters' ? location.pathname === '/masters' || location.pathname.startsWith('/masters/song') : location.pathname.startsWith(item.to)} />
          ),
        )}
        {/* The prices open as a dialog on the same page: the drawer closes first, not over it. */}
        <NavLink component={Link} to={pricesLink} label={t`Prices`} onClick={onClose} />
        {loggedIn && <NavLink component="button" label={t`Log out`} onClick={() => void signOut()} />}
        {!loggedIn && (
          <Box pt="sm">
            <Stack gap="xs">
              <Button variant="default" fullWidth onClick={() => onOpenDialog('Login')}>
                <Trans>Log in</Trans>
              </Button>
              <Button fullWidth onClick={() => onOpenDialog('SignUp')}>
                <Trans>Sign up</Trans>
              </Button>
            </Stack>
          </Box>
        )}
      </Stack>
    </Drawer>
  );
}
