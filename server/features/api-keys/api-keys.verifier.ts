import type { CredentialVerifier } from '../../http/authenticate.js';
import { looksLikeApiKey } from './api-key-tokens.js';
import type { ApiKeysService } from './api-keys.service.js';

/**
 * Claims every `cairn_…` token, well-formed or not, so a garbled key is rejected here with the
 * same 401 as an unknown one instead of being offered to another verifier.
 */
export function apiKeyVerifier(apiKeys: Pick<ApiKeysService, 'verify'>): CredentialVerifier {
  return { accepts: looksLikeApiKey, verify: (token) => apiKeys.verify(token) };
}
