/** Emitted in place of an element longer than the stream's maxElementChars (never built or parsed). */
export const OVERSIZED = Symbol('oversized element');

/** Longest key the splitter needs to remember: longer strings at the root are values, not keys. */
const KEY_CHARS = 64;

/**
 * Splits a JSON document, fed in chunks, into the elements of its list of records without
 * parsing (or holding) the whole document: the root array, or the first array under one of
 * `keys` in the root object ({"traces": [...]}, {"memories": [...]}). Each element's text is
 * handed out for JSON.parse; memory stays at one element, whatever the file size, and an element
 * past `maxElementChars` is not even kept: it comes out as OVERSIZED.
 */
export class JsonArrayStream {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringStart = -1;
  private lastString = '';
  private pendingString = '';
  private elementDepth: number | null = null;
  private element = '';
  private oversized = false;
  private done = false;
  /** True once a list of records was found (an object without one is not an import file). */
  found = false;

  /** True once the list was closed: a file that ends before it was cut short. */
  get complete(): boolean {
    return this.done;
  }

  constructor(
    private readonly keys: readonly string[],
    private readonly maxElementChars = Number.POSITIVE_INFINITY,
  ) {}

  /** Feeds a chunk; returns the complete elements it closed. */
  push(chunk: string): (string | typeof OVERSIZED)[] {
    const out: (string | typeof OVERSIZED)[] = [];
    let start = this.elementDepth !== null ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') {
          this.inString = false;
          if (this.depth === 1 && this.elementDepth === null) {
            this.lastString = (this.pendingString + chunk.slice(this.stringStart, i)).slice(0, KEY_CHARS + 1);
          }
        }
        continue;
      }
      if (this.done) continue;
      if (ch === '"') {
        this.inString = true;
        this.stringStart = i + 1;
        this.pendingString = '';
      } else if (ch === '{' || ch === '[') {
        this.depth++;
        if (this.elementDepth === null && ch === '[' && !this.found) {
          const rootArray = this.depth === 1;
          if (rootArray || (this.depth === 2 && this.keys.includes(this.lastString))) {
            this.elementDepth = this.depth;
            this.found = true;
            start = i + 1;
          }
        }
      } else if (ch === '}' || ch === ']') {
        if (this.elementDepth !== null && this.depth === this.elementDepth) {
          this.close(out, chunk, start, i);
          this.elementDepth = null;
          this.done = true;
          start = -1;
        }
        this.depth--;
      } else if (ch === ',' && this.elementDepth !== null && this.depth === this.elementDepth) {
        this.close(out, chunk, start, i);
        start = i + 1;
      }
    }
    if (this.inString && this.depth === 1 && this.elementDepth === null) {
      this.pendingString = (this.pendingString + chunk.slice(Math.max(this.stringStart, 0))).slice(
        0,
        KEY_CHARS + 1,
      );
      this.stringStart = 0;
    }
    if (this.elementDepth !== null && start >= 0 && !this.oversized) {
      if (this.element.length + chunk.length - start > this.maxElementChars) {
        this.oversized = true;
        this.element = '';
      } else this.element += chunk.slice(start);
    }
    return out;
  }

  /** Ends the element that runs from the kept text plus chunk[start, end). */
  private close(out: (string | typeof OVERSIZED)[], chunk: string, start: number, end: number): void {
    if (this.oversized || this.element.length + end - start > this.maxElementChars) out.push(OVERSIZED);
    else {
      const trimmed = (this.element + chunk.slice(start, end)).trim();
      if (trimmed) out.push(trimmed);
    }
    this.element = '';
    this.oversized = false;
  }
}
