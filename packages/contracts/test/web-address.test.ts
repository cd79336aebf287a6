import { describe, expect, it } from 'vitest';
import {
  imageAddressProblem,
  isImageAddress,
  isSitePath,
  isWebAddress,
  linkAddressProblem,
} from '../src/index.ts';

const NOT_WEB = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://shop.example/1',
  'mailto:a@b.c',
  'ftp://shop.example/x',
  '//evil.example/x.jpg',
  'shop.example/dress',
  'https://',
  '',
  `https://shop.example/${'a'.repeat(4000)}`,
];

describe('isWebAddress: the one rule for link addresses', () => {
  it.each([
    'https://shop.example/dress?ref=1',
    'http://shop.example',
    'HTTPS://Shop.Example/x',
    ' https://x.example ',
  ])('takes %j', (value) => expect(isWebAddress(value)).toBe(true));
  it.each(NOT_WEB)('refuses %j', (value) => {
    expect(isWebAddress(value)).toBe(false);
    expect(linkAddressProblem('url', value)).toBe('url must be an http(s) URL');
  });
});

describe('isSitePath and isImageAddress: images may also be paths on this site', () => {
  it.each(['/api/images/posts/a.svg', '/x', '/a/b?c=d#e'])('takes %j', (value) => {
    expect(isSitePath(value)).toBe(true);
    expect(isImageAddress(value)).toBe(true);
  });
  it.each([
    '//evil.example/x.jpg',
    '/\\evil.example/x.jpg',
    '/\t/evil.example/x.jpg',
    '/\n/evil.example',
    'x.jpg',
    '',
  ])('refuses %j, which is no path on this site', (value) => expect(isSitePath(value)).toBe(false));
  it.each(NOT_WEB)('refuses %j as an image', (value) => {
    expect(isImageAddress(value)).toBe(false);
    expect(imageAddressProblem('mainImage', value)).toBe('mainImage must be an http(s) URL or a path');
  });
});
