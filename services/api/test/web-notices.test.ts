import { makeCheck, makeIntegration } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

/** Names every object inherits: a notice lookup that reads more than its own names shows a function's text for them. */
const INHERITED = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

describe('notices after an action (?done=…)', () => {
  test('only a page’s own notice names show a notice; inherited names show none', async () => {
    const check = await makeCheck(h.prisma, team.project.id);
    const integration = await makeIntegration(h.prisma, team.project.id, 'webhook', { url: 'http://hooks.example/x' });
    const pages = [
      { path: `/checks/${check.id}`, known: ['saved', 'Changes saved.'] },
      { path: `/accounts/${team.accountId}`, known: ['role', 'Role changed.'] },
      { path: `/projects/${team.project.id}/integrations/${integration.id}`, known: ['saved', 'Changes saved.'] },
      { path: `/projects/${team.project.id}/maintenance`, known: ['deleted', 'Maintenance window deleted.'] },
    ];
    for (const { path, known } of pages) {
      const shown = await as.owner!.get(`${path}?done=${known[0]}`);
      expect(pageText(shown.text)).toContain(known[1]);
      for (const name of INHERITED) {
        const page = await as.owner!.get(`${path}?done=${name}`);
        expect({ path, name, status: page.status }).toEqual({ path, name, status: 200 });
        expect(pageText(page.text)).not.toMatch(/function|native code|\[object/);
        expect(page.text).not.toMatch(/class="notice/);
      }
    }
  });
});
