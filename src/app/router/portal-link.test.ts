import { describe, expect, it } from 'vitest';
import { withPortal } from './portal-link';

describe('withPortal', () => {
  it('adds the portal to internal addresses that lack one', () => {
    expect(withPortal('/', 'https://data.example.org')).toBe('/?portal=https://data.example.org');
    expect(withPortal('/datasets/x/table?refine=a:b', 'https://d.org')).toBe(
      '/datasets/x/table?refine=a:b&portal=https://d.org',
    );
  });

  it('leaves addresses alone for this server or when they name a portal', () => {
    expect(withPortal('/?q=x', '')).toBe('/?q=x');
    expect(withPortal('/?portal=https://a.org', 'https://b.org')).toBe('/?portal=https://a.org');
  });
});
