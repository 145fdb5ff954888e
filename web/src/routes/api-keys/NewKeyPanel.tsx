import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CreatedApiKey } from '../../../../contract/api-keys.js';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { CopyField } from '../../components/ui/CodeBlock.js';

/** The one time a key is shown (only its hash is stored): it stays until "I've saved this key". */
export function NewKeyPanel({ created, onDismiss }: { created: CreatedApiKey; onDismiss(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus here so keyboard and screen-reader users land on the key they must save.
  useEffect(() => heading.current?.focus(), [created.id]);

  return (
    <section
      aria-labelledby="new-api-key-title"
      className="space-y-4 rounded-xl border border-line bg-warning-soft p-5 text-warning-soft-fg"
    >
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h2 id="new-api-key-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
            Your new API key: {created.name}
          </h2>
          <p className="text-sm font-medium">Save this key securely. It will not be shown again.</p>
        </div>
      </div>
      <CopyField value={created.key} copyLabel="Copy API key" className="bg-surface" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-1.5">
          {created.permissions.map((p) => (
            <Badge key={p} className="font-mono">
              {p}
            </Badge>
          ))}
        </div>
        <Button onClick={onDismiss}>I&apos;ve saved this key</Button>
      </div>
    </section>
  );
}
