import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it('accepts same-origin relative paths with query and hash', () => {
    expect(safeNextPath('/Dashboard/Coach/3/CoachDetails/')).toBe('/Dashboard/Coach/3/CoachDetails/');
    expect(safeNextPath('/a/b?x=1#top')).toBe('/a/b?x=1#top');
  });

  it.each([
    null,
    '',
    'Dashboard/Coach/3',
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    '/\u0000x',
    '/login',
    '/login/?next=/x',
    // Each of these normalises to `//evil…` (another host) or holds a backslash once resolved.
    '/..//evil.example',
    '/./..//evil.example/x',
    '/a/../..//evil.example',
    '/%2e%2e//evil.example',
    '/x/..//evil',
    '/\t/evil.example',
    '/a/..\\evil',
  ])('rejects %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('encodes the path to return to', () => {
    expect(loginPathFor('/Dashboard/Coach/3/CoachDetails/?a=1')).toBe(
      '/login?next=%2FDashboard%2FCoach%2F3%2FCoachDetails%2F%3Fa%3D1',
    );
    expect(loginPathFor('/')).toBe('/login');
  });
});
