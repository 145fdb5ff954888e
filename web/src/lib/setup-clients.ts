type Client = { platform: string; registered_via?: string | undefined; created_at: string };

/**
 * The client whose id the set-up page suggests pasting for `platform`: the newest one made on the
 * OAuth Clients page. Clients an assistant registered itself (dynamic registration) are skipped —
 * their ids mean nothing to type in elsewhere.
 */
export function pickSetupClient<T extends Client>(clients: readonly T[], platform: string): T | undefined {
  return clients
    .filter((c) => c.platform === platform && (c.registered_via ?? 'manual') === 'manual')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
}
