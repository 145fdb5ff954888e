import { useCallback, useSyncExternalStore } from 'react';

/** What the person chose; "system" follows the operating system's setting, live. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

/** Also read by web/public/theme-init.js before the app loads. */
export const THEME_KEY = 'cairn:theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The order the shell's toggle steps through. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length] ?? 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

export function parseThemeChoice(raw: string | null): ThemeChoice {
  return CHOICES.find((c) => c === raw) ?? 'system';
}

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

const listeners = new Set<() => void>();
let current: ThemeChoice = typeof window === 'undefined' ? 'system' : readChoice();

/** Sets <html data-theme>, which styles.css keys the dark palette on. */
function apply(): void {
  const theme = resolveTheme(current, matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // "System" follows a change of the OS setting without a reload; another tab's choice follows too.
  matchMedia(DARK_QUERY).addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY) return;
    current = parseThemeChoice(e.newValue);
    apply();
  });
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice, the theme it resolves to now, and a setter that persists it. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; setChoice(choice: ThemeChoice): void } {
  const choice = useSyncExternalStore(subscribe, () => current);
  const theme = useSyncExternalStore(subscribe, () => resolveTheme(current, matchMedia(DARK_QUERY).matches));
  const setChoice = useCallback((next: ThemeChoice) => {
    current = next;
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // not persisted; still applies to this page
    }
    apply();
  }, []);
  return { choice, theme, setChoice };
}
