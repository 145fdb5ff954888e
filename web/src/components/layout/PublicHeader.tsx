import type { ReactNode } from 'react';
import { Logo } from './Logo.js';
import { ThemeToggle } from './ThemeToggle.js';

/**
 * The header of the signed-out pages: the logo, optional anchors, the theme (the choice is the
 * same one the app and Settings make) and the page's call to action.
 */
export function PublicHeader({ nav, actions }: { nav?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6">
        <Logo wordmarkFromSm />
        {nav}
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle iconOnly />
          {actions}
        </div>
      </div>
    </header>
  );
}
