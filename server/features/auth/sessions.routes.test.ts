// Real: the Fastify app on a database built by the real migrations, people signing in through the
// real login route (each sign-in a refresh-token family with its browser's user agent), real
// refresh cookies and API keys. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1';

describe('sessions: where you are signed in, and signing out there', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Another sign-in of the same person, from another browser. */
  async function signInFrom(user: TestUser, userAgent: string) {
    const res = await t
      .as(null)
      .post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        { headers: { 'user-agent': userAgent } },
      );
    expect(res.status, res.body).toBe(200);
    return { token: res.json.access_token, refresh: res.cookies.cairn_refresh! };
  }

  it('lists each sign-in with its browser, newest activity first, and marks the current one', async () => {
    const alice = await t.signUp();
    const phone = await signInFrom(alice, IPHONE);
    const laptop = await signInFrom(alice, FIREFOX);
    const res = await t.as(laptop).get('/api/sessions');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toHaveLength(3);
    expect(res.json[0]).toMatchObject({ user_agent: FIREFOX, current: true });
    expect(res.json.filter((s) => s.current)).toHaveLength(1);
    expect(res.json.map((s) => s.user_agent)).toContain(IPHONE);
    for (const s of res.json)
      expect(Date.parse(s.last_active_at)).toBeGreaterThanOrEqual(Date.parse(s.signed_in_at));
    // A refresh is activity: the phone's sign-in moves to the top, still one entry.
    const refreshed = await t.as(null).post('/api/auth/refresh', undefined, {
      cookies: { cairn_refresh: phone.refresh },
      headers: { 'user-agent': IPHONE },
    });
    expect(refreshed.status).toBe(200);
    const after = (await t.as(laptop).get('/api/sessions')).json;
    expect(after).toHaveLength(3);
    expect(after[0]?.user_agent).toBe(IPHONE);
  });

  it('signs one session out: its token and its refresh cookie stop working at once', async () => {
    const alice = await t.signUp();
    const phone = await signInFrom(alice, IPHONE);
    const list = (await t.as(alice).get('/api/sessions')).json;
    const phoneSession = list.find((s) => s.user_agent === IPHONE)!;
    expect((await t.as(alice).delete(`/api/sessions/${phoneSession.id}`)).status).toBe(204);

    expect((await t.as(phone).get('/api/traces')).status).toBe(401);
    const refresh = await t
      .as(null)
      .post('/api/auth/refresh', undefined, { cookies: { cairn_refresh: phone.refresh } });
    expect(refresh.status).toBe(401);
    expect((await t.as(alice).get('/api/sessions')).json).toHaveLength(1);
    // Already over: nothing left to end.
    expect((await t.as(alice).delete(`/api/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const alice = await t.signUp();
    const phone = await signInFrom(alice, IPHONE);
    const laptop = await signInFrom(alice, FIREFOX);
    const res = await t.as(laptop).post('/api/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ended: 2 });
    expect((await t.as(laptop).get('/api/traces')).status).toBe(200);
    expect((await t.as(phone).get('/api/traces')).status).toBe(401);
    expect((await t.as(alice).get('/api/traces')).status).toBe(401);
    const left = (await t.as(laptop).get('/api/sessions')).json;
    expect(left).toEqual([expect.objectContaining({ current: true, user_agent: FIREFOX })]);
  });

  it('ending the current session is signing out here', async () => {
    const alice = await t.signUp();
    const current = (await t.as(alice).get('/api/sessions')).json[0]!;
    expect(current.current).toBe(true);
    expect((await t.as(alice).delete(`/api/sessions/${current.id}`)).status).toBe(204);
    expect((await t.as(alice).get('/api/sessions')).status).toBe(401);
  });

  it("never shows or ends another person's sessions, and never answers a key or a token", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const aliceSession = (await t.as(alice).get('/api/sessions')).json[0]!;
    const bobList = (await t.as(bob).get('/api/sessions')).json;
    expect(bobList.map((s) => s.id)).not.toContain(aliceSession.id);

    const asBob = await t.as(bob).delete(`/api/sessions/${aliceSession.id}`);
    expect(asBob.status).toBe(404);
    expect(asBob.json.code).toBe('not_found');
    expect((await t.as(bob).delete('/api/sessions/not-a-uuid')).status).toBe(404);
    expect((await t.as(alice).get('/api/traces')).status).toBe(200);

    const key = await t.apiKey(alice);
    for (const res of [
      await t.as(key).get('/api/sessions'),
      await t.as(key).delete(`/api/sessions/${aliceSession.id}`),
      await t.as(key).post('/api/sessions/sign-out-others'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('session_required');
    }
    expect((await t.as(alice).get('/api/sessions')).json).toHaveLength(1);
    expect((await t.as(null).get('/api/sessions')).status).toBe(401);
  });
});
