import { Fragment, useMemo } from 'react';
import { cn } from '../../lib/cn.js';
import type { Part } from '../../lib/highlight.js';
import { type Align, type Block, type Inline, parseMarkdown } from '../../lib/markdown.js';
import { CopyButton } from './CopyButton.js';
import { Highlighted } from './Highlighted.js';

/** Marks the words of a search in text (ADR 0026); absent, text is shown as it is. */
type Mark = (text: string) => Part[];

/**
 * Trace content as Markdown (ADR 0024). Built from React elements only: text is always text, so
 * HTML in a memory is shown, never run. Links open in a new tab without handing it our window.
 * Code blocks carry a copy button; tables scroll sideways inside their own box on a phone.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={cn('space-y-3 break-words text-fg', className)}>
      <Blocks blocks={blocks} />
    </div>
  );
}

/**
 * A card's two-line preview: the same Markdown, flattened into one clamped paragraph (a card has
 * no room for blocks). Links sit above the card's full-size link so they stay clickable.
 */
export function MarkdownPreview({
  source,
  className,
  mark,
}: {
  source: string;
  className?: string;
  mark?: Mark;
}) {
  const nodes = useMemo(() => flatten(parseMarkdown(source)), [source]);
  return (
    <p className={className}>
      <Inlines nodes={nodes} raised mark={mark} />
    </p>
  );
}

const space = { type: 'text', text: ' ' } as const;
const dot = { type: 'text', text: ' · ' } as const;
const joined = (rows: readonly Inline[][]): Inline[] => rows.flatMap((row, i) => (i ? [dot, ...row] : row));

function flatten(blocks: readonly Block[]): Inline[] {
  const out: Inline[] = [];
  for (const block of blocks) {
    if (out.length) out.push(space);
    if (block.type === 'code') out.push({ type: 'code', text: block.text });
    else if (block.type === 'list') out.push(...joined(block.items));
    else if (block.type === 'quote') out.push(...flatten(block.children));
    else if (block.type === 'table') out.push(...joined([...block.header, ...block.rows.flat()]));
    else out.push(...block.children);
  }
  return out;
}

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, i) => <BlockView key={i} block={block} />);
}

const ALIGN: Record<NonNullable<Align>, string> = {
  left: 'text-left',
  center: 'text-center',
  right: 'text-right',
};

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p className="whitespace-pre-line">
          <Inlines nodes={block.children} />
        </p>
      );
    case 'heading': {
      // Inside a page that already has its h1/h2: trace headings start one level down.
      const Tag = (['h3', 'h4', 'h5'] as const)[block.level - 1] ?? 'h5';
      return (
        <Tag className={cn('font-semibold text-fg', block.level === 1 ? 'text-lg' : 'text-base')}>
          <Inlines nodes={block.children} />
        </Tag>
      );
    }
    case 'code':
      return (
        <div className="relative">
          <pre
            tabIndex={0}
            aria-label={block.lang ? `${block.lang} code` : 'Code'}
            className="overflow-x-auto rounded-lg border border-line bg-surface-muted p-3 pr-12 font-mono text-[13px] leading-relaxed"
          >
            <code>{block.text}</code>
          </pre>
          <div className="absolute top-1 right-1">
            <CopyButton text={block.text} label="Copy code" variant="ghost" />
          </div>
        </div>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={cn('space-y-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}>
          {block.items.map((item, i) => (
            <li key={i}>
              <Inlines nodes={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <blockquote className="space-y-2 border-l-4 border-line-strong pl-3 text-fg-muted">
          <Blocks blocks={block.children} />
        </blockquote>
      );
    case 'table':
      return (
        <div
          className="overflow-x-auto rounded-lg border border-line"
          tabIndex={0}
          role="region"
          aria-label="Table"
        >
          <table className="w-full border-collapse text-sm">
            <thead className="bg-surface-muted">
              <tr>
                {block.header.map((cell, c) => (
                  <th
                    key={c}
                    scope="col"
                    className={cn(
                      'border-b border-line px-3 py-2 font-semibold',
                      ALIGN[block.align[c] ?? 'left'],
                    )}
                  >
                    <Inlines nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className={cn('px-3 py-2 align-top', ALIGN[block.align[c] ?? 'left'])}>
                      <Inlines nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function Inlines({
  nodes,
  raised,
  mark,
}: {
  nodes: readonly Inline[];
  raised?: boolean;
  mark?: Mark | undefined;
}) {
  return nodes.map((node, i) => <Fragment key={i}>{inline(node, raised, mark)}</Fragment>);
}

function inline(node: Inline, raised?: boolean, mark?: Mark) {
  switch (node.type) {
    case 'text':
      return mark ? <Highlighted parts={mark(node.text)} /> : node.text;
    case 'code':
      return <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.9em]">{node.text}</code>;
    case 'strong':
      return (
        <strong className="font-semibold">
          <Inlines nodes={node.children} raised={raised} mark={mark} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} raised={raised} mark={mark} />
        </em>
      );
    case 'link':
      return (
        <a
          href={node.href}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(
            'font-medium text-accent underline underline-offset-2 hover:no-underline',
            raised && 'relative z-10',
          )}
        >
          <Inlines nodes={node.children} mark={mark} />
        </a>
      );
  }
}
