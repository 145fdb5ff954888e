import { jwtVerify, SignJWT } from 'jose';

/** Session access tokens: short-lived HS256 JWTs the web app keeps in memory only. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'cairn';
const AUDIENCE = 'cairn-web';

export type AccessClaims = { userId: string; familyId: string; expiresAt: Date };

export async function signAccessToken(
  key: Uint8Array,
  claims: { userId: string; familyId: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, expiresAt: new Date(exp * 1000) };
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return { userId: payload.sub, familyId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}

/** A JWT has three base64url parts; our API keys and OAuth tokens do not look like this. */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
