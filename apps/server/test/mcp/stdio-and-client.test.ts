import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';
import { createPat } from '../tokens/token-world';
import { textOf } from './mcp-client';

// Issue 29: the repository's stdio bin (`npx waymark-mcp`) against a running server with an API
// token. The typed client is tested as published: client-package.test.ts.

const BIN = fileURLToPath(
  new URL('../../../../packages/client/bin/waymark-mcp.mjs', import.meta.url),
);

let t: AuthTestContext;
let world: OrgWorld;
let baseUrl: string;
let secret: string;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  const projectId = await createProject(t, world, 'https://stdio.mcp.test', 'Docs site');
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/intro',
    title: 'Intro outdated',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  secret = (await createPat(t, world.admin, ['items:read'])).authorization.slice('Bearer '.length);
});
afterAll(() => t.close());

function stdioClient(env: Record<string, string>) {
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
}

describe('waymark-mcp (stdio)', () => {
  it('serves the tools of /mcp over stdio with the token', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(stdioClient({ WAYMARK_URL: baseUrl, WAYMARK_TOKEN: secret }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_page_items');
      const answer = await client.callTool({
        name: 'get_page_items',
        arguments: { url: 'https://stdio.mcp.test/intro' },
      });
      expect(textOf(answer)).toContain('Intro outdated');
      expect(textOf(answer)).toContain('Page /intro of project "Docs site"');
    } finally {
      await client.close();
    }
  });

  it('refuses to start without a token', async () => {
    const transport = stdioClient({ WAYMARK_URL: baseUrl });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow();
  });
});
