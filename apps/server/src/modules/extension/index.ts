import { statSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@waymark/core';
import type { FastifyReply } from 'fastify';
import { registerRoute } from '../../http/register-route';
import { defineModule, type AppModule } from '../module';
import { zipExtension, type ExtensionZip } from './zip-extension';

/**
 * The extension as this server hands it out (issue 25): a zip preconfigured for its PUBLIC_URL.
 * Public: the install page links it before anyone has an account, as a store listing would.
 */
const registerExtension: AppModule = (app, { config }) => {
  const input = { extensionDist: config.extensionDist, serverUrl: config.publicUrl };
  // Zipped once per build of the extension: a rebuild while the server runs is picked up.
  let cached: { builtAt: number; zip: ExtensionZip } | null = null;
  const currentZip = () => {
    const builtAt = readBuiltAt(config.extensionDist);
    if (cached?.builtAt !== builtAt) cached = { builtAt, zip: zipExtension(input) };
    return cached.zip;
  };
  registerRoute(app, routes.downloadExtension, {
    access: 'public',
    errors: ['NOT_FOUND'],
    handler: (_request, reply) => sendZip(reply, currentZip()),
  });
  return Promise.resolve();
};

function readBuiltAt(extensionDist: string): number {
  try {
    return statSync(path.join(extensionDist, 'manifest.json')).mtimeMs;
  } catch {
    return -1;
  }
}

function sendZip(reply: FastifyReply, zip: ExtensionZip): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .header('content-length', String(zip.bytes.byteLength))
    .header('cache-control', 'no-cache')
    .send(Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength));
}

/** The extension module's manifest: what it depends on, the tables it owns, its routes. */
export const extensionModule = defineModule({
  name: 'extension',
  summary: "The server's copy of the extension: zip + `waymark-config.json` (issue 25).",
  dependsOn: [],
  ownsTables: [],
  register: registerExtension,
});
