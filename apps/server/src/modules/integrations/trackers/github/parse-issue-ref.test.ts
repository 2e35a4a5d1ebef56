import { describe, expect, it } from 'vitest';
import { parseGitHubIssueRef } from './parse-issue-ref';

describe('parseGitHubIssueRef', () => {
  const parse = (text: string) => parseGitHubIssueRef('Acme/Shop', text);

  it('reads a number, #number, owner/repo#number and the issue URL of the repository', () => {
    expect(parse('12')).toBe('12');
    expect(parse(' #7 ')).toBe('7');
    expect(parse('acme/shop#30')).toBe('30');
    expect(parse('https://github.com/Acme/Shop/issues/41')).toBe('41');
    expect(parse('https://github.example.com/acme/shop/issues/5/')).toBe('5');
  });

  it('refuses another repository, a pull request, zero and words', () => {
    expect(parse('other/shop#3')).toBeNull();
    expect(parse('https://github.com/Acme/Other/issues/41')).toBeNull();
    expect(parse('https://github.com/Acme/Shop/pull/41')).toBeNull();
    expect(parse('#0')).toBeNull();
    expect(parse('ftp://github.com/Acme/Shop/issues/4')).toBeNull();
    expect(parse('twelve')).toBeNull();
    expect(parse('1234567890123')).toBeNull();
  });
});
