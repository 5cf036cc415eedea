import {
  Alignment,
  Button,
  Menu,
  MenuItem,
  Navbar,
  PopoverNext,
  Slider,
  Text,
  Tooltip,
} from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { LanguageMenu } from '../../components/ui/language-menu.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { AnnouncementsBell } from '../../features/announcements/components/announcements-bell.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSetUserLanguage } from '../../features/auth/api/set-language.ts';
import { ChatBell } from '../../features/chats/components/chat-bell.tsx';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { refreshKeyAtom, themeAtom, type User, useAtom, useSetAtom, volumeAtom } from '../../lib/store.ts';
import { ProfileDialog } from './profile-dialog.tsx';

interface Props {
  user: User;
  compact: boolean;
  onToggleMenu: () => void;
}

/** Names longer than 10 characters are cut on small screens (section 2, App shell). */
const shortName = (name: string, compact: boolean) =>
  compact && name.length > 10 ? `${name.slice(0, 10)}…` : name;

export function TopBar({ user, compact, onToggleMenu }: Props) {
  const t = useT();
  const [theme, setTheme] = useAtom(themeAtom);
  const [volume, setVolume] = useAtom(volumeAtom);
  const bumpRefresh = useSetAtom(refreshKeyAtom);
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = useLogout();
  const setUserLanguage = useSetUserLanguage();
  const dueDate = user.company?.dueDate;

  return (
    <Navbar className="top-bar" fixedToTop={false}>
      <Navbar.Group align={Alignment.START}>
        <Button
          variant="minimal"
          icon="menu"
          aria-label={t('shell.toggleMenu')}
          onClick={onToggleMenu}
          data-testid="menu-toggle"
        />
        <Navbar.Divider />
        <Logo size={26} />
        <div className="top-bar-greeting">
          <Text ellipsize data-testid="greeting">
            {t('shell.greeting', { name: shortName(user.name, compact) })}
          </Text>
          <span className="top-bar-company">
            {user.company?.name}
            {user.profile === 'admin' && dueDate && (
              <>
                {' · '}
                <Link href="/subscription" className="top-bar-due-date" data-testid="top-bar-due-date">
                  {t('shell.activeUntil', { date: formatDate(dueDate) })}
                </Link>
              </>
            )}
          </span>
        </div>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <Tooltip content={t('shell.refresh')}>
          <Button
            variant="minimal"
            icon="refresh"
            aria-label={t('shell.refresh')}
            onClick={() => bumpRefresh((n) => n + 1)}
            data-testid="refresh"
          />
        </Tooltip>
        <NotificationsBell user={user} />
        <AnnouncementsBell userId={user.id} />
        <ChatBell />
        <PopoverNext
          placement="bottom"
          content={
            <div className="volume-popover">
              <Slider
                min={0}
                max={1}
                stepSize={0.1}
                labelStepSize={0.5}
                value={volume}
                onChange={(v) => setVolume(Math.round(v * 10) / 10)}
              />
            </div>
          }
        >
          <Button
            variant="minimal"
            icon={volume === 0 ? 'volume-off' : 'volume-up'}
            aria-label={t('shell.volume')}
            data-testid="volume"
          />
        </PopoverNext>
        <Tooltip content={theme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}>
          <Button
            variant="minimal"
            icon={theme === 'dark' ? 'flash' : 'moon'}
            aria-label={theme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            data-testid="theme-toggle"
          />
        </Tooltip>
        {!compact && <LanguageMenu onChange={setUserLanguage} />}
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem
                icon="user"
                text={t('shell.profile')}
                onClick={() => setProfileOpen(true)}
                data-testid="menu-profile"
              />
              <MenuItem
                icon="log-out"
                text={t('shell.logout')}
                intent="danger"
                onClick={() => void logout()}
                data-testid="logout"
              />
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="user"
            endIcon="caret-down"
            aria-label={t('shell.profile')}
            data-testid="profile-menu"
          />
        </PopoverNext>
      </Navbar.Group>
      <ProfileDialog user={user} isOpen={profileOpen} onClose={() => setProfileOpen(false)} />
    </Navbar>
  );
}
