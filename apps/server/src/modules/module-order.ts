import type { AppModule, ModuleManifest } from './module';

/**
 * The modules in an order where each comes after every module it depends on; among modules whose
 * dependencies are met, the one listed first goes first, so the order is stable. Throws, naming
 * the modules, on a duplicate name, a dependency that is not a module, or a dependency cycle: the
 * app refuses to start rather than register a module before what it uses.
 */
export function orderModules(manifests: readonly ModuleManifest[]): ModuleManifest[] {
  const byName = new Map<string, ModuleManifest>();
  for (const manifest of manifests) {
    if (byName.has(manifest.name)) throw new Error(`Two modules are named "${manifest.name}".`);
    byName.set(manifest.name, manifest);
  }
  for (const manifest of manifests)
    for (const dependency of manifest.dependsOn)
      if (!byName.has(dependency))
        throw new Error(
          `Module "${manifest.name}" depends on "${dependency}", which is not a module.`,
        );
  const ordered: ModuleManifest[] = [];
  const placed = new Set<string>();
  while (ordered.length < manifests.length) {
    const next = manifests.find(
      (manifest) =>
        !placed.has(manifest.name) && manifest.dependsOn.every((name) => placed.has(name)),
    );
    if (!next) throw new Error(`Module dependency cycle: ${describeCycle(manifests, placed)}.`);
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** One cycle among the modules not yet placed, as `a → b → a`. */
function describeCycle(manifests: readonly ModuleManifest[], placed: Set<string>): string {
  const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
  const path: string[] = [];
  let current = manifests.find((manifest) => !placed.has(manifest.name));
  while (current && !path.includes(current.name)) {
    path.push(current.name);
    const blocked = current.dependsOn.find((name) => !placed.has(name));
    current = blocked === undefined ? undefined : byName.get(blocked);
  }
  const start = current ? path.indexOf(current.name) : 0;
  return [...path.slice(start), path[start]].join(' → ');
}

/**
 * A module as the Fastify plugin the app registers, carrying its name and dependencies the way
 * `fastify-plugin` does (`plugin-meta`), so Fastify itself also refuses a module registered
 * before one it depends on.
 */
export function toPlugin(manifest: ModuleManifest): AppModule {
  const register = manifest.register;
  const plugin: AppModule = register ? (app, deps) => register(app, deps) : () => Promise.resolve();
  Object.assign(plugin, {
    [Symbol.for('plugin-meta')]: { name: manifest.name, dependencies: [...manifest.dependsOn] },
    [Symbol.for('fastify.display-name')]: manifest.name,
  });
  return plugin;
}
