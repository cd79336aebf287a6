import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { QueueName } from '@celebstyle/queue';
import * as keda from '@kubernetes-models/keda';
import * as k8s from 'kubernetes-models';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../src/paths.ts';
import {
  DEFAULT_PORTS,
  MIGRATION_ORDER,
  PROCESSES,
  ROLES,
  compiledCommand,
  type ProcessDefinition,
} from '../src/process-table.ts';
import { CONFIG_LOADERS, SAMPLE_SECRETS, SECRET_NAME } from './support/production-config.ts';

const run = promisify(execFile);
const K8S = path.join(REPO_ROOT, 'deploy/k8s');
const TARGETS = ['base', 'overlays/staging', 'overlays/production'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered manifests are checked field by field
type Manifest = any;

async function render(target: string): Promise<Manifest[]> {
  try {
    const { stdout } = await run('kubectl', ['kustomize', path.join(K8S, target)], { maxBuffer: 16 << 20 });
    return parseAllDocuments(stdout).map((doc) => doc.toJS() as Manifest);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'kubectl is not installed: the manifests are rendered with `kubectl kustomize` (README)',
      );
    throw error;
  }
}

const camel = (group: string) => group.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase());

/** The kubernetes-models (or KEDA models) class of an object, with its JSON schema. */
function modelOf(object: Manifest): (new (data: Manifest) => { validate(): void }) | undefined {
  const [group, version] = String(object.apiVersion).includes('/')
    ? String(object.apiVersion).split('/')
    : ['', String(object.apiVersion)];
  const roots: Manifest[] = group
    ? [(k8s as Manifest)[camel(group)], (keda as Manifest)[camel(group)]]
    : [k8s];
  for (const root of roots) {
    const model = root?.[version!]?.[object.kind];
    if (model) return model;
  }
  return undefined;
}

/** What the overlay's `images:` make of an image name (the base leaves names as they are). */
function imageOf(target: string, name: string): string {
  const kustomization = parse(readFileSync(path.join(K8S, target, 'kustomization.yaml'), 'utf8')) as Manifest;
  const entry = (kustomization.images ?? []).find((i: Manifest) => i.name === name);
  return entry ? `${entry.newName ?? name}${entry.newTag ? `:${entry.newTag}` : ''}` : name;
}

const matches = (selector: Manifest, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector?.matchExpressions ?? []).every((e: Manifest) =>
    e.operator === 'In' ? e.values.includes(labels[e.key]) : false,
  );

describe('the schema check', () => {
  it('refuses malformed objects of Kubernetes and KEDA', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: {
        selector: {},
        template: { spec: { containers: [{ name: 'x', ports: [{ containerPort: 'http' }] }] } },
      },
    };
    expect(() => new (modelOf(deployment)!)(deployment).validate()).toThrow();
    const scaler = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'x' },
      spec: { triggers: [] },
    };
    expect(() => new (modelOf(scaler)!)(scaler).validate()).toThrow();
    expect(modelOf({ apiVersion: 'keda.sh/v1alpha1', kind: 'Nothing' })).toBeUndefined();
  });
});

describe.each(TARGETS)('Kubernetes manifests: %s', (target) => {
  let objects: Manifest[];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const named = (kind: string, name: string) => of(kind).find((o) => o.metadata.name === name);
  const deployment = (p: ProcessDefinition) => named('Deployment', p.name);
  const config = () => of('ConfigMap')[0].data as Record<string, string>;

  beforeAll(async () => {
    objects = await render(target);
  });

  it('renders objects that each validate against the Kubernetes or KEDA schema of their kind', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) {
      const where = `${object.kind} ${object.metadata?.name}`;
      const Model = modelOf(object);
      expect(Model, `${where}: no schema for ${object.apiVersion}`).toBeDefined();
      expect(() => new Model!(object).validate(), where).not.toThrow();
    }
  });

  it('has one Deployment per process of the process table, with its role image and compiled command', () => {
    expect(
      of('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(PROCESSES.map((p) => p.name).sort());
    for (const p of PROCESSES) {
      const [container, ...others] = deployment(p).spec.template.spec.containers;
      expect(others, p.name).toEqual([]);
      expect(container.image, p.name).toBe(imageOf(target, ROLES[p.role].image));
      expect(container.command, p.name).toEqual(compiledCommand(p.role, p.entry));
    }
  });

  it('gives every HTTP process its port, a Service of its name, liveness on /healthz and readiness on /readyz', () => {
    for (const p of PROCESSES.filter((p) => p.kind === 'http')) {
      const pod = deployment(p).spec.template;
      const container = pod.spec.containers[0];
      const port = DEFAULT_PORTS[p.role];
      expect(container.ports, p.name).toContainEqual({ name: 'http', containerPort: port });
      expect(container.env, p.name).toContainEqual({ name: 'PORT', value: String(port) });
      expect(container.livenessProbe?.httpGet, p.name).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe?.httpGet, p.name).toEqual({ path: '/readyz', port: 'http' });
      const service = named('Service', p.name);
      expect(service?.spec.ports, p.name).toEqual([{ name: 'http', port, targetPort: 'http' }]);
      expect(matches({ matchLabels: service.spec.selector }, pod.metadata.labels), p.name).toBe(true);
    }
    const gatewayUrls = config();
    for (const name of ['catalog', 'accounts', 'newsletter-support', 'link-validation'] as const) {
      const variable = `${name.replace('-', '_').toUpperCase()}_URL`;
      expect(gatewayUrls[variable]).toBe(`http://${name}:${DEFAULT_PORTS[name]}`);
    }
  });

  it('gives every Deployment requests and limits, a locked-down security context, a PDB and one autoscaler', () => {
    for (const p of PROCESSES) {
      const pod = deployment(p).spec.template;
      const container = pod.spec.containers[0];
      for (const kind of ['requests', 'limits'])
        expect(Object.keys(container.resources?.[kind] ?? {}).sort(), `${p.name} ${kind}`).toEqual([
          'cpu',
          'memory',
        ]);
      expect(pod.spec.securityContext, p.name).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.securityContext, p.name).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.volumeMounts, p.name).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      const budgets = of('PodDisruptionBudget').filter((b) => matches(b.spec.selector, pod.metadata.labels));
      expect(budgets.length, `${p.name} PDB`).toBe(1);
      const scalers = [...of('HorizontalPodAutoscaler'), ...of('ScaledObject')].filter(
        (s) => s.spec.scaleTargetRef.name === p.name,
      );
      expect(scalers.length, `${p.name} autoscalers`).toBe(1);
      const hpa = scalers[0];
      if (hpa.kind === 'HorizontalPodAutoscaler') {
        expect(hpa.spec.metrics, p.name).toEqual([
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
          },
        ]);
        expect(hpa.spec.maxReplicas, p.name).toBeGreaterThan(hpa.spec.minReplicas);
      }
    }
  });

  it('sets what each process needs in production from a Secret or the ConfigMap, and its own loader accepts it', () => {
    const data = config();
    for (const [key, value] of Object.entries(data)) {
      expect(key, 'a credential in the ConfigMap').not.toMatch(SECRET_NAME);
      expect(value, key).not.toMatch(/:\/\/[^/@]*:[^/@]*@/);
    }
    for (const p of PROCESSES) {
      const container = deployment(p).spec.template.spec.containers[0];
      const fromConfigMap = container.envFrom?.some(
        (e: Manifest) => e.configMapRef?.name === of('ConfigMap')[0].metadata.name,
      );
      expect(fromConfigMap, p.name).toBe(true);
      const env = new Map<string, Manifest>((container.env ?? []).map((e: Manifest) => [e.name, e]));
      for (const name of p.production.secrets) {
        const ref = env.get(name)?.valueFrom?.secretKeyRef;
        expect(ref, `${p.name}: ${name} from a Secret`).toMatchObject({
          name: expect.any(String),
          key: expect.any(String),
        });
      }
      for (const [name, entry] of env)
        if (SECRET_NAME.test(name)) expect(entry.valueFrom?.secretKeyRef, `${p.name}: ${name}`).toBeDefined();
      for (const name of p.production.settings)
        expect(env.get(name)?.value ?? data[name], `${p.name}: ${name}`).toBeTruthy();

      const processEnv: Record<string, string> = { ...data };
      for (const [name, entry] of env) processEnv[name] = entry.value ?? SAMPLE_SECRETS[name];
      expect(processEnv.NODE_ENV).toBe('production');
      expect(() => CONFIG_LOADERS[p.name]!(processEnv), p.name).not.toThrow();
      for (const name of p.production.secrets.filter((n) => n !== 'DATABASE_URL' && n !== 'REDIS_URL'))
        expect(processEnv[name], `${p.name}: ${name}`).toBeTruthy();
    }
    expect(
      objects.flatMap(
        (o) => JSON.stringify(o).match(/"TRUST_PROXY","value":"true"|"TRUST_PROXY":"true"/g) ?? [],
      ),
    ).toEqual([]);
  });

  it('scales the link-check worker with KEDA on the length of its BullMQ wait list, from one replica', () => {
    const scaler = named('ScaledObject', 'link-validation-worker');
    expect(scaler.spec.scaleTargetRef).toEqual({ name: 'link-validation-worker' });
    expect(scaler.spec.minReplicaCount).toBe(1);
    expect(scaler.spec.maxReplicaCount).toBeGreaterThan(1);
    const [trigger] = scaler.spec.triggers;
    expect(trigger.type).toBe('redis');
    expect(trigger.metadata.listName).toBe(`${config().QUEUE_PREFIX}:${QueueName.linkChecks}:wait`);
    expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
    expect(named('TriggerAuthentication', trigger.authenticationRef.name)).toBeDefined();
  });

  it('lets only the gateway reach the services, and only the processes that use them reach PostgreSQL and Redis', () => {
    const policies = of('NetworkPolicy');
    const podsOf = (p: ProcessDefinition) =>
      deployment(p).spec.template.metadata.labels as Record<string, string>;
    const gateway = podsOf(PROCESSES.find((p) => p.name === 'gateway')!);
    expect(policies.find((n) => n.metadata.name === 'default-deny')?.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    for (const p of PROCESSES) {
      const labels = podsOf(p);
      const ingress = policies
        .filter((n) => n.spec.policyTypes.includes('Ingress') && matches(n.spec.podSelector, labels))
        .flatMap((n) => n.spec.ingress ?? []);
      if (p.name === 'gateway') continue;
      if (p.kind === 'worker') expect(ingress, p.name).toEqual([]);
      else
        for (const rule of ingress)
          for (const peer of rule.from) {
            expect(peer.namespaceSelector, p.name).toBeUndefined();
            expect(matches(peer.podSelector, gateway), p.name).toBe(true);
          }
      const egressTo = (port: number) =>
        policies.some(
          (n) =>
            matches(n.spec.podSelector, labels) &&
            (n.spec.egress ?? []).some(
              (r: Manifest) => r.to && r.ports?.some((x: Manifest) => x.port === port),
            ),
        );
      expect(egressTo(5432), `${p.name} to PostgreSQL`).toBe(p.production.secrets.includes('DATABASE_URL'));
      expect(egressTo(6379), `${p.name} to Redis`).toBe(p.production.secrets.includes('REDIS_URL'));
    }
  });

  it('migrates every service from its own image in one Job named after the release', () => {
    const [job, ...others] = of('Job');
    expect(others).toEqual([]);
    const pod = job.spec.template.spec;
    const steps = [...(pod.initContainers ?? []), ...pod.containers];
    expect(steps.map((c: Manifest) => c.image)).toEqual(
      MIGRATION_ORDER.map((s) => imageOf(target, ROLES[s].image)),
    );
    expect(steps.map((c: Manifest) => c.command)).toEqual(
      MIGRATION_ORDER.map((s) => compiledCommand(s, ROLES[s].migrateEntry!)),
    );
    for (const step of steps) {
      expect(step.env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: expect.objectContaining({ key: 'DATABASE_URL' }) },
      });
      expect(step.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
    }
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    const tags = new Set(steps.map((c: Manifest) => String(c.image).split(':')[1]));
    if (target === 'base') expect(job.metadata.name).toBe('migrate');
    else {
      expect(tags.size, 'one release').toBe(1);
      const release = [...tags][0]!.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      expect(job.metadata.name).toBe(`migrate-${release}`);
      const images = of('Deployment').map(
        (d) => String(d.spec.template.spec.containers[0].image).split(':')[1],
      );
      expect(new Set(images), 'every image of the same release').toEqual(tags);
    }
  });
});
