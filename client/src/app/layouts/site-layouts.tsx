import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NoticeBanner } from '../../features/notice/components/notice-banner.js';
import { Footer } from './footer.js';
import { TopMenu } from './top-menu.js';
import classes from './site-layouts.module.css';

/** Header, main and footer as landmarks; the footer sits at the bottom of short pages. */
function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <TopMenu />
      </header>
      <main className={classes.main}>
        <NoticeBanner />
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** Default layout: top menu, notice banner, padded content, footer. */
export function DefaultLayout() {
  return (
    <SiteShell>
      <Container size="lg" py="xl">
        <Outlet />
      </Container>
    </SiteShell>
  );
}

/** No-padding layout: full-width sections (home, hero pages) manage their own spacing. */
export function NoPaddingLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Auth layout: one narrow column for account flows such as password reset. */
export function AuthLayout() {
  return (
    <SiteShell>
      <Container size={480} py={48}>
        <Outlet />
      </Container>
    </SiteShell>
  );
}
