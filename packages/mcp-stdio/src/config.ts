/**
 * Settings come from the environment the MCP client starts us with (its `env` block): the
 * server's address and an API key made at <CAIRN_URL>/app/settings/api-keys.
 */
export type Config = { baseUrl: string; apiKey: string; timeoutMs: number };

export class ConfigError extends Error {}

const DEFAULT_TIMEOUT_MS = 15_000;
const KEY_PATTERN = /^cairn_[0-9A-Za-z]{32}$/;

export function readConfig(env: Record<string, string | undefined>): Config {
  const rawUrl = env.CAIRN_URL?.trim();
  if (!rawUrl) {
    throw new ConfigError(
      'CAIRN_URL is not set: set it to the address of your Cairn server, e.g. https://cairn.example.com',
    );
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ConfigError(`CAIRN_URL is not a valid URL: ${rawUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`CAIRN_URL must start with http:// or https:// (got ${rawUrl})`);
  }
  const baseUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, '');

  const apiKey = env.CAIRN_API_KEY?.trim();
  if (!apiKey) {
    throw new ConfigError(
      `CAIRN_API_KEY is not set: create an API key at ${baseUrl}/app/settings/api-keys and put it in your MCP client's config`,
    );
  }
  if (!KEY_PATTERN.test(apiKey)) {
    throw new ConfigError(
      'CAIRN_API_KEY does not look like a Cairn API key (cairn_ followed by 32 letters and digits): copy it again',
    );
  }

  const rawTimeout = env.CAIRN_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 300_000) {
    throw new ConfigError('CAIRN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000');
  }
  return { baseUrl, apiKey, timeoutMs };
}
