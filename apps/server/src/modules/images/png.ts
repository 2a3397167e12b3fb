import { crc32, deflateSync } from 'node:zlib';

/** RGB colour, 0–255 each. */
export type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * Encodes a truecolour PNG of `width` × `height` whose pixel colours come from `pixel(x, y)`.
 * Used for the demo image library and for tests (no image library needed).
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A demo topic picture: a coloured background with a lighter disc in the middle. */
export function topicPicture(background: Rgb, size = 96): Buffer {
  const light: Rgb = background.map((c) => Math.round(c + (255 - c) * 0.55)) as Rgb;
  const r = size * 0.3;
  return encodePng(size, size, (x, y) => {
    const dx = x - size / 2;
    const dy = y - size / 2;
    return dx * dx + dy * dy <= r * r ? light : background;
  });
}
