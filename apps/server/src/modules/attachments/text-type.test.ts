import { describe, expect, it } from 'vitest';
import { detectTextType } from './text-type';

describe('detectTextType', () => {
  it('names logs and plain text files text/plain, and other known text by their extension', () => {
    const log = Buffer.from('2026-11-25 INFO started\n\u001b[31mERROR\u001b[0m failed\tagain\r\n');
    expect(detectTextType('console.LOG', log)).toBe('text/plain');
    expect(detectTextType('notes.txt', Buffer.from('héllo'))).toBe('text/plain');
    expect(detectTextType('rows.csv', Buffer.from('a,b\n1,2\n'))).toBe('text/csv');
    expect(detectTextType('state.json', Buffer.from('{"a":1}'))).toBe('application/json');
  });

  it('counts a sample cut inside a character as text', () => {
    const cut = Buffer.from('ok é', 'utf8').subarray(0, 4);
    expect(detectTextType('a.txt', cut)).toBe('text/plain');
  });

  it('leaves binary bytes, invalid UTF-8 and unknown extensions undetected', () => {
    expect(detectTextType('dump.log', Buffer.from([0x00, 0x01, 0x02, 0x41]))).toBeUndefined();
    expect(
      detectTextType('latin.txt', Buffer.from([0x68, 0xe9, 0x6c, 0x6c, 0x6f])),
    ).toBeUndefined();
    expect(detectTextType('page.html', Buffer.from('<p>hi</p>'))).toBeUndefined();
    expect(detectTextType('README', Buffer.from('text'))).toBeUndefined();
  });
});
