import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown.js';

describe('parseMarkdown', () => {
  it('reads paragraphs, headings, lists, quotes and fenced code', () => {
    const blocks = parseMarkdown(
      [
        '# Trip',
        '',
        'Line one',
        'line two',
        '',
        '- tea',
        '- **coffee**',
        '',
        '1. first',
        '2. second',
        '',
        '> said once',
        '',
        '```sh',
        'npm run build',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Trip' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Line one\nline two' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'text', text: 'tea' }],
          [{ type: 'strong', children: [{ type: 'text', text: 'coffee' }] }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
      { type: 'quote', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'said once' }] }] },
      { type: 'code', lang: 'sh', text: 'npm run build\n# not a heading' },
    ]);
  });

  it('reads a quote as Markdown of its own: paragraphs, a list, a quote inside', () => {
    expect(parseMarkdown('> Said once.\n>\n> - first\n> - second\n>\n> > nested')).toEqual([
      {
        type: 'quote',
        children: [
          { type: 'paragraph', children: [{ type: 'text', text: 'Said once.' }] },
          {
            type: 'list',
            ordered: false,
            items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
          },
          {
            type: 'quote',
            children: [{ type: 'paragraph', children: [{ type: 'text', text: 'nested' }] }],
          },
        ],
      },
    ]);
  });

  it('starts a bulleted list right after a line of text, a numbered one only after a blank line', () => {
    expect(parseMarkdown('Bring:\n- tent\n- stove')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Bring:' }] },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'tent' }], [{ type: 'text', text: 'stove' }]],
      },
    ]);
    expect(parseMarkdown('Moved in\n2020. Still here.')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Moved in\n2020. Still here.' }] },
    ]);
  });

  it('reads pipe tables with their alignment; short rows are padded, escaped pipes kept', () => {
    const text = (t: string) => [{ type: 'text', text: t }];
    expect(parseMarkdown('| Day | Time | Cost |\n|:-|:---:|--:|\n| Mon | 9:00 | 5 \\| 6 |\n| Tue |')).toEqual(
      [
        {
          type: 'table',
          align: ['left', 'center', 'right'],
          header: [text('Day'), text('Time'), text('Cost')],
          rows: [
            [text('Mon'), text('9:00'), text('5 | 6')],
            [text('Tue'), [], []],
          ],
        },
      ],
    );
  });

  it('leaves a pipe in a sentence alone: no rule line, no table', () => {
    expect(parseMarkdown('a | b\nnext line')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'a | b\nnext line' }] },
    ]);
  });

  it('keeps HTML as text: there is no HTML node at all', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)> <script>x</script>')).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'text', text: '<img src=x onerror=alert(1)> <script>x</script>' }],
      },
    ]);
  });
});

describe('parseInline', () => {
  it('links with safe schemes only; the rest stay as typed', () => {
    expect(parseInline('[docs](https://example.org/a)')).toEqual([
      { type: 'link', href: 'https://example.org/a', children: [{ type: 'text', text: 'docs' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { type: 'text', text: '[x](javascript:alert(1))' },
    ]);
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('mailto:a@example.org')).toBe('mailto:a@example.org');
  });

  it('turns bare URLs into links without the sentence’s closing punctuation', () => {
    expect(parseInline('See https://example.org/x.')).toEqual([
      { type: 'text', text: 'See ' },
      {
        type: 'link',
        href: 'https://example.org/x',
        children: [{ type: 'text', text: 'https://example.org/x' }],
      },
      { type: 'text', text: '.' },
    ]);
  });

  it('reads code and emphasis, and leaves snake_case and lone stars alone', () => {
    expect(parseInline('run `a*b*c` then *now*')).toEqual([
      { type: 'text', text: 'run ' },
      { type: 'code', text: 'a*b*c' },
      { type: 'text', text: ' then ' },
      { type: 'em', children: [{ type: 'text', text: 'now' }] },
    ]);
    expect(parseInline('my_var_name and 2 * 3')).toEqual([{ type: 'text', text: 'my_var_name and 2 * 3' }]);
  });
});
