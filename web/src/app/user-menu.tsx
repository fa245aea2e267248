import { type AuthState, type Language, languageBody, languages } from '@dairy/contract';
import { Button, getDefaultZIndex, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notify';
import { call } from '../lib/api';
import { applyLanguage, currentLanguage, LANGUAGE_NAMES } from '../lib/i18n';
import { authStateQuery, useCurrentUser } from '../lib/session';

/**
 * The bar's user menu: who is signed in, and the language of their screens (docs/rules.md section
 * 21), kept on the user so every browser they sign in on opens in it.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const shown = currentLanguage();

  const choose = async (language: Language) => {
    if (language === shown) return;
    try {
      await call.put('/auth/language', languageBody, { language });
      await applyLanguage(language);
      queryClient.setQueryData<AuthState>(authStateQuery.queryKey, (state) =>
        state?.user ? { ...state, user: { ...state.user, language } } : state,
      );
    } catch (error) {
      notify.failure(error, t('shell.languageFailed'));
    }
  };

  return (
    <Menu position="bottom-end" zIndex={getDefaultZIndex('overlay') + 1}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray.0"
          maw={140}
          aria-label={t('shell.userMenu')}
          title={user.username}
        >
          {/* Beside an administrator's whole menu there is room for the name's first letter only (global.css). */}
          <span className="user-name">{user.username}</span>
          <span className="user-initial" aria-hidden>
            {user.username.slice(0, 1).toUpperCase()}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.language')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void choose(language)}
            fw={language === shown ? 700 : undefined}
            leftSection={language === shown ? '✓' : ' '}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
