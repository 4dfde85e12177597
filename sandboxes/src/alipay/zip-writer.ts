// A minimal ZIP writer (deflated entries, no encryption, no ZIP64) that stores entry names as the
// bytes given: Alipay's bill archives name their CSV files in GBK without the UTF-8 flag, which
// general ZIP libraries cannot produce.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** The entry name's bytes, as they go into the archive. */
  name: Buffer;
  data: Buffer;
  modified: Date;
}

/** MS-DOS date and time (local fields of `d`'s Beijing wall clock, as Alipay's servers write them). */
function dosTime(d: Date): { time: number; date: number } {
  const b = new Date(d.getTime() + 8 * 3600_000);
  return {
    time: (b.getUTCHours() << 11) | (b.getUTCMinutes() << 5) | Math.floor(b.getUTCSeconds() / 2),
    date: ((b.getUTCFullYear() - 1980) << 9) | ((b.getUTCMonth() + 1) << 5) | b.getUTCDate(),
  };
}

export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const { time, date } = dosTime(e.modified);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags: names not UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(e.name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(e.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, e.name, packed);
    centrals.push(central, e.name);
    offset += local.length + e.name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
