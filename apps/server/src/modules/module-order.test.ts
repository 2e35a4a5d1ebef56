import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppDeps, ModuleManifest } from './module';
import { orderModules, toPlugin } from './module-order';

const manifest = (name: string, dependsOn: string[] = []): ModuleManifest => ({
  name,
  summary: name,
  dependsOn,
  ownsTables: [],
});

const names = (manifests: ModuleManifest[]) => manifests.map((m) => m.name);

describe('orderModules', () => {
  it('places every module after the modules it depends on, else in listed order', () => {
    const ordered = orderModules([
      manifest('billing', ['teams', 'access']),
      manifest('system'),
      manifest('teams', ['access']),
      manifest('access'),
    ]);
    expect(names(ordered)).toEqual(['system', 'access', 'teams', 'billing']);
  });

  it('refuses a dependency that is not a module, naming both', () => {
    expect(() => orderModules([manifest('items', ['projcts']), manifest('projects')])).toThrow(
      'Module "items" depends on "projcts", which is not a module.',
    );
  });

  it('refuses a cycle, showing it', () => {
    expect(() =>
      orderModules([
        manifest('system'),
        manifest('items', ['projects']),
        manifest('projects', ['teams']),
        manifest('teams', ['items']),
      ]),
    ).toThrow('Module dependency cycle: items → projects → teams → items.');
  });

  it('refuses two modules with one name', () => {
    expect(() => orderModules([manifest('items'), manifest('items')])).toThrow(
      'Two modules are named "items".',
    );
  });
});

describe('toPlugin', () => {
  it('lets Fastify refuse a module registered before its dependency', async () => {
    const app = Fastify();
    const deps = {} as AppDeps;
    await app.register(toPlugin(manifest('access')), deps);
    await app.register(toPlugin(manifest('teams', ['access'])), deps);
    await expect(app.register(toPlugin(manifest('billing', ['mail'])), deps)).rejects.toThrow(
      /dependency 'mail' of plugin 'billing' is not registered/,
    );
    await app.close();
  });
});
