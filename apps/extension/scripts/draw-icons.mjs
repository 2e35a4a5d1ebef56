// Draws the toolbar icons (a white map pin on a blue rounded square) as PNGs with no image
// library, so they can be redrawn on any machine: `node apps/extension/scripts/draw-icons.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 128];
const BLUE = [25, 113, 194];
const WHITE = [255, 255, 255];
const SAMPLES = 4;

/** The colour at (x, y) in a unit square, or null outside the icon. */
function colourAt(x, y) {
  const r = 0.19;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  const head = (x - 0.5) ** 2 + (y - 0.4) ** 2;
  if (head < 0.085 ** 2) return BLUE;
  if (head < 0.205 ** 2) return WHITE;
  const t = (y - 0.47) / (0.85 - 0.47);
  if (t >= 0 && t <= 1 && Math.abs(x - 0.5) <= 0.175 * (1 - t)) return WHITE;
  return BLUE;
}

function drawPixels(size) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = [0];
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(
            (px + (sx + 0.5) / SAMPLES) / size,
            (py + (sy + 0.5) / SAMPLES) / size,
          );
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const hits = sum[3];
      row.push(...(hits ? sum.slice(0, 3).map((c) => Math.round(c / hits)) : [0, 0, 0]));
      row.push(Math.round((255 * hits) / SAMPLES ** 2));
    }
    rows.push(...row);
  }
  return Buffer.from(rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(drawPixels(size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of SIZES) {
  writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), encodePng(size));
}
