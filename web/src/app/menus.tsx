import { Button, Drawer, Group, getDefaultZIndex, Menu, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLabel } from '../lib/config';
import type { MenuGroup, MenuLink } from '../lib/paths';

/** Toasts stay above dialogs; the menu (its dropdowns and the mobile panel) stays above toasts. */
export const TOAST_Z_INDEX = getDefaultZIndex('overlay');
const MENU_Z_INDEX = TOAST_Z_INDEX + 1;

/** A menu label (English in paths.ts) in the language shown, `{product}` as configured. */
function useMenuLabel() {
  const label = useLabel();
  const { t } = useTranslation();
  return (english: string) => label(t(`menu.${english}`, { defaultValue: english }));
}

/** A group of one link named as the group itself (Today) is that link, not a menu of one. */
const soleLink = (group: MenuGroup): MenuLink | undefined =>
  group.links.length === 1 && group.links[0]!.label === group.label ? group.links[0] : undefined;

interface MenuProps {
  menu: MenuGroup[];
  /** The group of the screen shown, highlighted. */
  current: MenuGroup | undefined;
  /** Called as a link is followed, before the router moves. */
  onFollow: (link: MenuLink) => void;
  signOut: () => void;
}

/** The bar's menu from the lg breakpoint: a button per group opening its links, then Sign out. */
export function MainMenu({ menu, current, onFollow, signOut }: MenuProps) {
  const label = useMenuLabel();
  const { t } = useTranslation();
  const look = (group: MenuGroup) =>
    ({
      size: 'compact-sm',
      // Narrower than the size's own padding, so every group, the Dashboard and the customer search
      // fit beside the title (in English, an administrator's menu from 1280 px).
      px: 4,
      variant: group === current ? 'filled' : 'subtle',
      color: group === current ? 'blue' : 'gray.0',
      'aria-current': group === current ? 'true' : undefined,
    }) as const;
  return (
    <Group gap={2} visibleFrom="lg" component="nav" aria-label="Main menu" wrap="nowrap">
      {menu.map((group) => {
        const sole = soleLink(group);
        if (sole)
          return (
            <Button key={group.label} component={Link} to={sole.to} onClick={() => onFollow(sole)} {...look(group)}>
              {label(group.label)}
            </Button>
          );
        return (
          <Menu
            key={group.label}
            trigger="click-hover"
            openDelay={60}
            closeDelay={150}
            position="bottom-start"
            zIndex={MENU_Z_INDEX}
          >
            <Menu.Target>
              <Button {...look(group)}>{label(group.label)}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {group.links.map((link) => (
                <Menu.Item key={link.to} component={Link} to={link.to} onClick={() => onFollow(link)}>
                  {label(link.label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
      <Button size="compact-sm" variant="outline" color="gray.0" ml={4} onClick={signOut}>
        {t('shell.signOut')}
      </Button>
    </Group>
  );
}

/**
 * The panel the menu button opens below the lg breakpoint: the spec's 35 percent of the screen
 * (tight paddings fit 'Consumptions' in a phone's 136 px; longer link names wrap).
 */
export function MobileMenu({
  menu,
  current,
  onFollow,
  signOut,
  opened,
  onClose,
}: MenuProps & {
  opened: boolean;
  onClose: () => void;
}) {
  const label = useMenuLabel();
  const { t } = useTranslation();
  const follow = (link: MenuLink) => {
    onFollow(link);
    onClose();
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="35%"
      zIndex={MENU_Z_INDEX}
      padding={4}
      title={t('shell.menu')}
      hiddenFrom="lg"
      position="right"
    >
      <Stack gap={2} component="nav" aria-label="Mobile menu" className="mobile-menu">
        {menu.map((group) => {
          const sole = soleLink(group);
          if (sole)
            return (
              <NavLink
                key={group.label}
                component={Link}
                to={sole.to}
                label={label(group.label)}
                active={group === current}
                onClick={() => follow(sole)}
              />
            );
          // A button, not Mantine's default link without href, so the keyboard reaches each group.
          return (
            <NavLink
              key={group.label}
              component="button"
              label={label(group.label)}
              active={group === current}
              defaultOpened={group === current}
              childrenOffset={6}
            >
              {group.links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={label(link.label)}
                  onClick={() => follow(link)}
                />
              ))}
            </NavLink>
          );
        })}
        {/* Closed first: the drawer would lie over the question asked before signing out. */}
        <NavLink
          component="button"
          label={t('shell.signOut')}
          onClick={() => {
            onClose();
            signOut();
          }}
        />
      </Stack>
    </Drawer>
  );
}
