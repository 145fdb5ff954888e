/**
 * A small Markdown reader for trace content (ADR 0024): paragraphs, headings, lists, block quotes
 * (holding any of these), pipe tables, fenced and inline code, emphasis, links and bare URLs. It returns a tree, never HTML: the renderer builds
 * React elements from it, so raw HTML in a trace stays text and cannot run or restyle the page.
 * Links keep only http(s) and mailto targets; anything else (javascript:, data:) stays text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'code'; text: string; lang: string | null }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] };

export type Align = 'left' | 'center' | 'right' | null;

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
/** A table's second line: cells of dashes, with colons for alignment (GitHub's pipe tables). */
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** A table row's cells: split on pipes not escaped as \|, without the outer ones. */
export function tableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function alignOf(rule: string): Align {
  const r = rule.trim();
  if (r.startsWith(':') && r.endsWith(':')) return 'center';
  if (r.endsWith(':')) return 'right';
  if (r.startsWith(':')) return 'left';
  return null;
}

/** Only these schemes become links: the rest could run script or hide where a click goes. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? href : null;
  } catch {
    return null;
  }
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      // An unclosed fence runs to the end, as in CommonMark.
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(marker)) body.push(lines[i++] ?? '');
      blocks.push({ type: 'code', text: body.join('\n'), lang: fence[2] || null });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1]?.length ?? 1, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      continue;
    }
    const listKind = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    // A bulleted list may follow a line of text directly, as people write it ("Bring:" then
    // "- tent"); a numbered one only after a blank line, as in CommonMark, so a sentence that
    // happens to start a line with "2020." stays a sentence.
    if (listKind && (paragraph.length === 0 || listKind === BULLET)) {
      flush();
      const items: Inline[][] = [];
      while (i < lines.length && listKind.test(lines[i] ?? '')) {
        items.push(parseInline(listKind.exec(lines[i] ?? '')?.[1] ?? ''));
        i++;
      }
      i--;
      blocks.push({ type: 'list', ordered: listKind === NUMBERED, items });
      continue;
    }
    if (QUOTE.test(line) && paragraph.length === 0) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? ''))
        quoted.push(QUOTE.exec(lines[i++] ?? '')?.[1] ?? '');
      i--;
      // A quote holds Markdown of its own: paragraphs, lists, code, even a quote in a quote.
      blocks.push({ type: 'quote', children: parseMarkdown(quoted.join('\n')) });
      continue;
    }
    const rule = lines[i + 1] ?? '';
    if (paragraph.length === 0 && line.includes('|') && TABLE_RULE.test(rule)) {
      const header = tableCells(line);
      const rules = tableCells(rule);
      if (rules.length === header.length) {
        const rows: Inline[][][] = [];
        i += 2;
        while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '') {
          const cells = tableCells(lines[i++] ?? '');
          // As GitHub does: a short row is padded, a long one cut to the header's width.
          rows.push(header.map((_, c) => parseInline(cells[c] ?? '')));
        }
        i--;
        blocks.push({
          type: 'table',
          align: rules.map(alignOf),
          header: header.map((h) => parseInline(h)),
          rows,
        });
        continue;
      }
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

// Tried in order at each position; the first that matches wins.
const INLINE_RULES: { re: RegExp; make(m: RegExpExecArray): Inline | null }[] = [
  { re: /^`([^`\n]+)`/, make: (m) => ({ type: 'code', text: m[1] ?? '' }) },
  {
    re: /^\[([^\]\n]+)\]\(\s*(\S+?)\s*\)/,
    make: (m) => {
      const href = safeHref(m[2] ?? '');
      return href ? { type: 'link', href, children: parseInline(m[1] ?? '') } : null;
    },
  },
  {
    re: /^(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/,
    make: (m) => ({ type: 'link', href: m[1] ?? '', children: [{ type: 'text', text: m[1] ?? '' }] }),
  },
  { re: /^\*\*(?=\S)([^\n]*?\S)\*\*/, make: (m) => ({ type: 'strong', children: parseInline(m[1] ?? '') }) },
  { re: /^__(?=\S)([^\n]*?\S)__/, make: (m) => ({ type: 'strong', children: parseInline(m[1] ?? '') }) },
  { re: /^\*(?=[^\s*])([^*\n]*?[^\s*])\*/, make: (m) => ({ type: 'em', children: parseInline(m[1] ?? '') }) },
  {
    re: /^_(?=[^\s_])([^_\n]*?[^\s_])_(?![\w])/,
    make: (m) => ({ type: 'em', children: parseInline(m[1] ?? '') }),
  },
];

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    // Emphasis with _ only at a word start, so snake_case_names stay as typed.
    const atWordStart = i === 0 || !/\w/.test(text[i - 1] ?? '');
    let matched: { node: Inline; length: number } | null = null;
    for (const rule of INLINE_RULES) {
      if (rule.re.source.startsWith('^_') && !atWordStart) continue;
      const m = rule.re.exec(rest);
      if (!m) continue;
      const node = rule.make(m);
      if (node) {
        matched = { node, length: m[0].length };
        break;
      }
    }
    if (matched) {
      if (plain) out.push({ type: 'text', text: plain });
      plain = '';
      out.push(matched.node);
      i += matched.length;
    } else {
      plain += text[i];
      i++;
    }
  }
  if (plain) out.push({ type: 'text', text: plain });
  return out;
}
