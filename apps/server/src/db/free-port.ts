import net from 'node:net';

/**
 * Asks the kernel for a free TCP port on loopback (bind port 0, read it, close). Another
 * process could take it before we use it; callers retry on "address in use".
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not read the port of a loopback socket'));
      });
    });
  });
}
