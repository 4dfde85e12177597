// GBK encoding for the files Alipay publishes in it. Node decodes GBK (TextDecoder) but has no
// encoder, so the table is built once by decoding every two-byte code and inverting the result.
let table: Map<string, number> | undefined;

function encodingTable(): Map<string, number> {
  if (table) return table;
  const decoder = new TextDecoder('gbk');
  const map = new Map<string, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const c = decoder.decode(pair);
      if (c.length === 1 && c !== '\uFFFD' && !map.has(c)) map.set(c, (lead << 8) | trail);
    }
  }
  table = map;
  return map;
}

/** Text to GBK bytes; characters GBK lacks become `?`. */
export function encodeGbk(text: string): Buffer {
  const map = encodingTable();
  const out: number[] = [];
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const two = map.get(c);
      if (two === undefined) out.push(0x3f);
      else out.push(two >> 8, two & 0xff);
    }
  }
  return Buffer.from(out);
}
