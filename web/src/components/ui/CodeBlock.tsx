import { cn } from '../../lib/cn.js';
import { BreakableText } from './BreakableText.js';
import { CopyButton } from './CopyButton.js';

type CodeBlockProps = {
  code: string;
  /** Accessible name of the copy button and of the scrollable block: "Copy Cursor configuration". */
  copyLabel: string;
  /** A caption above the code, e.g. the file name (`~/.cursor/mcp.json`). */
  caption?: string;
  className?: string;
};

/**
 * A preformatted snippet with a copy button. Long lines wrap, after a URL's separators rather
 * than mid-word, and keep their indentation: a line scrolling sideways inside the box ran under
 * its edge on a phone with no sign that there was more (keyboard-focusable, as axe asks of a box
 * that may still scroll).
 */
export function CodeBlock({ code, copyLabel, caption, className }: CodeBlockProps) {
  const pre = (
    <pre
      tabIndex={0}
      aria-label={caption ?? copyLabel.replace(/^Copy /, '')}
      className={cn(
        'overflow-x-auto p-3 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words text-fg [scrollbar-width:thin]',
        !caption && 'pr-12',
      )}
    >
      <code>
        <BreakableText text={code} />
      </code>
    </pre>
  );
  if (!caption) {
    return (
      <div className={cn('relative rounded-lg border border-line bg-surface-muted', className)}>
        {pre}
        <div className="absolute top-1 right-1">
          <CopyButton text={code} label={copyLabel} variant="ghost" />
        </div>
      </div>
    );
  }
  return (
    <figure className={cn('overflow-hidden rounded-lg border border-line bg-surface-muted', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-line py-1 pr-1 pl-3">
        <figcaption className="truncate font-mono text-xs text-fg-muted">{caption}</figcaption>
        <CopyButton text={code} label={copyLabel} variant="ghost" />
      </div>
      {pre}
    </figure>
  );
}

/** One value on a line (a URL, a client id) with its copy button. */
export function CopyField({
  value,
  copyLabel,
  className,
}: {
  value: string;
  copyLabel: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-lg border border-line bg-surface-muted py-1 pr-1 pl-3',
        className,
      )}
    >
      <code className="min-w-0 flex-1 font-mono text-[13px] break-words text-fg">
        <BreakableText text={value} />
      </code>
      <CopyButton text={value} label={copyLabel} variant="ghost" />
    </div>
  );
}
