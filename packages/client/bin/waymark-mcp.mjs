#!/usr/bin/env node
// Waymark's MCP server over stdio (issue 29, docs/mcp.md): a bridge that forwards every JSON-RPC
// message between an MCP client on stdin/stdout and the server's Streamable HTTP endpoint `/mcp`,
// authenticated with an API token. Plain JavaScript so `npx waymark-mcp` runs without a build.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const USAGE =
  'Usage: WAYMARK_URL=https://waymark.example.com WAYMARK_TOKEN=wmk_pat_… waymark-mcp\n' +
  '(or: waymark-mcp --url https://waymark.example.com, with the token in WAYMARK_TOKEN)';

/** The server address from `--url` or WAYMARK_URL, and the token from WAYMARK_TOKEN only. */
function readSettings(argv, env) {
  const flag = argv.indexOf('--url');
  const url = flag >= 0 ? argv[flag + 1] : env.WAYMARK_URL;
  const token = env.WAYMARK_TOKEN;
  if (!url || !/^https?:\/\//.test(url) || !token || !/^wmk_(pat|key)_\S+$/.test(token))
    return null;
  return { endpoint: new URL('/mcp', url), token };
}

// eslint-disable-next-line no-restricted-properties -- this bin's only configuration is its environment, validated by readSettings
const settings = readSettings(process.argv.slice(2), process.env);
if (!settings) {
  // stderr: stdout carries only protocol messages. The token is never printed.
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const remote = new StreamableHTTPClientTransport(settings.endpoint, {
  requestInit: { headers: { authorization: `Bearer ${settings.token}` } },
});
const local = new StdioServerTransport();

local.onmessage = (message) => {
  remote.send(message).catch((error) => {
    // A request the server could not answer (unreachable, 401, 429) still gets an answer.
    if ('id' in message && 'method' in message)
      void local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: -32000,
          message: `Waymark: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
  });
};
remote.onmessage = (message) => void local.send(message);
remote.onerror = (error) => process.stderr.write(`waymark-mcp: ${error.message}\n`);
local.onclose = () => void remote.close();

await remote.start();
await local.start();
