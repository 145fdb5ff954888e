import { constants, deflateRawSync } from 'node:zlib';

// Archives built by hand for the import's safety tests and the fuzz suite: zip bombs with and
// without Zip64, and directories that say whatever a test needs them to.

/**
 * A raw deflate stream of `mib` MiB of zeros in about a KiB per MiB: one MiB compressed with a
 * full flush (no back-reference across it) repeated, then an empty final block. Nothing of that
 * size is ever built, so the test itself stays small.
 */
export function zeroBomb(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

type Crafted = {
  name: string;
  body: Buffer;
  method?: number;
  crc?: number;
  /** What the directory claims the entry inflates to. */
  size: number;
  /** Store sizes and offset as 0xFFFFFFFF with the real values in a Zip64 extra field. */
  zip64?: boolean;
};

/** A one-directory archive written by hand, so every field can say what a test needs it to. */
export function craftZip(entries: Crafted[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt16LE(name.length, 26);
    const extra = Buffer.alloc(e.zip64 ? 28 : 0);
    if (e.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(e.size), 4);
      extra.writeBigUInt64LE(BigInt(e.body.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(e.method ?? 8, 10);
    record.writeUInt32LE(e.crc ?? 0, 16);
    record.writeUInt32LE(e.zip64 ? 0xffffffff : e.body.length, 20);
    record.writeUInt32LE(e.zip64 ? 0xffffffff : e.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(extra.length, 30);
    record.writeUInt32LE(e.zip64 ? 0xffffffff : offset, 42);
    parts.push(local, name, e.body);
    central.push(record, name, extra);
    offset += local.length + name.length + e.body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
