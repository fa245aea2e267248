import {
  AppShell,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  getDefaultZIndex,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api';
import { useLabel } from '../lib/config';
import { menu } from '../lib/paths';
import { authStateQuery } from './auth-gate';

export const PRODUCT_NAME = 'DairyDesk';
/** The bar's height: toasts open just below it. */
export const BAR_HEIGHT = 56;
/** Toasts stay above dialogs; the menu (its dropdowns and the mobile panel) stays above toasts. */
export const TOAST_Z_INDEX = getDefaultZIndex('overlay');
const MENU_Z_INDEX = TOAST_Z_INDEX + 1;

/**
 * The shared bar (Back, title, menu groups, Sign out) over the dark background. The groups show
 * from the lg breakpoint (1200 px): below it they no longer fit beside the title; the menu button
 * opens them in a panel.
 */
export function Layout() {
  const label = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [drawerOpen, drawer] = useDisclosure(false);
  const current = menu.find((group) => group.match(pathname));

  const signOut = async () => {
    await api.post('/auth/logout').catch(() => undefined);
    // Forget every screen's data; the sign-in state then shows the sign-in screen.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'auth' });
    await queryClient.invalidateQueries({ queryKey: authStateQuery.queryKey });
  };

  return (
    <AppShell header={{ height: BAR_HEIGHT }} padding="md" className="app-shell">
      <AppShell.Header className="app-bar">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Button variant="subtle" color="gray.0" size="compact-sm" onClick={() => navigate(-1)}>
              Back
            </Button>
            <UnstyledButton component={Link} to="/" className="app-title">
              {PRODUCT_NAME}
            </UnstyledButton>
          </Group>
          <Group gap={2} visibleFrom="lg" component="nav" aria-label="Main menu" wrap="nowrap">
            {menu.map((group) => (
              <Menu
                key={group.label}
                trigger="click-hover"
                openDelay={60}
                closeDelay={150}
                position="bottom-start"
                zIndex={MENU_Z_INDEX}
              >
                <Menu.Target>
                  <Button
                    size="compact-sm"
                    variant={group === current ? 'filled' : 'subtle'}
                    color={group === current ? 'blue' : 'gray.0'}
                    aria-current={group === current ? 'true' : undefined}
                  >
                    {label(group.label)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {group.links.map((link) => (
                    <Menu.Item key={link.to} component={Link} to={link.to}>
                      {label(link.label)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ))}
            <Button size="compact-sm" variant="outline" color="gray.0" ml="sm" onClick={signOut}>
              Sign out
            </Button>
          </Group>
          <Burger
            hiddenFrom="lg"
            color="white"
            opened={drawerOpen}
            onClick={drawer.toggle}
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </AppShell.Header>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        // The spec's 35 percent, but never so narrow that a group name is cut (a phone's 35% is ~136 px).
        size="clamp(12rem, 35%, 100%)"
        zIndex={MENU_Z_INDEX}
        padding="xs"
        title="Menu"
        hiddenFrom="lg"
        position="right"
      >
        <Stack gap={4} component="nav" aria-label="Mobile menu" className="mobile-menu">
          {menu.map((group) => (
            // A button, not Mantine's default link without href, so the keyboard reaches each group.
            <NavLink
              key={group.label}
              component="button"
              label={label(group.label)}
              active={group === current}
              defaultOpened={group === current}
              childrenOffset="xs"
            >
              {group.links.map((link) => (
                <NavLink key={link.to} component={Link} to={link.to} label={label(link.label)} onClick={drawer.close} />
              ))}
            </NavLink>
          ))}
          <NavLink component="button" label="Sign out" onClick={signOut} />
        </Stack>
      </Drawer>
      <AppShell.Main>
        <Box pb="xl">
          <Outlet />
        </Box>
        <Text ta="center" c="gray.5" size="xs">
          {PRODUCT_NAME}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
