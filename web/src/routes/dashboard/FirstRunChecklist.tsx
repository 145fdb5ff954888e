import { CheckCircle2, Circle, X } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import type { FirstRunStep } from '../../lib/first-run.js';
import { cn } from '../../lib/cn.js';

const STEP_TEXT: Record<FirstRunStep['id'], { title: string; text: string; to: string; action: string }> = {
  credential: {
    title: 'Create an API key',
    text: 'Claude Code, Cursor and scripts sign in with one. (claude.ai and ChatGPT use OAuth and register themselves.)',
    to: '/app/settings/api-keys',
    action: 'Create a key',
  },
  assistant: {
    title: 'Connect an assistant',
    text: 'Paste the snippet for your assistant; this ticks itself off when it first reaches Cairn.',
    to: '/app/mcp-setup',
    action: 'Open MCP Setup',
  },
  memory: {
    title: 'Your first memory arrives',
    text: 'Ask your assistant to remember something, or add one yourself.',
    to: '/app/traces?create=true',
    action: 'Add a memory',
  },
};

/** A new owner's three first steps, in place of an empty chart; each ticks itself off. */
export function FirstRunChecklist({ steps, onHide }: { steps: readonly FirstRunStep[]; onHide(): void }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Card className="flex flex-col" role="region" aria-labelledby="first-run-title">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle id="first-run-title">Get started</CardTitle>
          <CardDescription>
            {done} of {steps.length} done: connect an assistant and your memories follow you.
          </CardDescription>
        </div>
        <button
          type="button"
          onClick={onHide}
          aria-label="Hide the checklist"
          title="Hide the checklist"
          className="-mt-1 -mr-1 rounded-md p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {steps.map((step) => {
            const t = STEP_TEXT[step.id];
            const Icon = step.done ? CheckCircle2 : Circle;
            return (
              <li key={step.id} className="flex gap-3">
                <Icon
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    step.done ? 'text-success-soft-fg' : 'text-fg-subtle',
                  )}
                  aria-hidden="true"
                />
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-fg">
                    <span className={cn(step.done && 'text-fg-muted line-through')}>{t.title}</span>
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        step.done ? 'bg-success-soft text-success-soft-fg' : 'bg-surface-muted text-fg-muted',
                      )}
                    >
                      {step.done ? 'Done' : 'To do'}
                    </span>
                  </p>
                  {!step.done && (
                    <>
                      <p className="text-sm text-fg-muted">{t.text}</p>
                      <Link to={t.to} className="text-sm font-medium text-accent hover:underline">
                        {t.action}
                      </Link>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
