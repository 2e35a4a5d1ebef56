import { describe, expect, it } from 'vitest';
import { parseJiraIssueRef } from './parse-issue-ref';

describe('parseJiraIssueRef', () => {
  const parse = (text: string) => parseJiraIssueRef('https://acme.atlassian.net', 'SHOP', text);

  it("reads the project's keys in any case, browse URLs and board URLs of the site", () => {
    expect(parse('SHOP-12')).toBe('SHOP-12');
    expect(parse(' shop-007 ')).toBe('SHOP-7');
    expect(parse('https://acme.atlassian.net/browse/SHOP-41')).toBe('SHOP-41');
    expect(parse('https://ACME.atlassian.net/browse/shop-5/')).toBe('SHOP-5');
    expect(
      parse('https://acme.atlassian.net/jira/software/projects/SHOP/boards/1?selectedIssue=SHOP-9'),
    ).toBe('SHOP-9');
  });

  it("refuses another project's or site's issue, zero, bare numbers and words", () => {
    expect(parse('OPS-3')).toBeNull();
    expect(parse('https://acme.atlassian.net/browse/OPS-3')).toBeNull();
    expect(parse('https://other.atlassian.net/browse/SHOP-3')).toBeNull();
    expect(parse('SHOP-0')).toBeNull();
    expect(parse('12')).toBeNull();
    expect(parse('ftp://acme.atlassian.net/browse/SHOP-4')).toBeNull();
    expect(parse('SHOP-1234567890')).toBeNull();
    expect(parse('https://acme.atlassian.net/projects/SHOP')).toBeNull();
    expect(parse('twelve')).toBeNull();
  });
});
