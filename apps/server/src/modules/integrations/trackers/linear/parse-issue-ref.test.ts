import { describe, expect, it } from 'vitest';
import { parseLinearIssueRef } from './parse-issue-ref';

describe('parseLinearIssueRef', () => {
  const parse = (text: string) => parseLinearIssueRef('ENG', text);

  it("reads the team's identifiers in any case and the issue's URL, with or without its slug", () => {
    expect(parse('ENG-12')).toBe('ENG-12');
    expect(parse(' eng-007 ')).toBe('ENG-7');
    expect(parse('https://linear.app/acme/issue/ENG-41/pay-button-does-nothing')).toBe('ENG-41');
    expect(parse('https://linear.app/acme/issue/eng-5/')).toBe('ENG-5');
  });

  it("refuses another team's issue, zero, bare numbers, other URLs and words", () => {
    expect(parse('OPS-3')).toBeNull();
    expect(parse('https://linear.app/acme/issue/OPS-3/x')).toBeNull();
    expect(parse('ENG-0')).toBeNull();
    expect(parse('12')).toBeNull();
    expect(parse('https://linear.app/acme/project/eng-12')).toBeNull();
    expect(parse('ftp://linear.app/acme/issue/ENG-4')).toBeNull();
    expect(parse('ENG-1234567890')).toBeNull();
    expect(parse('twelve')).toBeNull();
  });
});
