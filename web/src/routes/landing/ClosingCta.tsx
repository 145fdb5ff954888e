import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button.js';
import { SOURCE_URL } from './facts.js';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="rounded-2xl border border-line bg-linear-to-br from-accent-soft to-surface px-6 py-12 text-center shadow-sm sm:px-12">
          <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-fg">
            Give your assistants a memory you own
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-fg-muted">
            Free and open source. No credit card. Set up in 2 minutes on your own machine.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/login">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href={SOURCE_URL} target="_blank" rel="noreferrer">
                Read the code
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
