import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.resolve(import.meta.dirname, '../check-boundaries.mjs');

/** A scratch workspace: each entry is `<group>/<name>` → its dependencies and one source file. */
function workspace(folders: Record<string, { dependencies?: string[]; source?: string; test?: string; readme?: string }>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'upmon-boundaries-'));
  mkdirSync(path.join(root, 'packages'));
  mkdirSync(path.join(root, 'services'));
  for (const [folder, { dependencies = [], source = '', test, readme }] of Object.entries(folders)) {
    const [group, name] = folder.split('/');
    mkdirSync(path.join(root, folder, 'src'), { recursive: true });
    const deps = Object.fromEntries(dependencies.map((d) => [d, 'workspace:*']));
    writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify({ name: `@upmon/${name}`, dependencies: deps }));
    writeFileSync(path.join(root, folder, 'src', 'index.ts'), source);
    if (test !== undefined) writeFileSync(path.join(root, folder, 'src', 'index.test.ts'), test);
    const layer = group === 'services' ? 'services' : (LAYER_OF[name ?? ''] ?? 'none');
    if (readme !== '') writeFileSync(path.join(root, folder, 'README.md'), readme ?? `# ${name}\n\nLayer **${layer}**: it may import …\n`);
  }
  return root;
}

const LAYER_OF: Record<string, string> = { core: 'core', db: 'libraries', 'check-store': 'stores', domain: 'domain', web: 'adapters' };

function check(root: string) {
  try {
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const layered = {
  'packages/core': {},
  'packages/db': {},
  'packages/check-store': { dependencies: ['@upmon/core', '@upmon/db'], source: "import { a } from '@upmon/core';\nimport { b } from '@upmon/db';\n" },
  'packages/domain': { dependencies: ['@upmon/check-store'], source: "import { c } from '@upmon/check-store';\n" },
  'packages/web': { dependencies: ['@upmon/domain'], source: "import { d } from '@upmon/domain';\n" },
  'packages/testing': { dependencies: ['@upmon/domain'], source: "import { d } from '@upmon/domain';\n" },
  'services/api': { dependencies: ['@upmon/web'], source: "import { w } from '@upmon/web';\n" },
};

describe('check-boundaries: the layer order (core < libraries < stores < domain < adapters < services)', () => {
  it('accepts imports of the same or a lower layer', () => {
    const { status, output } = check(workspace(layered));
    expect(output).toContain('boundary check: ok');
    expect(status).toBe(0);
  });

  it.each([
    ['core imports a library', 'packages/core', "import { b } from '@upmon/db';\n", '@upmon/db is in layer libraries, above core'],
    ['check-store imports the domain', 'packages/check-store', "import { d } from '@upmon/domain';\n", '@upmon/domain is in layer domain, above stores'],
    ['the domain imports an adapter', 'packages/domain', "import type { W } from '@upmon/web';\n", '@upmon/web is in layer adapters, above domain'],
    ['a package imports test support', 'packages/web', "import { f } from '@upmon/testing';\n", '@upmon/testing is test support'],
  ])('fails when %s', (_name, folder, source, message) => {
    const { status, output } = check(workspace({ ...layered, [folder]: { source } }));
    expect(output).toContain(`${folder}/src/index.ts: imports ${message}`);
    expect(status).toBe(1);
  });

  it('fails when a package.json depends on a higher layer', () => {
    const { status, output } = check(workspace({ ...layered, 'packages/domain': { dependencies: ['@upmon/web'] } }));
    expect(output).toContain('packages/domain/package.json: depends on @upmon/web is in layer adapters, above domain');
    expect(status).toBe(1);
  });

  it('lets tests import any layer and test support', () => {
    const test = "import { w } from '@upmon/web';\nimport { t } from '@upmon/testing';\n";
    const { status } = check(workspace({ ...layered, 'packages/core': { test } }));
    expect(status).toBe(0);
  });

  it('fails for a package without a README, or one that does not name its layer', () => {
    const missing = check(workspace({ ...layered, 'packages/domain': { dependencies: ['@upmon/check-store'], readme: '' } }));
    expect(missing.output).toContain('packages/domain: no README.md');
    expect(missing.status).toBe(1);
    const wrong = check(workspace({ ...layered, 'packages/web': { readme: '# web\n\nLayer **domain**\n' } }));
    expect(wrong.output).toContain('packages/web/README.md: does not name its layer ("Layer **adapters**")');
    expect(wrong.status).toBe(1);
  });

  it('fails for a package that has no layer', () => {
    const { status, output } = check(workspace({ ...layered, 'packages/sparkles': {} }));
    expect(output).toContain('packages/sparkles: not in any layer');
    expect(status).toBe(1);
  });
});
