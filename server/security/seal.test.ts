import { describe, expect, it } from 'vitest';
import { openWith, sealFor } from './seal.js';

describe('seal', () => {
  it('opens only with the secret it was sealed for, and never after tampering', () => {
    const sealed = sealFor('token-a', 'the successor');
    expect(openWith('token-a', sealed)).toBe('the successor');
    expect(openWith('token-b', sealed)).toBeNull();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openWith('token-a', bytes.toString('base64url'))).toBeNull();
    expect(openWith('token-a', 'garbage')).toBeNull();
    expect(sealFor('token-a', 'x')).not.toBe(sealFor('token-a', 'x')); // a fresh IV each time
  });
});
