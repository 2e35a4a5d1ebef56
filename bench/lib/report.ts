import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const HEADER = `# Benchmarks

Latest figures from \`npm run bench\` (see bench/README.md). This machine is shared and noisy, so
each scenario is reported as a ratio against a trivial baseline endpoint measured in the same run;
compare ratios across runs, not raw requests per second.
`;

/**
 * Replaces (or appends) the section of `docs/benchmarks.md` between this scenario's markers, so
 * each benchmark keeps its latest figures without touching the others.
 */
export function writeSection(file: string, name: string, body: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  // A function, not the string: a body holding `$\`` or `$'` (a statement's text cut after a
  // placeholder's `$`, then closed by a code span's backtick) would be read as a pattern.
  const next = pattern.test(current)
    ? current.replace(pattern, () => section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
