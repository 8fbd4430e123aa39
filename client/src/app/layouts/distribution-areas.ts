import { useLingui } from '@lingui/react/macro';

/** The distribution areas, in the order of the mobile menu. */
export function useDistributionAreas() {
  const { t } = useLingui();
  return [
    { to: '/distribution/releases', label: t`Releases` },
    { to: '/distribution/new-release', label: t`New release` },
    { to: '/distribution/analytics', label: t`Analytics` },
    { to: '/distribution/artists', label: t`Artists` },
    { to: '/distribution/payments', label: t`Payments` },
  ];
}
