import { checkItem, type ParsedItem } from './import-item.js';

/**
 * Plain text or Markdown pasted from ChatGPT's or Claude's saved-memory list: one memory per line
 * or per bullet. Bullet markers and numbering go; an indented line continues the bullet above it;
 * headings and rules are structure, not memories, and are skipped.
 */
const BULLET = /^\s{0,3}(?:[-*+•‣◦]|\d{1,4}[.)])\s+/u;
const HEADING_OR_RULE = /^\s{0,3}(?:#{1,6}\s|#{1,6}$|(?:[-*_]\s*){3,}$|```)/u;

export class LineCollector {
  private pending: { text: string; line: number } | null = null;

  /** Feeds one line (1-based number); returns the item it completed, if any. */
  push(raw: string, line: number): ParsedItem | null {
    const text = raw.replace(/\r$/u, '');
    if (!text.trim() || HEADING_OR_RULE.test(text)) return this.flush();
    const isBullet = BULLET.test(text);
    if (!isBullet && /^\s{2,}\S/u.test(text) && this.pending) {
      this.pending.text += ` ${text.trim()}`;
      return null;
    }
    const done = this.flush();
    this.pending = { text: text.replace(BULLET, '').trim(), line };
    return done;
  }

  flush(): ParsedItem | null {
    const p = this.pending;
    this.pending = null;
    return p ? checkItem(`line ${p.line}`, { content: p.text }) : null;
  }
}
