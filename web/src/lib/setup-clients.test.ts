import { describe, expect, it } from 'vitest';
import { pickSetupClient } from './setup-clients.js';

const client = (id: string, platform: string, created_at: string, registered_via?: string) => ({
  id,
  platform,
  created_at,
  ...(registered_via ? { registered_via } : {}),
});

describe('pickSetupClient', () => {
  const clients = [
    client('old-claude', 'claude', '2026-01-01T00:00:00Z'),
    client('new-claude', 'claude', '2026-02-01T00:00:00Z', 'manual'),
    client('dyn-claude', 'claude', '2026-03-01T00:00:00Z', 'dynamic'),
    client('gpt', 'chatgpt', '2026-03-01T00:00:00Z'),
  ];
  it('takes the newest hand-made client of the platform', () => {
    expect(pickSetupClient(clients, 'claude')?.id).toBe('new-claude');
    expect(pickSetupClient(clients, 'chatgpt')?.id).toBe('gpt');
  });
  it('finds none when the platform has only self-registered clients or none at all', () => {
    expect(pickSetupClient([clients[2]!], 'claude')).toBeUndefined();
    expect(pickSetupClient(clients, 'cursor')).toBeUndefined();
  });
});
