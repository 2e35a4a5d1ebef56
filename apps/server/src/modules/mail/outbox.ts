import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A message read back from the file outbox. */
export type OutboxMail = {
  /** Absolute path of the `.eml` file. */
  file: string;
  to: string;
  subject: string;
  /** Decoded plain-text body. */
  text: string;
  /** Every http(s) link of the plain-text body, in order. */
  links: string[];
};

/**
 * Reads the newest message sent to `address` from a file outbox (`$DATA_DIR/mail`), for tests and
 * the end-to-end suite that follow verification and reset links. Pure Node: no server imports.
 *
 * @param outboxDir the outbox folder, normally `path.join(DATA_DIR, 'mail')`.
 * @param address recipient, compared case-insensitively.
 * @returns the message, or `undefined` when none was sent to that address (or the folder is missing).
 */
export async function readLatestMail(
  outboxDir: string,
  address: string,
): Promise<OutboxMail | undefined> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  for (const name of names.reverse()) {
    const file = path.join(outboxDir, name);
    const mail = { ...parseMail(await readFile(file, 'utf8')), file };
    if (mail.to.toLowerCase().includes(address.toLowerCase())) return mail;
  }
  return undefined;
}

/**
 * Polls {@link readLatestMail} until a message to `address` arrives whose subject matches, for
 * callers that race the server's asynchronous send.
 */
export async function waitForMail(
  outboxDir: string,
  address: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mail = await readLatestMail(outboxDir, address);
    if (mail && (!options.subject || options.subject.test(mail.subject))) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Reads recipient, subject, decoded plain-text body and links from a raw RFC 5322 message as
 * nodemailer writes it (also what an SMTP test server receives).
 */
export function parseMail(raw: string): Omit<OutboxMail, 'file'> {
  const source = raw.replace(/\r\n/g, '\n');
  const headerEnd = source.indexOf('\n\n');
  const headers = unfold(source.slice(0, headerEnd));
  const text = findTextPart(source) ?? '';
  return {
    to: headerValue(headers, 'to'),
    subject: headerValue(headers, 'subject'),
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

function unfold(headerBlock: string): string {
  return headerBlock.replace(/\n[ \t]+/g, ' ');
}

function headerValue(headers: string, name: string): string {
  const line = headers.split('\n').find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * The decoded body of the first text/plain entity of `entity` (headers, blank line, body),
 * looking into multipart bodies by their declared boundary only: a line of the body that merely
 * starts with "--" (a quoted-printable soft break before a token's "--") is not a boundary.
 */
function findTextPart(entity: string): string | undefined {
  const end = entity.indexOf('\n\n');
  if (end < 0) return undefined;
  const headers = unfold(entity.slice(0, end));
  const lower = headers.toLowerCase();
  const body = entity.slice(end + 2);
  const boundary = /content-type:\s*multipart\/[^\n]*boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    // Preamble first, then each part (its boundary line's rest is its first "\n"), up to the
    // closing delimiter ("--" right after the boundary).
    for (const piece of `\n${body}`.split(`\n--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      const text = findTextPart(piece.replace(/^[ \t]*\n/, ''));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (lower.includes('content-type:') && !lower.includes('content-type: text/plain')) {
    return undefined;
  }
  if (lower.includes('content-transfer-encoding: base64')) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (lower.includes('content-transfer-encoding: quoted-printable')) {
    return decodeQuotedPrintable(body);
  }
  return body;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
