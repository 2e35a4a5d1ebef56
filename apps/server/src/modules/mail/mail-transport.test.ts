import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';

const written: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    writeFile: (file: string, data: Buffer) => {
      written.push(file);
      return actual.writeFile(file, data);
    },
  };
});

const { createMailTransport } = await import('./mail-transport');
const { parseMail } = await import('./outbox');

let outboxDir = '';
afterEach(() => rmSync(outboxDir, { recursive: true, force: true }));

describe('file outbox', () => {
  it('never writes a message under its .eml name, so a reader never sees half of it', async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'waymark-outbox-'));
    const transport = createMailTransport({
      smtpUrl: undefined,
      mailFrom: 'Waymark <no-reply@localhost>',
      outboxDir,
      logger: { info: () => undefined },
    });
    const url = `http://localhost:8080/idp/verify?token=${'t'.repeat(43)}`;
    await transport.send({
      messageId: '<one@localhost>',
      date: new Date(),
      to: 'ann@example.com',
      subject: 'Hello',
      text: url,
      html: `<a href="${url}">x</a>`,
    });

    expect(written).toHaveLength(1);
    expect(written[0]).not.toMatch(/\.eml$/);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(parseMail(readFileSync(path.join(outboxDir, files[0]!), 'utf8')).links).toContain(url);
  });
});
