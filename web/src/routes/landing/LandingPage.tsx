import { Link } from 'react-router';
import { PublicHeader } from '../../components/layout/PublicHeader.js';
import { Button } from '../../components/ui/Button.js';
import { ClosingCta } from './ClosingCta.js';
import { ComparisonSection } from './ComparisonSection.js';
import { FeaturesSection } from './FeaturesSection.js';
import { Hero } from './Hero.js';
import { IntegrationsSection } from './IntegrationsSection.js';
import { LandingFooter, SECTION_LINKS } from './LandingFooter.js';
import { SecuritySection } from './SecuritySection.js';
import { usePageTitle } from '../../lib/page-title.js';

/** `/`: what Cairn is, why to trust it, and the way in. */
export function LandingPage() {
  usePageTitle('Your AI memory hub');
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader
        nav={
          <nav aria-label="Sections" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {SECTION_LINKS.map((l) => (
                <li key={l.href}>
                  <a
                    href={l.href}
                    className="rounded-md px-3 py-2 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg"
                  >
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        }
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to="/login">Sign In</Link>
            </Button>
            {/* Registration is usually closed; /login also holds the owner set-up of a fresh install. */}
            <Button asChild>
              <Link to="/login">Get Started</Link>
            </Button>
          </>
        }
      />
      <main className="flex-1">
        <Hero />
        <FeaturesSection />
        <IntegrationsSection />
        <ComparisonSection />
        <SecuritySection />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
