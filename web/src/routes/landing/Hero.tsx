import { ArrowRight, CodeXml } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { SOURCE_URL } from './facts.js';

export function Hero() {
  return (
    <section className="relative overflow-hidden border-b border-line bg-linear-to-b from-accent-soft to-canvas">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg-muted">
            Self-hosted · Open source · Free
          </p>
          <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
            Your memories, for every AI assistant
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-fg-muted">
            Cairn keeps what your assistants should remember — preferences, projects, facts — on your own
            server, and gives it to Claude, ChatGPT, Cursor and Claude Code through MCP. Store it once, recall
            it everywhere.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/login">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href={SOURCE_URL} target="_blank" rel="noreferrer">
                <CodeXml aria-hidden="true" />
                View the source
              </a>
            </Button>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-1 text-sm text-fg-muted">
            <li>Free, no credit card</li>
            <li>Set up in 2 minutes</li>
            <li>Runs offline</li>
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A picture of the product in use, drawn with the app's own components (decorative). */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg select-none">
      <div className="rounded-xl border border-line bg-surface shadow-lg">
        <div className="flex items-center gap-1.5 border-b border-line px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-line-strong" />
          <span className="size-2.5 rounded-full bg-line-strong" />
          <span className="size-2.5 rounded-full bg-line-strong" />
          <span className="ml-2 font-mono text-xs text-fg-muted">terminal</span>
        </div>
        <pre className="overflow-hidden p-4 font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap text-fg-muted">
          <span className="text-fg">$ npm install &amp;&amp; npm start</span>
          {'\n'} Cairn is running at http://127.0.0.1:3000{'\n'}
          <span className="text-fg">$ claude mcp add --transport http cairn …/mcp</span>
          {'\n'} Added HTTP MCP server cairn
        </pre>
      </div>
      <div className="relative -mt-4 ml-6 rounded-xl border border-line bg-surface-raised p-4 shadow-xl sm:ml-16">
        <p className="text-xs text-fg-muted">search · “how do I like code reviews?”</p>
        <div className="mt-3 rounded-lg border border-line p-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-fg">Code review preferences</p>
            <span className="size-2 rounded-full bg-danger" />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-fg-muted">
            Small PRs, comments on the why, tests beside the code. No nitpicks a linter can catch.
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone="violet">preference</Badge>
            <Badge>code-review</Badge>
            <Badge>work</Badge>
          </div>
        </div>
      </div>
    </div>
  );
}
