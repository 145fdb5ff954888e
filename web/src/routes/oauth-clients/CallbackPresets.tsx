import type { ReactNode } from 'react';
import { BreakableText } from '../../components/ui/BreakableText.js';
import { cn } from '../../lib/cn.js';

/** The callback URLs Cairn keeps for a platform by itself, under a sentence saying so. */
export function CallbackPresets({
  presets,
  children,
  className,
}: {
  presets: readonly string[];
  /** The sentence above the list. */
  children: ReactNode;
  className?: string;
}) {
  if (presets.length === 0) return null;
  return (
    <div className={cn('text-sm text-fg-muted', className)}>
      <p>{children}</p>
      <ul className="mt-1 space-y-0.5 font-mono text-xs break-words">
        {presets.map((uri) => (
          <li key={uri}>
            <BreakableText text={uri} />
          </li>
        ))}
      </ul>
    </div>
  );
}
