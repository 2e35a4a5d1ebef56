// Records the landing page's demo video from the real product: runs the extension e2e flow with
// DEMO_FRAMES_DIR set (each step saves the site tab and the side panel), then composes the frames
// with Debian's ffmpeg into apps/portal/public/media/waymark-demo.mp4 and a poster image.
// Usage: npm run demo:record   (needs ffmpeg: apt-get install ffmpeg)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'apps/portal/public/media');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const SECONDS_PER_FRAME = 3.5;

/** WebVTT captions: each step's caption for the seconds its still is shown. */
function toWebVtt(captions) {
  const stamp = (seconds) => {
    const ms = Math.round(seconds * 1000);
    const pad = (n, width = 2) => String(n).padStart(width, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  };
  const cues = captions.map(
    (caption, index) =>
      `${index + 1}\n${stamp(index * SECONDS_PER_FRAME)} --> ${stamp((index + 1) * SECONDS_PER_FRAME)}\n${caption}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

const work = mkdtempSync(join(tmpdir(), 'waymark-demo-'));
const framesDir = join(work, 'frames');
try {
  execFileSync('node', [join(ROOT, 'scripts/ensure-built.mjs')], { stdio: 'inherit' });
  execFileSync(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      'extension-items',
      '--output',
      join(work, 'results'),
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DEMO_FRAMES_DIR: framesDir } },
  );
  const frames = readFileSync(join(framesDir, 'frames.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

  // One 1280×720 still per step: a caption bar over the site (left) and the side panel (right).
  const stills = frames.map(({ name, caption }) => {
    const captionFile = join(work, `${name}.txt`);
    writeFileSync(captionFile, caption);
    const still = join(work, `${name}.png`);
    const filter = [
      '[0]scale=880:-2,pad=880:648:0:(oh-ih)/2:color=0xf1f3f5[site]',
      '[1]scale=-2:648[panel]',
      '[site][panel]hstack,pad=1280:720:(ow-iw)/2:72:color=0x1b2a4a',
      `drawtext=fontfile=${FONT}:textfile=${captionFile}:fontcolor=white:fontsize=28:x=28:y=22`,
    ]
      .join(';')
      .replace(/;drawtext/, ',drawtext');
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      join(framesDir, `${name}-site.png`),
      '-i',
      join(framesDir, `${name}-panel.png`),
      '-filter_complex',
      filter,
      still,
    ]);
    return still;
  });

  const list = join(work, 'list.txt');
  const entries = stills.map((still) => `file '${still}'\nduration ${SECONDS_PER_FRAME}`);
  // The concat demuxer ignores the last duration unless the last file is listed again.
  writeFileSync(list, `${entries.join('\n')}\nfile '${stills.at(-1)}'\n`);
  mkdirSync(OUT_DIR, { recursive: true });
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    'fps=25,format=yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '30',
    '-tune',
    'stillimage',
    '-movflags',
    '+faststart',
    join(OUT_DIR, 'waymark-demo.mp4'),
  ]);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    stills[0],
    '-q:v',
    '4',
    join(OUT_DIR, 'waymark-demo-poster.jpg'),
  ]);
  writeFileSync(join(OUT_DIR, 'waymark-demo.vtt'), toWebVtt(frames.map((f) => f.caption)));
  console.log(`Wrote ${frames.length} steps to ${join(OUT_DIR, 'waymark-demo.mp4')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
