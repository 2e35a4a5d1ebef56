import { connect } from 'node:net';

// Reused for every read of every download: the client allocates nothing per chunk.
const readBuffer = Buffer.allocUnsafe(1024 * 1024);
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * GETs `url` on a socket of its own that reads into one reused buffer (`net.connect`'s `onread`)
 * and counts the body's bytes up to its `Content-Length`: the least CPU a client can spend on a
 * download, so that on two cores shared with the server the figure is the server's (issue 34:
 * `node:http`'s client allocates a buffer per 64 KiB read — 20 MB of garbage per 20 MB download in
 * the bench's own process). Only what the bench needs: one request, an answer with a
 * `Content-Length`, the connection closed after it.
 */
export function socketDownload(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    let status = 0;
    let expected = -1;
    let bytes = 0;
    const socket = connect({
      host: target.hostname,
      port: Number(target.port),
      onread: {
        buffer: readBuffer,
        callback(length, buffer) {
          let body = length;
          if (expected < 0) {
            head = Buffer.concat([head, buffer.subarray(0, length)]);
            const end = head.indexOf(HEAD_END);
            if (end < 0) return true;
            const text = head.subarray(0, end).toString('latin1');
            status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
            expected = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? 0);
            body = head.length - end - HEAD_END.length;
          }
          bytes += body;
          if (bytes >= expected) {
            socket.destroy();
            resolve({ status, bytes });
          }
          return true;
        },
      },
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`download: closed after ${bytes} bytes`)));
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n` +
        `${lines.join('')}connection: close\r\n\r\n`,
    );
  });
}
