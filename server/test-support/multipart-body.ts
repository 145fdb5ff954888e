/** A multipart/form-data body as curl -F or a browser's form sends it (RFC 7578). */
export function formBody(
  boundary: string,
  parts: { name: string; fileName?: string; body: string | Buffer }[],
) {
  return Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ''}\r\n` +
          `Content-Type: ${p.fileName ? 'application/octet-stream' : 'text/plain'}\r\n\r\n`,
      ),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}
