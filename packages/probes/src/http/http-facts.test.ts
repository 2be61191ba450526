import { shownUrl } from './http-facts.js';

test('shownUrl masks a password, and the query for people who may not edit the check', () => {
  expect(shownUrl('https://bob:s3cret@example.com/x?token=abc', true)).toBe('https://bob:•••@example.com/x?token=abc');
  expect(shownUrl('https://example.com/x?token=abc', false)).toBe('https://example.com/x?…');
  expect(shownUrl('https://example.com/héllo', false)).toBe('https://example.com/héllo');
});
