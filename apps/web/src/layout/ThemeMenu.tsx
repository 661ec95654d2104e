import { setThemeChoice, THEME_CHOICES, useTheme, type Theme, type ThemeChoice } from '../lib/theme';
import { MoreMenu } from '../components/menu/MoreMenu';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A sun in the light theme, a moon in the dark one. */
function ThemeIcon({ theme }: { theme: Theme }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      {theme === 'dark' ? (
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
      ) : (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2.5v2M12 19.5v2M4.5 12h-2M21.5 12h-2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
        </>
      )}
    </svg>
  );
}

/** The header menu's Theme choice (issue 19): System (the default), Light or Dark, remembered in this browser. */
export function ThemeMenu() {
  const { choice, theme } = useTheme();
  return (
    <MoreMenu
      label="Theme"
      className="theme-menu"
      button={{
        className: 'site-header__link-button theme-menu__button',
        content: (
          <>
            <ThemeIcon theme={theme} />
            <span>Theme</span>
          </>
        ),
      }}
      items={THEME_CHOICES.map((value) => ({ label: LABELS[value], checked: value === choice, onSelect: () => setThemeChoice(value) }))}
    />
  );
}
