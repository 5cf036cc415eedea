import { MenuItem as BpMenuItem, Classes, Icon, Menu, MenuDivider, Tooltip } from '@blueprintjs/core';
import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n.ts';
import type { User } from '../../lib/store.ts';
import {
  APP_VERSION,
  isAdmin,
  MENU_GROUPS,
  type MenuItem,
  type PlanFlags,
  visibleItems,
} from './menu-items.ts';

interface Props {
  user: User;
  plan: PlanFlags | null;
  /** Collapsed shows icons only (medium screens); the overlay drawer is always expanded. */
  collapsed: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ user, plan, collapsed, onNavigate }: Props) {
  const t = useT();
  const [location, navigate] = useLocation();
  const main = visibleItems(user, plan, 'main');
  const admin = visibleItems(user, plan, 'admin');

  const item = (entry: MenuItem) => {
    const active = location === entry.path || location.startsWith(`${entry.path}/`);
    const go = () => {
      navigate(entry.path);
      onNavigate?.();
    };
    const el = (
      <BpMenuItem
        key={entry.path}
        icon={<Icon icon={entry.icon} size={18} />}
        text={collapsed ? undefined : t(entry.label)}
        labelElement={entry.badge ? <entry.badge /> : undefined}
        active={active}
        onClick={go}
        data-testid={`menu-${entry.path.slice(1)}`}
        className="side-menu-item"
      />
    );
    return collapsed ? (
      <Tooltip key={entry.path} content={t(entry.label)} placement="right">
        {el}
      </Tooltip>
    ) : (
      el
    );
  };

  // A group's entries sit under its title; a plain divider closes it before the next ungrouped entry.
  const withGroups = (entries: MenuItem[]) =>
    entries.flatMap((entry, i) => {
      const prev = entries[i - 1];
      const nodes = [];
      if (entry.group && entry.group !== prev?.group)
        nodes.push(
          <MenuDivider
            key={`group-${entry.group}`}
            title={collapsed ? undefined : t(MENU_GROUPS[entry.group])}
          />,
        );
      else if (!entry.group && prev?.group) nodes.push(<MenuDivider key={`group-end-${prev.group}`} />);
      nodes.push(item(entry));
      return nodes;
    });

  return (
    <nav className={`side-menu${collapsed ? ' is-collapsed' : ''}`} data-testid="side-menu">
      <Menu className="side-menu-list">
        {main.map(item)}
        {isAdmin(user) && admin.length > 0 && (
          <>
            {collapsed ? <MenuDivider /> : <MenuDivider title={t('menu.administration')} />}
            {withGroups(admin)}
          </>
        )}
      </Menu>
      <div className={`side-menu-version ${Classes.TEXT_MUTED}`}>
        {collapsed ? APP_VERSION : t('menu.version', { version: APP_VERSION })}
      </div>
    </nav>
  );
}
