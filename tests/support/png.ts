import zlib from 'node:zlib';

/**
 * A PNG made in the test (a logo to upload): `width` × `height` RGBA pixels, each the colour
 * `paint(x, y)` answers as [r, g, b, a].
 */
export function makePng(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A round logo: a teal disc with a white band, transparent around it. */
export const testLogo = (size = 96) =>
  makePng(size, size, (x, y) => {
    const r = Math.hypot(x - size / 2, y - size / 2);
    if (r > size / 2 - 1) return [0, 0, 0, 0];
    return Math.abs(y - size / 2) < size / 10 ? [255, 255, 255, 255] : [20, 120, 110, 255];
  });
