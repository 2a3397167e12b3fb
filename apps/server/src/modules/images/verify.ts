import { crc32 } from 'node:zlib';

/**
 * Checks that an upload is a whole image of the type its magic bytes claim (spec §5 "images only";
 * the fuzz suite sends such files): the file's structure is walked from its signature to its end marker, and nothing
 * may follow. Rejects truncated files (a PNG signature alone, a cut-off chunk), and polyglots that hide
 * HTML or script after an image header or after the image's end. It does not decode pixels.
 *
 * Takes the bytes and the MIME type `file-type` detected; returns true when the structure is complete.
 */
export function isWholeImage(data: Buffer, mime: string): boolean {
  try {
    if (mime === 'image/png') return wholePng(data);
    if (mime === 'image/gif') return wholeGif(data);
    if (mime === 'image/jpeg') return wholeJpeg(data);
    if (mime === 'image/webp') return wholeWebp(data);
  } catch {
    // A read past the end (RangeError): truncated.
  }
  return false;
}

/** PNG: signature, IHDR first, chunks with valid CRCs, at least one IDAT, IEND last and nothing after. */
function wholePng(d: Buffer): boolean {
  let at = 8;
  let first = true;
  let idat = false;
  while (at < d.length) {
    const length = d.readUInt32BE(at);
    const type = d.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > d.length) return false;
    if (crc32(d.subarray(at + 4, at + 8 + length)) !== d.readUInt32BE(at + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat && end === d.length;
    at = end;
  }
  return false;
}

/** GIF: header, screen descriptor, colour table, extension and image blocks, the trailer as last byte. */
function wholeGif(d: Buffer): boolean {
  let at = 13;
  const flags = d.readUInt8(10);
  if (flags & 0x80) at += 3 * 2 ** ((flags & 0x07) + 1);
  const skipSubBlocks = () => {
    for (;;) {
      const size = d.readUInt8(at);
      at += 1 + size;
      if (size === 0) return;
    }
  };
  for (;;) {
    const block = d.readUInt8(at);
    if (block === 0x3b) return at === d.length - 1;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      const local = d.readUInt8(at + 9);
      at += 10;
      if (local & 0x80) at += 3 * 2 ** ((local & 0x07) + 1);
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else return false;
  }
}

/** JPEG: SOI, marker segments with lengths, a frame header, the scan data, EOI as the last two bytes. */
function wholeJpeg(d: Buffer): boolean {
  let at = 2;
  let frame = false;
  while (at < d.length) {
    if (d.readUInt8(at) !== 0xff) return false;
    const marker = d.readUInt8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return frame && at + 2 === d.length;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = d.readUInt16BE(at + 2);
    if (length < 2) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      frame = true;
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: runs until a marker other than a stuffed 0x00 or a restart marker.
      while (at < d.length) {
        if (d.readUInt8(at) === 0xff) {
          const next = d.readUInt8(at + 1);
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
          at += 2;
        } else at += 1;
      }
    }
  }
  return false;
}

/** WebP: a RIFF container whose size is the file's, with an image chunk first and whole chunks to the end. */
function wholeWebp(d: Buffer): boolean {
  if (d.toString('latin1', 0, 4) !== 'RIFF' || d.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (d.readUInt32LE(4) + 8 !== d.length) return false;
  let at = 12;
  let first = true;
  while (at < d.length) {
    const type = d.toString('latin1', at, at + 4);
    const size = d.readUInt32LE(at + 4);
    if (first && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return false;
    first = false;
    at += 8 + size + (size % 2);
    if (at > d.length) return false;
  }
  return !first && at === d.length;
}
