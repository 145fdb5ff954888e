import type { ReactNode } from 'react';
import { Logo } from './Logo.js';

/** The header of the signed-out pages: the logo, optional anchors, and the page's call to action. */
export function PublicHeader({ nav, actions }: { nav?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {nav}
        <div className="flex items-center gap-2">{actions}</div>
      </div>
    </header>
  );
}
