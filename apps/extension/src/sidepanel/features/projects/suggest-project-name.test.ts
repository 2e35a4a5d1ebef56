import { describe, expect, it } from 'vitest';
import { suggestProjectName } from './suggest-project-name';

describe('suggestProjectName', () => {
  it.each([
    ['https://www.shop.example.com/checkout?x=1', 'shop.example.com'],
    ['http://127.0.0.1:4100/cart', '127.0.0.1:4100'],
    ['https://Docs.Example.com/', 'docs.example.com'],
  ])('names the project for %s %j', (url, name) => {
    expect(suggestProjectName(url)).toBe(name);
  });
});
