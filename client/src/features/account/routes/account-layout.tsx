import { Button, Divider, Group, Paper, Stack, Tabs } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state.js';
import { PageHeader } from '../../../components/page-header.js';
import { trpc } from '../../../lib/trpc.js';
import { signOut } from '../../auth/index.js';
import { AddressEditor } from '../components/address-editor.js';
import { DeleteAccount } from '../components/delete-account.js';
import { ProfileForm } from '../components/profile-form.js';
import { CommentDigestSetting } from '../../comments/index.js';
import { LoadingState } from '../../../components/query-page.js';

const TABS = ['/account', '/account/payments', '/account/subscription'] as const;

/** The account area: one tab per route. */
export function AccountLayout() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab === pathname.replace(/\/$/, '')) ?? '/account';
  return (
    <>
      <PageHeader title={t`Account`} />
      <Tabs value={active} onChange={(value) => value && void navigate(value)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="/account">
            <Trans>Profile</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="/account/payments">
            <Trans>Payments</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="/account/subscription">
            <Trans>Subscription</Trans>
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="lg">
        <Outlet />
      </Paper>
    </>
  );
}

/** The profile tab: profile, invoice address, sign-out and deletion. */
export function AccountProfilePage() {
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  if (me.isPending || addresses.isPending) return <LoadingState />;
  if (!me.data) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <Stack gap="xl">
      <ProfileForm user={me.data} />
      <CommentDigestSetting />
      <Divider />
      <AddressEditor address={addresses.data?.[0]} />
      <Divider />
      <Group>
        <Button variant="default" onClick={() => void signOut()}>
          <Trans>Log out</Trans>
        </Button>
      </Group>
      <Divider />
      <DeleteAccount />
    </Stack>
  );
}
