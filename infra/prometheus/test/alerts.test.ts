import path from 'node:path';
import { promtool } from '@upmon/testing';

// The alert rules of docs/operations.md load in Prometheus and fire when they should
// (promtool: Debian package `prometheus`, installed by .ci/run when missing).
const dir = path.resolve(import.meta.dirname, '..');

test('the rules are valid', () => {
  const r = promtool(['check', 'rules', 'upmon-alerts.yml'], { cwd: dir });
  expect(r).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
});

test('the rules fire on the scenarios of upmon-alerts.test.yml, and only then', () => {
  const r = promtool(['test', 'rules', 'upmon-alerts.test.yml'], { cwd: dir });
  expect(r).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
});
