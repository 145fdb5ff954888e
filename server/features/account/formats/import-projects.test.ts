// Pure: how an import file's items get their project (ADR 0029) — a note's folder, a Cairn
// export's `project`, mem0's agent_id or run_id — and that a name that cannot be a project never
// costs the note (it is then personal). The import itself is covered by export-roundtrip.test.ts.
import { describe, expect, it } from 'vitest';
import { toProjectName } from './import-item.js';
import { commonRoot, noteToItem, projectOfPath } from './markdown-notes.js';
import { memoryToItem } from './mem0.js';

const projectOf = (item: ReturnType<typeof noteToItem>) => ('trace' in item ? item.trace.project : 'error');

describe('projects from an import file', () => {
  it("a vault's top-level folder, under the folder every note shares", () => {
    const names = ['MyVault/Work/standup.md', 'MyVault/Work/deep/plan.md', 'MyVault/inbox.md'];
    const root = commonRoot(names);
    expect(root).toBe('MyVault');
    expect(names.map((n) => projectOf(noteToItem(n, 'Some text', projectOfPath(n, root))))).toEqual([
      'Work',
      'Work',
      undefined,
    ]);
    // Notes at the top of the archive share no folder: folders are projects as they are.
    expect(commonRoot(['a.md', 'Trips/japan.md'])).toBeNull();
    expect(projectOfPath('Trips/japan.md', null)).toBe('Trips');
    expect(projectOfPath('a.md', null)).toBeUndefined();
  });

  it("a note's own project: wins over its folder", () => {
    const note = '---\nproject: "acme/api"\npinned: "true"\n---\nRun the migrations first.';
    const item = noteToItem('cairn-2026-11-28/acme - api/Migrations.md', note, 'acme - api');
    expect(item).toMatchObject({ trace: { project: 'acme/api', pinned: true } });
  });

  it("mem0's agent_id, else its run_id; a Cairn export's project and pin", () => {
    expect(memoryToItem({ memory: 'Uses pnpm', agent_id: 'repo-bot', run_id: 'r1' }, '1')).toMatchObject({
      trace: { project: 'repo-bot' },
    });
    expect(memoryToItem({ memory: 'Uses pnpm', run_id: 'session-7' }, '2')).toMatchObject({
      trace: { project: 'session-7' },
    });
    expect(memoryToItem({ memory: 'Personal', user_id: 'ann' }, '3')).toMatchObject({
      trace: { content: 'Personal' },
    });
    expect(memoryToItem({ memory: 'Personal', user_id: 'ann' }, '3')).not.toHaveProperty('trace.project');
    const exported = { content: 'Run the migrations', category: 'work', project: 'acme/api', pinned: true };
    expect(memoryToItem(exported, '4')).toMatchObject({ trace: { project: 'acme/api', pinned: true } });
  });

  it('a name that cannot be a project is cleaned or dropped, never refusing the note', () => {
    expect(toProjectName('  acme\u0000/api\n ')).toBe('acme /api');
    expect(toProjectName('x'.repeat(150))).toHaveLength(100);
    expect(toProjectName('*')).toBeUndefined();
    expect(toProjectName('   ')).toBeUndefined();
    expect(toProjectName(42)).toBeUndefined();
    const long = noteToItem(
      `${'F'.repeat(300)}/note.md`,
      'Kept',
      projectOfPath(`${'F'.repeat(300)}/note.md`, null),
    );
    expect(long).toMatchObject({ trace: { content: 'Kept', project: 'F'.repeat(100) } });
  });
});
