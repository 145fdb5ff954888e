import { Fragment } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A shell command in running text. It wraps between its words only: a break inside one
 * ("reset-pass" / "word") reads as two words and gets typed as two.
 */
export function Command({ text, className }: { text: string; className?: string }) {
  const words = text.split(' ');
  return (
    <code className={cn('font-mono', className)}>
      {words.map((word, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="whitespace-nowrap">{word}</span>
        </Fragment>
      ))}
    </code>
  );
}
