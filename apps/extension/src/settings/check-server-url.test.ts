import { describe, expect, it } from 'vitest';
import { checkServerUrl } from './check-server-url';

describe('checkServerUrl', () => {
  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://waymark.example.com/', 'https://waymark.example.com'],
    ['  HTTPS://Waymark.Example.com:8443  ', 'https://waymark.example.com:8443'],
    ['https://waymark.example.com:443', 'https://waymark.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
  ])('accepts %j as the origin %j', (input, origin) => {
    expect(checkServerUrl(input)).toEqual({ ok: true, url: origin });
  });

  it.each([
    ['', 'Enter the address of your Waymark server.'],
    ['   ', 'Enter the address of your Waymark server.'],
    ['waymark', 'Enter a full address such as https://waymark.example.com.'],
    ['localhost:8080', 'The address must start with http:// or https://.'],
    ['ftp://waymark.example.com', 'The address must start with http:// or https://.'],
    ['chrome://extensions', 'The address must start with http:// or https://.'],
    [
      'https://me:secret@waymark.example.com',
      'Leave the user name and password out of the address.',
    ],
  ])('rejects %j with a message saying what to fix', (input, error) => {
    expect(checkServerUrl(input)).toEqual({ ok: false, error });
  });

  it.each([
    'https://example.com/client/',
    'https://example.com/api',
    'https://example.com/?a=1',
    'https://example.com/#top',
  ])(
    'rejects %j because the extension appends its own paths, suggesting the bare origin',
    (input) => {
      expect(checkServerUrl(input)).toEqual({
        ok: false,
        error: 'Enter only the server address, without a path: for example https://example.com.',
      });
    },
  );
});
