import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';
import { createPat } from '../tokens/token-world';

// Issue 29: `@waymark/client` as a stranger gets it. `npm pack` builds and packs it, a fresh
// project outside the repository installs the tarball from the registry's ordinary client, plain
// Node imports it and calls this test's real server with a token, and TypeScript checks a
// consumer against the shipped declarations (a wrong call must be a type error).

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../../../../packages/client/', import.meta.url));
const TSC = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));

let t: AuthTestContext;
let world: OrgWorld;
let baseUrl: string;
let secret: string;
let work: string;
let tarball: string;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  const projectId = await createProject(t, world, 'https://docs.package.test', 'Docs site');
  await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/intro',
    title: 'Intro outdated',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  secret = (await createPat(t, world.admin, ['items:read'])).authorization.slice('Bearer '.length);
  work = await mkdtemp(path.join(tmpdir(), 'waymark-client-package-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: PACKAGE_DIR,
  });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  tarball = path.join(work, packed!.filename);
  const consumer = path.join(work, 'consumer');
  await mkdir(consumer);
  await writeFile(
    path.join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
    { cwd: consumer },
  );
}, 240_000);
afterAll(async () => {
  await t.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('@waymark/client, packed and installed', () => {
  it('ships built JavaScript, declarations, the bin and the README; nothing of the monorepo', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files).toEqual([
      'package/README.md',
      'package/bin/waymark-mcp.mjs',
      'package/dist/index.d.ts',
      'package/dist/index.js',
      'package/dist/index.js.map',
      'package/package.json',
    ]);
    const installed = path.join(work, 'consumer/node_modules/@waymark/client');
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
      private?: boolean;
    };
    // The package's major version is the API's (docs/api.md "Versioning and deprecation").
    const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const apiVersion = openapi.json<{ info: { version: string } }>().info.version;
    expect(manifest.version.split('.')[0]).toBe(apiVersion.split('.')[0]);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@modelcontextprotocol/sdk', 'zod']);
    expect(manifest.private).toBeUndefined();
    const code = await readFile(path.join(installed, 'dist/index.js'), 'utf8');
    expect(code).not.toContain('@waymark/core');
  });

  it('is imported by plain Node and calls the server with a token, failures as AppError', async () => {
    const script = `
      import { createWaymarkClient, AppError } from '@waymark/client';
      const waymark = createWaymarkClient({ baseUrl: process.env.URL, token: process.env.TOKEN });
      const page = await waymark.getPageItems({ query: { pageUrl: 'https://docs.package.test/intro' } });
      const refused = await waymark
        .addItemNote({ body: { itemId: page.items[0].itemId, text: 'x' } })
        .catch((error) => error);
      const bad = await createWaymarkClient({ baseUrl: process.env.URL, token: 'wmk_pat_nope' })
        .getPageItems({ query: { pageUrl: 'https://docs.package.test/intro' } })
        .catch((error) => error);
      console.log(JSON.stringify({
        titles: page.items.map((item) => item.title),
        refused: [refused instanceof AppError, refused.code],
        bad: [bad instanceof AppError, bad.code],
      }));`;
    await writeFile(path.join(work, 'consumer/use.mjs'), script);
    const { stdout } = await run(process.execPath, ['use.mjs'], {
      cwd: path.join(work, 'consumer'),
      env: { PATH: process.env.PATH ?? '', URL: baseUrl, TOKEN: secret },
    });
    expect(JSON.parse(stdout)).toEqual({
      titles: ['Intro outdated'],
      refused: [true, 'FORBIDDEN'],
      bad: [true, 'UNAUTHORIZED'],
    });
  });

  it("types a consumer from its declarations: inputs and answers from the API's schemas", async () => {
    const consumer = path.join(work, 'consumer');
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          types: [],
        },
        include: ['check.ts'],
      }),
    );
    await writeFile(
      path.join(consumer, 'check.ts'),
      `import { createWaymarkClient, AppError, type RouteOutput, type routes } from '@waymark/client';
const waymark = createWaymarkClient({ baseUrl: 'https://waymark.example.com', token: 'wmk_pat_x' });
export async function titles(): Promise<string[]> {
  const page: RouteOutput<typeof routes.getPageItems> = await waymark.getPageItems({
    query: { pageUrl: 'https://docs.package.test/intro' },
  });
  // @ts-expect-error pageUrl is a string
  await waymark.getPageItems({ query: { pageUrl: 42 } });
  // @ts-expect-error no such route
  await waymark.noSuchRoute();
  const code: AppError['code'] = 'NOT_FOUND';
  return [code, ...page.items.map((item) => item.title)];
}
`,
    );
    const result = await run(process.execPath, [TSC, '-p', consumer]).then(
      () => 'clean',
      (error: { stdout?: string; message: string }) => error.stdout ?? error.message,
    );
    expect(result).toBe('clean');
  });

  it('installs the waymark-mcp bin, which explains itself without a token', async () => {
    const bin = path.join(work, 'consumer/node_modules/.bin/waymark-mcp');
    const result = await run(bin, [], { env: { PATH: process.env.PATH ?? '' } }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: WAYMARK_URL=');
  });
});
