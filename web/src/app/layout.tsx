import { AppShell, Box, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { confirmAction } from '../components/confirm';
import { PRODUCT_NAME } from '../lib/config';
import { setReadsUser } from '../lib/offline-reads';
import { forgetAnswers, keepSession } from '../lib/offline-store';
import { useOutbox } from '../lib/outbox';
import { mayOpen, menuFor, paths } from '../lib/paths';
import { authStateQuery, signOut as endSession, useCurrentUser } from '../lib/session';
import { CustomerSearch } from './customer-search';
import { MainMenu, MobileMenu } from './menus';
import { NoAccessPage } from './no-access-page';
import { OfflineBar } from './offline-bar';
import { UserMenu } from './user-menu';

/** The bar's height. */
const BAR_HEIGHT = 56;

/**
 * Which visit of a screen is shown: a new one on every arrival by a link, Back or Forward, and when
 * the menu or the title opens the address already open (`revisit`), so a form opened again starts
 * empty; the same while the screen changes the address itself (its filters replace it).
 */
function useVisit() {
  const { pathname, search, key } = useLocation();
  const arrival = useNavigationType();
  const [visit, setVisit] = useState(key);
  const [revisits, setRevisits] = useState(0);
  if (arrival !== 'REPLACE' && visit !== key) setVisit(key);
  return {
    visit: `${visit} ${revisits}`,
    revisit: (to: string) => {
      if (to === `${pathname}${search}`) setRevisits((n) => n + 1);
    },
  };
}

/**
 * The shared bar (Back, title, menu groups and Sign out, customer search, user menu) over the dark background. The groups show
 * from the lg breakpoint (1200 px): below it they no longer fit beside the title; the menu button
 * opens them in a panel. A screen the user's role may not open is replaced by a plain refusal.
 */
export function Layout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [drawerOpen, drawer] = useDisclosure(false);
  const { visit, revisit } = useVisit();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const menu = menuFor(user.role);
  const current = menu.find((group) => group.match(pathname));
  // The home page (All Customers) is the office's; a collector starts at their first menu item.
  const home = mayOpen(user.role, paths.home) ? undefined : menu[0]?.links[0]?.to;

  const { waitingRows } = useOutbox();

  const leave = async () => {
    await endSession().catch(() => undefined);
    // Forget every screen's data, here and kept on the phone (docs/rules.md section 20); the
    // sign-in state then shows the sign-in screen. Saves still waiting stay the user's.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'auth' });
    setReadsUser(null);
    await Promise.all([forgetAnswers(user.username), keepSession(null)]).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey });
  };
  const signOut = () => {
    if (waitingRows > 0) confirmAction(t('offline.signOutWaiting', { count: waitingRows }), leave);
    else void leave();
  };
  const menuProps = { menu, current, signOut, onFollow: (link: { to: string }) => revisit(link.to) };

  return (
    <AppShell header={{ height: BAR_HEIGHT }} padding="md" className="app-shell">
      <AppShell.Header className="app-bar">
        {/* Tight gaps: an administrator's whole menu fits beside the title from 1200 px. */}
        <Group h="100%" px="xs" gap={8} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Button variant="subtle" color="gray.0" size="compact-sm" onClick={() => navigate(-1)}>
              {t('shell.back')}
            </Button>
            <UnstyledButton component={Link} to="/" className="app-title" onClick={() => revisit('/')}>
              {PRODUCT_NAME}
            </UnstyledButton>
          </Group>
          <MainMenu {...menuProps} />
          <Group gap={4} wrap="nowrap">
            <CustomerSearch />
            <UserMenu />
            <Burger
              hiddenFrom="lg"
              color="white"
              opened={drawerOpen}
              onClick={drawer.toggle}
              aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <MobileMenu {...menuProps} opened={drawerOpen} onClose={drawer.close} />
      <AppShell.Main>
        <OfflineBar user={user.username} />
        <Box pb="xl">
          {pathname === '/' && home ? (
            <Navigate to={home} replace />
          ) : mayOpen(user.role, pathname) ? (
            <Outlet key={visit} />
          ) : (
            <NoAccessPage />
          )}
        </Box>
        <Text ta="center" c="gray.5" size="xs">
          {PRODUCT_NAME}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
