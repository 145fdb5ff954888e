/**
 * Splits a JSON document, fed in chunks, into the elements of its list of records without
 * parsing (or holding) the whole document: the root array, or the first array under one of
 * `keys` in the root object ({"traces": [...]}, {"memories": [...]}). Each element's text is
 * handed out for JSON.parse; memory stays at one element, whatever the file size.
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
  private done = false;
  /** True once a list of records was found (an object without one is not an import file). */
  found = false;

  /** True once the list was closed: a file that ends before it was cut short. */
  get complete(): boolean {
    return this.done;
  }

  constructor(private readonly keys: readonly string[]) {}

  /** Feeds a chunk; returns the complete elements it closed. */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = this.elementDepth !== null ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') {
          this.inString = false;
          if (this.depth === 1 && this.elementDepth === null) {
            this.lastString = this.pendingString + chunk.slice(this.stringStart, i);
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
          this.emit(out, this.element + chunk.slice(start, i));
          this.element = '';
          this.elementDepth = null;
          this.done = true;
          start = -1;
        }
        this.depth--;
      } else if (ch === ',' && this.elementDepth !== null && this.depth === this.elementDepth) {
        this.emit(out, this.element + chunk.slice(start, i));
        this.element = '';
        start = i + 1;
      }
    }
    if (this.inString && this.depth === 1 && this.elementDepth === null) {
      this.pendingString += chunk.slice(Math.max(this.stringStart, 0));
      this.stringStart = 0;
    }
    if (this.elementDepth !== null && start >= 0) this.element += chunk.slice(start);
    return out;
  }

  private emit(out: string[], text: string): void {
    const trimmed = text.trim();
    if (trimmed) out.push(trimmed);
  }
}
