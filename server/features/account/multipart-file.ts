import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../http/errors.js';

/** A part's headers larger than this are not a form's (RFC 7578 parts carry two or three short ones). */
const MAX_HEADER_BYTES = 16 * 1024;

const refused = (message: string) => new AppError(400, 'invalid_request', message);

/** The boundary of a multipart/form-data content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/iu.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/iu.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw refused('A multipart/form-data upload needs its boundary parameter');
  return boundary;
}

/**
 * The file of a multipart/form-data body (RFC 7578), as a stream: what `curl -F file=@notes.json`
 * sends. The part taken is the first with a filename, or else the first named `file`; every other
 * part (a form's text fields) and the delimiters are left out, so the import reads the file's own
 * bytes and never the boundary lines. Streaming: only a delimiter's length is held back between
 * chunks. A body that ends before its closing delimiter, or holds no file, is refused.
 */
export class MultipartFile extends Transform {
  /** The file name the part gave (Content-Disposition filename), once its headers are read. */
  fileName: string | null = null;
  private readonly delimiter: Buffer;
  private state: 'preamble' | 'headers' | 'body' | 'done' = 'preamble';
  private pending: Buffer = Buffer.alloc(0);
  private taking = false;
  private found = false;

  constructor(boundary: string) {
    super();
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The first delimiter may open the body, with no line break before it.
    this.pending = Buffer.from('\r\n');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, next: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.drain();
      next();
    } catch (err) {
      next(err as Error);
    }
  }

  override _flush(next: TransformCallback): void {
    if (this.state !== 'done')
      return next(refused('The multipart body ends before its closing boundary (truncated upload?)'));
    if (!this.found)
      return next(
        refused(
          'The multipart body holds no file: send it as a part with a filename, e.g. curl -F file=@memories.json',
        ),
      );
    next();
  }

  private drain(): void {
    for (;;) {
      if (this.state === 'done') {
        this.pending = Buffer.alloc(0); // the epilogue is ignored (RFC 2046 §5.1.1)
        return;
      }
      if (this.state === 'headers') {
        const end = this.pending.indexOf('\r\n\r\n');
        if (end < 0) {
          if (this.pending.length > MAX_HEADER_BYTES) throw refused('A multipart part has oversized headers');
          return;
        }
        this.startPart(this.pending.subarray(0, end).toString('utf8'));
        this.pending = this.pending.subarray(end + 4);
        this.state = 'body';
        continue;
      }
      const at = this.pending.indexOf(this.delimiter);
      if (at < 0) {
        // Hold back what could be the start of a delimiter split across chunks.
        const keep = Math.min(this.pending.length, this.delimiter.length + 1);
        if (this.state === 'body' && this.taking)
          this.push(this.pending.subarray(0, this.pending.length - keep));
        this.pending = Buffer.from(this.pending.subarray(this.pending.length - keep));
        return;
      }
      // Two bytes after the delimiter say what follows: "--" the end, a line break the next part.
      if (this.pending.length < at + this.delimiter.length + 2) return;
      if (this.state === 'body' && this.taking) {
        this.push(this.pending.subarray(0, at));
        this.taking = false;
      }
      const after = this.pending
        .subarray(at + this.delimiter.length, at + this.delimiter.length + 2)
        .toString();
      this.pending = this.pending.subarray(at + this.delimiter.length + 2);
      this.state = after === '--' ? 'done' : 'headers';
    }
  }

  private startPart(headers: string): void {
    const disposition = /^content-disposition:(.*)$/imu.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/iu.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/iu.exec(disposition)?.[1];
    if (this.found || (fileName === undefined && name !== 'file')) return;
    this.found = true;
    this.taking = true;
    this.fileName = fileName ? (fileName.split(/[\\/]/u).at(-1) ?? null) : null;
  }
}
