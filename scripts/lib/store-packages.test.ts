import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildStorePackages } from './store-packages.mjs';

const encode = (text: string) => new TextEncoder().encode(text);
const BUILT = {
  'manifest.json': encode(JSON.stringify({ name: 'Waymark', version: '1.2.3', key: 'MIIB' })),
  'service-worker.js': encode('console.log(1)'),
  'waymark-config.json': encode('{"serverUrl":"https://left.over"}'),
};

describe('buildStorePackages', () => {
  it('zips one upload per store, without the manifest key or a server copy config', () => {
    const packages = buildStorePackages({ files: BUILT, version: '1.2.3' });
    expect(packages.map((entry) => entry.fileName)).toEqual([
      'waymark-chrome-web-store-1.2.3.zip',
      'waymark-edge-add-ons-1.2.3.zip',
    ]);
    const files = unzipSync(packages[0]!.bytes);
    expect(Object.keys(files).sort()).toEqual(['manifest.json', 'service-worker.js']);
    expect(JSON.parse(new TextDecoder().decode(files['manifest.json']))).toEqual({
      name: 'Waymark',
      version: '1.2.3',
    });
  });

  it('refuses a build whose version is not the one package.json sets', () => {
    expect(() => buildStorePackages({ files: BUILT, version: '1.2.4' })).toThrow(/rebuild/);
  });
});
