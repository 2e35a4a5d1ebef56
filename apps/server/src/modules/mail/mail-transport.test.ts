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

/** The file outbox in a new temporary folder. */
function fileTransport() {
  outboxDir = mkdtempSync(path.join(tmpdir(), 'waymark-outbox-'));
  return createMailTransport({
    smtpUrl: undefined,
    mailFrom: 'Waymark <no-reply@localhost>',
    outboxDir,
    logger: { info: () => undefined },
  });
}

describe('file outbox', () => {
  it('never writes a message under its .eml name, so a reader never sees half of it', async () => {
    const transport = fileTransport();
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

  it('delivers a retried message as the same file with the same Message-ID and Date', async () => {
    const transport = fileTransport();
    const message = {
      messageId: '<retried@waymark.test>',
      date: new Date('2026-03-04T05:06:07Z'),
      to: 'bob@example.com',
      subject: 'Once',
      text: 'http://x.test/once',
      html: '<p>once</p>',
    };
    await transport.send(message);
    await transport.send(message);

    const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^Message-ID: <retried@waymark\.test>$/m);
    expect(raw).toMatch(/^Date: Wed, 04 Mar 2026 05:06:07 \+0000$/m);
  });
});
