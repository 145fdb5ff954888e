import { useState } from 'react';
import { LogoMark } from '../../components/layout/Logo.js';
import { CONTACT_URL, LICENSE_NAME, SOURCE_URL } from './facts.js';
import { AboutDialog, PrivacyDialog } from './InfoDialogs.js';

export const SECTION_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#integrations', label: 'Integrations' },
  { href: '#security', label: 'Security' },
] as const;

const FOOTER_PRODUCT = [...SECTION_LINKS, { href: '#comparison', label: 'Comparison' }] as const;

const linkClass = 'rounded text-sm text-fg-muted hover:text-fg hover:underline underline-offset-2';

export function LandingFooter() {
  const [open, setOpen] = useState<'about' | 'privacy' | null>(null);
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="max-w-xs space-y-3">
          <div className="flex items-center gap-2.5 font-semibold text-fg">
            <LogoMark />
            <span className="text-lg tracking-tight">Cairn</span>
          </div>
          <p className="text-sm text-fg-muted">A self-hosted memory hub for your AI assistants.</p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-fg">Product</h2>
          <ul className="mt-3 space-y-2">
            {FOOTER_PRODUCT.map((l) => (
              <li key={l.href}>
                <a href={l.href} className={linkClass}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Project">
          <h2 className="text-sm font-semibold text-fg">Project</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={SOURCE_URL} target="_blank" rel="noreferrer" className={linkClass}>
                Source code
              </a>
            </li>
            <li>
              <a href={CONTACT_URL} target="_blank" rel="noreferrer" className={linkClass}>
                Contact
              </a>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => setOpen('about')}>
                About
              </button>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => setOpen('privacy')}>
                Terms &amp; Privacy
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-fg-muted sm:px-6">
          © {year} Cairn contributors · {LICENSE_NAME} licence
        </p>
      </div>
      <AboutDialog open={open === 'about'} onOpenChange={(o) => setOpen(o ? 'about' : null)} />
      <PrivacyDialog open={open === 'privacy'} onOpenChange={(o) => setOpen(o ? 'privacy' : null)} />
    </footer>
  );
}
