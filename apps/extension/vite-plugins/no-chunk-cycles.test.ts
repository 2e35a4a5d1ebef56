import { describe, expect, it } from 'vitest';
import { chunkCycle } from './no-chunk-cycles';

describe('chunkCycle', () => {
  it('finds no cycle when chunks import in one direction', () => {
    expect(
      chunkCycle([
        { fileName: 'entry.js', imports: ['first-code.js', 'runtime.js'] },
        { fileName: 'first-code.js', imports: ['runtime.js', 'react.js'] },
        { fileName: 'lazy.js', imports: ['first-code.js', 'entry.js'] },
        { fileName: 'runtime.js', imports: [] },
        { fileName: 'react.js', imports: ['external.js'] },
      ]),
    ).toBeNull();
  });

  it('names the chunks of a cycle, as the one-chunk build of decision 0096 had', () => {
    expect(
      chunkCycle([
        { fileName: 'options.js', imports: ['first-code.js'] },
        { fileName: 'first-code.js', imports: ['runtime.js', 'lazy.js'] },
        { fileName: 'runtime.js', imports: [] },
        { fileName: 'lazy.js', imports: ['constants.js', 'first-code.js'] },
        { fileName: 'constants.js', imports: [] },
      ]),
    ).toEqual(['first-code.js', 'lazy.js', 'first-code.js']);
  });
});
