import { Fragment, useMemo } from 'react';
import { cn } from '../../lib/cn.js';
import { type Block, type Inline, parseMarkdown } from '../../lib/markdown.js';

/**
 * Trace content as Markdown (ADR 0024). Built from React elements only: text is always text, so
 * HTML in a memory is shown, never run. Links open in a new tab without handing it our window.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={cn('space-y-3 break-words text-fg', className)}>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}

/**
 * A card's two-line preview: the same Markdown, flattened into one clamped paragraph (a card has
 * no room for blocks). Links sit above the card's full-size link so they stay clickable.
 */
export function MarkdownPreview({ source, className }: { source: string; className?: string }) {
  const nodes = useMemo(() => flatten(parseMarkdown(source)), [source]);
  return (
    <p className={className}>
      <Inlines nodes={nodes} raised />
    </p>
  );
}

function flatten(blocks: readonly Block[]): Inline[] {
  const out: Inline[] = [];
  for (const block of blocks) {
    if (out.length) out.push({ type: 'text', text: ' ' });
    if (block.type === 'code') out.push({ type: 'code', text: block.text });
    else if (block.type === 'list')
      out.push(
        ...block.items.flatMap((item, i) => (i ? [{ type: 'text' as const, text: ' · ' }, ...item] : item)),
      );
    else out.push(...block.children);
  }
  return out;
}

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
        <pre className="overflow-x-auto rounded-lg border border-line bg-surface-muted p-3 font-mono text-[13px] leading-relaxed">
          <code>{block.text}</code>
        </pre>
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
        <blockquote className="border-l-4 border-line-strong pl-3 whitespace-pre-line text-fg-muted">
          <Inlines nodes={block.children} />
        </blockquote>
      );
  }
}

function Inlines({ nodes, raised }: { nodes: readonly Inline[]; raised?: boolean }) {
  return nodes.map((node, i) => <Fragment key={i}>{inline(node, raised)}</Fragment>);
}

function inline(node: Inline, raised?: boolean) {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.9em]">{node.text}</code>;
    case 'strong':
      return (
        <strong className="font-semibold">
          <Inlines nodes={node.children} raised={raised} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} raised={raised} />
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
          <Inlines nodes={node.children} />
        </a>
      );
  }
}
