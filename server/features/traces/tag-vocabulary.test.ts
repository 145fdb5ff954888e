// Real: the tag vocabulary's cache over the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) and a trace written through the service. Faked: the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../http/principal.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createTagVocabulary } from './tag-vocabulary.js';

describe('the tag vocabulary', () => {
  let t: TestApp;
  let principal: Principal;
  let now = 0;
  let written = 0;
  const write = (tags: string[]) =>
    t.app.services.traces.create(principal, {
      content: `Note ${written++}`,
      category: 'fact',
      importance: 'low',
      tags,
    });
  beforeAll(async () => {
    t = await createTestApp();
    principal = await t.principal(await t.signUp());
  });
  afterAll(() => t.close());

  it('reads the tags again after 30 seconds or once this process wrote a trace', async () => {
    const vocabulary = createTagVocabulary(() => now);
    const read = () => t.db.asUser(principal.userId, (tx) => vocabulary.of(tx, principal.userId));
    await write(['garden']);
    expect(await read()).toEqual(['garden']);
    await write(['kids']);
    expect(await read()).toEqual(['garden']); // remembered
    now += 30_001;
    expect(await read()).toEqual(['garden', 'kids']);
    await write(['kids']);
    vocabulary.changed(principal.userId);
    expect(await read()).toEqual(['kids', 'garden']);
  });
});
