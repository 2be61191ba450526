import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { parseAllDocuments } from 'yaml';
import { loadApiConfig, loadNotifierConfig, loadProberConfig, loadRemoteProberConfig, loadSchedulerConfig, type Env } from '@upmon/config';

// The manifests are rendered offline by kustomize (built into kubectl) and every object is
// validated against Kubernetes' own schemas (kubernetes-models, generated from the API's OpenAPI
// document); then what matters for upmon is checked: probes, resources, budgets, shutdown time,
// configuration that each service accepts.
const dir = path.resolve(import.meta.dirname, '..');
type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [k: string]: any };

const MODELS: Record<string, { new (data: any): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

function render(target: string): Obj[] {
  const r = spawnSync('kubectl', ['kustomize', path.join(dir, target)], { encoding: 'utf8' });
  if (r.error) throw new Error(`kustomize (kubectl kustomize) is needed to render the manifests: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`kustomize failed for ${target}:\n${r.stderr}`);
  const objects = parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj);
  // kustomize folds long base64 values over lines; the API server's decoder skips the newlines.
  for (const o of objects) if (o.kind === 'Secret') for (const k of Object.keys(o.data ?? {})) o.data[k] = o.data[k].replace(/\s+/g, '');
  return objects;
}

const SERVICES = ['api', 'scheduler', 'prober', 'notifier'] as const;
const LOADERS = { api: loadApiConfig, scheduler: loadSchedulerConfig, prober: loadProberConfig, notifier: loadNotifierConfig };
const PORT_VAR = { api: 'API_PORT', scheduler: 'SCHEDULER_PORT', prober: 'PROBER_PORT', notifier: 'NOTIFIER_PORT' };

describe.each(['base', 'overlays/example'])('%s', (target) => {
  const objects = render(target);
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const deployments = SERVICES.map((s) => find('Deployment', `upmon-${s}`) as Obj);

  test('every object is valid against the Kubernetes schemas', () => {
    for (const o of objects) {
      const Model = MODELS[`${o.apiVersion}/${o.kind}`];
      expect([o.kind, o.metadata.name, Model ? 'known' : 'no schema here']).toEqual([o.kind, o.metadata.name, 'known']);
      expect(() => new Model!(o).validate()).not.toThrow();
    }
  });

  test.each(SERVICES)('%s: a Deployment with /readyz and /healthz probes, requests, a memory limit and a PodDisruptionBudget', (service) => {
    const d = find('Deployment', `upmon-${service}`)!;
    expect(d).toBeDefined();
    const pod = d.spec.template.spec;
    const [c] = pod.containers;
    expect(c.readinessProbe.httpGet.path).toBe('/readyz');
    expect(c.livenessProbe.httpGet.path).toBe('/healthz');
    const portNames = c.ports.map((p: { name: string }) => p.name);
    expect(portNames).toContain(c.readinessProbe.httpGet.port);
    expect(portNames).toContain(c.livenessProbe.httpGet.port);
    expect(c.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources.limits.memory).toEqual(expect.any(String));
    expect(c.command).toContain(`services/${service}/dist/main.js`);
    expect(c.envFrom.map((e: any) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual([
      expect.stringMatching(/^upmon-config/),
      expect.stringMatching(/^upmon-secrets/),
    ]);
    const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    const mine = pdbs.filter((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => d.spec.template.metadata.labels[k] === v));
    expect(mine).toHaveLength(1);
    expect(Object.entries(d.spec.selector.matchLabels).every(([k, v]) => d.spec.template.metadata.labels[k] === v)).toBe(true);
  });

  test('pods get longer to stop than the services take (terminationGracePeriodSeconds > preStop + SHUTDOWN_TIMEOUT_MS)', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('upmon-config'))!;
    const shutdownSec = Number(config.data.SHUTDOWN_TIMEOUT_MS) / 1000;
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      const sleep = pod.containers[0].lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? Number(pod.containers[0].lifecycle.preStop.exec.command[1]) : 0;
      expect([d.metadata.name, pod.terminationGracePeriodSeconds > sleep + shutdownSec]).toEqual([d.metadata.name, true]);
    }
  });

  test('the migration is a Job running the retrying migrate script with the database secret only', () => {
    const job = find('Job', 'upmon-migrate')!;
    const [c] = job.spec.template.spec.containers;
    expect(c.command).toEqual(['node', 'packages/db/scripts/migrate.mjs']);
    expect(c.envFrom).toEqual([{ secretRef: { name: expect.stringMatching(/^upmon-secrets/) } }]);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
  });

  test('operators’ metrics are not behind any Service or Ingress', () => {
    const api = find('Deployment', 'upmon-api')!;
    const metricsPort = api.spec.template.spec.containers[0].ports.find((p: { name: string }) => p.name === 'metrics');
    for (const s of objects.filter((o) => o.kind === 'Service')) {
      for (const p of s.spec.ports) expect([s.metadata.name, p.targetPort]).not.toEqual([s.metadata.name, 'metrics']);
      for (const p of s.spec.ports) expect(p.targetPort).not.toBe(metricsPort.containerPort);
    }
  });

  test('no secret in the ConfigMap; every service accepts the configuration, on the ports its pod declares', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('upmon-config'))!;
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'ENCRYPTION_KEY', 'TELEGRAM_BOT_TOKEN', 'SMTP_URL', 'TWILIO_AUTH_TOKEN'])
      expect(config.data[name]).toBeUndefined();
    const secret = objects.find((o) => o.kind === 'Secret');
    const secretEnv: Env = secret
      ? Object.fromEntries(Object.entries(secret.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]))
      : {};
    if (secret) {
      // The example's placeholders are refused, so nobody runs on them by mistake...
      expect(() => loadApiConfig({ ...config.data, ...secretEnv })).toThrow(/ENCRYPTION_KEY/);
    }
    // ...and with real values every service starts with this configuration.
    const env: Env = {
      ...config.data,
      DATABASE_URL: 'postgresql://upmon:pw@db:5432/upmon',
      REDIS_URL: 'redis://redis:6379',
      ...Object.fromEntries(Object.entries(secretEnv).filter(([k]) => k !== 'ENCRYPTION_KEY')),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    for (const service of SERVICES) {
      const loaded = LOADERS[service](env) as { port: number; metricsPort?: number; shutdownTimeoutMs: number };
      const ports = find('Deployment', `upmon-${service}`)!.spec.template.spec.containers[0].ports.map((p: { containerPort: number }) => p.containerPort);
      expect([service, loaded.port]).toEqual([service, Number(config.data[PORT_VAR[service]])]);
      expect(ports).toContain(loaded.port);
      if (service === 'api') expect(ports).toContain(loaded.metricsPort);
    }
  });
});

// A private location (docs/locations.md): the prober in remote mode, in a customer's cluster.
describe('private-location', () => {
  const objects = render('private-location');
  const deployment = objects.find((o) => o.kind === 'Deployment') as Obj;
  const pod = deployment.spec.template.spec;
  const config = objects.find((o) => o.kind === 'ConfigMap') as Obj;

  test('every object is valid against the Kubernetes schemas; nothing connects in', () => {
    for (const o of objects) expect(() => new MODELS[`${o.apiVersion}/${o.kind}`]!(o).validate()).not.toThrow();
    const policy = objects.find((o) => o.kind === 'NetworkPolicy') as Obj;
    expect(policy.spec).toMatchObject({ policyTypes: ['Ingress'], ingress: [] });
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  test('remote mode with the key from a Secret only: no database, Redis or upmon secret; the config is accepted', () => {
    const container = pod.containers[0];
    expect(container.envFrom).toEqual([{ configMapRef: { name: config.metadata.name } }]);
    expect(container.env).toEqual([{ name: 'PROBER_LOCATION_KEY', valueFrom: { secretKeyRef: { name: 'upmon-location', key: 'PROBER_LOCATION_KEY' } } }]);
    expect(Object.keys(config.data).sort()).not.toEqual(expect.arrayContaining(['DATABASE_URL']));
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'ENCRYPTION_KEY', 'PROBER_LOCATION_KEY']) expect(config.data).not.toHaveProperty(name);
    const loaded = loadRemoteProberConfig({ ...(config.data as Env), PROBER_LOCATION_KEY: `upl_${'a'.repeat(32)}` });
    expect(loaded.port).toBe(container.ports[0].containerPort);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(loaded.shutdownTimeoutMs);
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
  });
});
