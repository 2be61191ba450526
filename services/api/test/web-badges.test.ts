/**
 * The Badges page of the web app: on every plan (the free one has no API), one badge for all
 * checks and one per tag, and every URL it shows answers.
 */
import { makeCheck } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText } from './support/web-client.js';
import { makeTeam, signedInClients, type Team } from './support/web-users.js';
import type { WebClient } from './support/web-client.js';

const APP = 'https://app.example.test';
let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: APP });
  team = await makeTeam(h.prisma, 'free');
  as = await signedInClients(h.api.url, team);
  await makeCheck(h.prisma, team.project.id, { name: 'db', tags: ['prod', 'a b/c.d'], status: 'down' });
  await makeCheck(h.prisma, team.project.id, { name: 'web', tags: ['prod'], status: 'up' });
});
afterAll(() => h.close());

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

test('a free account’s read-only member sees every badge with its URLs and snippets, and each URL answers', async () => {
  const page = await as.read_only!.get(`/projects/${team.project.id}/badges`);
  expect(page.status).toBe(200);
  const text = pageText(page.text);
  expect(text).toContain('All checks');
  expect(text).toContain('Tag a b/c.d');
  expect(text).toContain('Tag prod');
  const { badgeKey } = await h.prisma.project.findUniqueOrThrow({ where: { id: team.project.id } });
  const codes = [...page.text.matchAll(/<code id="badge-\d+-\d+">([^<]*)<\/code>/g)].map((m) => decode(m[1]!));
  expect(codes).toHaveLength(3 * 6);
  expect(codes.slice(0, 6)).toEqual([
    `${APP}/badge/${badgeKey}/*.svg`,
    `${APP}/badge/${badgeKey}/*.json`,
    `${APP}/badge/${badgeKey}/*.shields`,
    `![${team.project.name} status](${APP}/badge/${badgeKey}/*.svg)`,
    `<img src="${APP}/badge/${badgeKey}/*.svg" alt="${team.project.name} status">`,
    `![${team.project.name} status](https://img.shields.io/endpoint?url=${encodeURIComponent(`${APP}/badge/${badgeKey}/*.shields`)})`,
  ]);
  expect(codes).toContain(`${APP}/badge/${badgeKey}/a%20b%2Fc.d.svg`);

  // Every URL shown answers, through this api (APP_BASE_URL is its public name).
  const urls = codes.filter((c) => c.startsWith(APP));
  expect(urls).toHaveLength(9);
  for (const url of urls) {
    const res = await fetch(url.replace(APP, h.api.url));
    expect([url, res.status]).toEqual([url, 200]);
    const body = await res.text();
    if (url.endsWith('.svg')) expect(body).toMatch(/^<svg /);
    else if (url.endsWith('.json'))
      expect(JSON.parse(body)).toMatchObject({ status: url.includes('/prod.') || url.includes('*') || url.includes('a%20b') ? 'down' : 'up' });
    else expect(JSON.parse(body)).toMatchObject({ schemaVersion: 1, message: 'down' });
  }
  // The preview images are same-origin paths (the page's CSP allows only 'self').
  expect(page.text).toContain(`<img src="/badge/${badgeKey}/*.svg" alt="Badge now: All checks" height="20"/>`);
  expect(page.text).toContain('aria-current="page" class="tab current">Badges</a>');
});

test('another account’s project is a 404', async () => {
  const other = await makeTeam(h.prisma, 'free');
  expect((await as.owner!.get(`/projects/${other.project.id}/badges`)).status).toBe(404);
});
