import { Box, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { NavLink, Outlet, useLocation } from 'react-router';
import { FeedbackWidget } from '../../features/royalties/index.js';
import classes from './distribution-area.module.css';
import { useDistributionAreas } from './distribution-areas.js';

/**
 * Inside the distribution area: its areas as tabs on wide screens (the mobile menu lists them
 * under Distribution), the page, and the feedback widget below the screens that are not
 * the release wizard.
 */
export function DistributionArea() {
  const { t } = useLingui();
  const areas = useDistributionAreas();
  const { pathname } = useLocation();
  const inWizard = pathname.startsWith('/distribution/new-release');
  return (
    <>
      <Box component="nav" aria-label={t`Distribution`} className={classes.nav} visibleFrom="sm" data-testid="distribution-nav">
        <Group gap={0} wrap="nowrap">
          {areas.map((area) => (
            <NavLink key={area.to} to={area.to} className={classes.link}>
              {area.label}
            </NavLink>
          ))}
        </Group>
      </Box>
      <Outlet />
      {!inWizard && <FeedbackWidget />}
    </>
  );
}
