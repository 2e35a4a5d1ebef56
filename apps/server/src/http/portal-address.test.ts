import { describe, expect, it } from 'vitest';
import { plainPagePathOf } from './portal-address';

describe('plainPagePathOf', () => {
  it('gives the page path of a plainly written page address, any case, any query', () => {
    expect(plainPagePathOf('/client/')).toBe('/');
    expect(plainPagePathOf('/client/home/product-info')).toBe('/home/product-info');
    expect(plainPagePathOf('/client/Home/Product-Info/')).toBe('/home/product-info/');
    expect(plainPagePathOf('/client/app/account?tab=a%20b&x=/../')).toBe('/app/account');
    expect(plainPagePathOf('/client/v1.2/notes')).toBe('/v1.2/notes');
  });

  it('leaves files, assets, encoded, dotted or doubled segments and other prefixes to Fastify', () => {
    for (const url of [
      '/client',
      '/CLIENT/app',
      '/clientx/app',
      '/api/ping',
      '/client/favicon.svg',
      '/client/assets/x-abc123.js',
      '/client/assets/chunk',
      '/client/%61pp',
      '/client/../api/ping',
      '/client/./app',
      '/client/.hidden',
      '/client//app',
      '/client/app#top',
      '/client/a b',
      `/client/${'a'.repeat(1_100)}`,
    ])
      expect(plainPagePathOf(url), url).toBeUndefined();
  });
});
