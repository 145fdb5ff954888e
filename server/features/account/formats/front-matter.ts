/**
 * YAML front matter as Obsidian, basic-memory and most Markdown tools write it: a block between
 * `---` lines of `key: value` pairs, where a value is a plain or quoted scalar, a flow list
 * (`[a, b]`) or a block list (`- a` lines). That subset is all notes carry; anything richer
 * (nested maps, anchors) is ignored rather than misread.
 */
export type FrontMatter = Record<string, string | string[]>;

export function splitFrontMatter(text: string): { data: FrontMatter; body: string } {
  const src = text.replace(/^\uFEFF/u, '');
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/u.exec(src);
  if (!match) return { data: {}, body: src };
  return { data: parseBlock(match[1] ?? ''), body: src.slice(match[0].length) };
}

function parseBlock(block: string): FrontMatter {
  const data: FrontMatter = {};
  let listKey: string | null = null;
  for (const line of block.split(/\r?\n/u)) {
    const item = /^\s+-\s+(.*)$/u.exec(line) ?? /^-\s+(.*)$/u.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(scalar(item[1] ?? ''));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/u.exec(line);
    if (!pair) continue;
    const key = pair[1]!.toLowerCase();
    const raw = (pair[2] ?? '').trim();
    listKey = null;
    if (raw === '') {
      data[key] = [];
      listKey = key;
    } else if (raw.startsWith('[') && raw.endsWith(']')) {
      data[key] = splitFlow(raw.slice(1, -1))
        .map(scalar)
        .filter((v) => v !== '');
    } else {
      data[key] = scalar(raw);
    }
  }
  return data;
}

/** Splits `a, "b, c", d` on the commas outside quotes. */
function splitFlow(inner: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (quote) {
      current += ch;
      if (ch === '\\' && quote === '"') current += inner[++i] ?? '';
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ',') {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim());
}

function scalar(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1).replace(/''/gu, "'");
  // A plain scalar ends at a comment.
  return v.replace(/\s+#.*$/u, '');
}

/** One value as a YAML double-quoted scalar: JSON's string syntax is valid YAML. */
export function yamlString(value: string): string {
  return JSON.stringify(value);
}

export function renderFrontMatter(
  fields: Record<string, string | readonly string[] | null | undefined>,
): string {
  const lines = ['---'];
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    lines.push(
      typeof value === 'string'
        ? `${key}: ${yamlString(value)}`
        : `${key}: [${value.map(yamlString).join(', ')}]`,
    );
  }
  lines.push('---', '');
  return lines.join('\n');
}
