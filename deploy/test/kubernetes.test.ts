import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { QueueName } from '@celebstyle/queue';
import { DEFAULT_SHUTDOWN_GRACE_MS, READINESS_CHECK_TIMEOUT_MS } from '@celebstyle/service-kit';
import * as keda from '@kubernetes-models/keda';
import * as prometheusOperator from '@kubernetes-models/prometheus-operator';
import * as k8s from 'kubernetes-models';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../src/paths.ts';
import {
  DEFAULT_PORTS,
  MIGRATION_ORDER,
  PROCESSES,
  ROLES,
  SERVICE_CALLS,
  compiledCommand,
  type ProcessDefinition,
} from '../src/process-table.ts';
import { DEFAULT_CHECK_TIMEOUT_MS } from '../../services/link-validation/src/modules/link-check-engine/link-checker.ts';
import { CONFIG_LOADERS, SAMPLE_SECRETS, SECRET_NAME } from './support/production-config.ts';

const run = promisify(execFile);
const K8S = path.join(REPO_ROOT, 'deploy/k8s');
const TARGETS = ['base', 'overlays/staging', 'overlays/production'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered manifests are checked field by field
type Manifest = any;

async function render(target: string, root = K8S): Promise<Manifest[]> {
  try {
    const { stdout } = await run('kubectl', ['kustomize', path.join(root, target)], { maxBuffer: 16 << 20 });
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

/** The kubernetes-models (or KEDA or Prometheus Operator models) class of an object, with its JSON schema. */
function modelOf(object: Manifest): (new (data: Manifest) => { validate(): void }) | undefined {
  const [group, version] = String(object.apiVersion).includes('/')
    ? String(object.apiVersion).split('/')
    : ['', String(object.apiVersion)];
  const roots: Manifest[] = group
    ? [
        (k8s as Manifest)[camel(group)],
        (keda as Manifest)[camel(group)],
        (prometheusOperator as Manifest)[camel(group)],
      ]
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

  it('renders objects that each validate against the Kubernetes, KEDA or Prometheus Operator schema of their kind', () => {
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

  it('lets only the gateway (and the declared service calls) reach the services, and only the processes that use them reach PostgreSQL and Redis', () => {
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
      // The metrics port lets Prometheus in (checked below); every other port is the API's.
      const metricsPort = Number(setting(p, 'METRICS_PORT'));
      const apiRules = ingress.filter(
        (rule: Manifest) => !rule.ports?.every((x: Manifest) => x.port === metricsPort),
      );
      if (p.name === 'gateway') continue;
      if (p.kind === 'worker') expect(apiRules, p.name).toEqual([]);
      else
        for (const rule of apiRules)
          for (const peer of rule.from) {
            expect(peer.namespaceSelector, p.name).toBeUndefined();
            const callers = SERVICE_CALLS.filter((call) => call.to === p.name).map((call) =>
              podsOf(PROCESSES.find((q) => q.name === call.from)!),
            );
            const allowed = [gateway, ...callers].some((pods) => matches(peer.podSelector, pods));
            expect(allowed, p.name).toBe(true);
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

  it('opens each declared service-to-service call, both ways of the policy, on the callee port only', () => {
    const policies = of('NetworkPolicy');
    const podsOf = (name: string) =>
      deployment(PROCESSES.find((p) => p.name === name)!).spec.template.metadata.labels as Record<
        string,
        string
      >;
    for (const call of SERVICE_CALLS) {
      const port = DEFAULT_PORTS[call.to];
      const egress = policies.some(
        (n) =>
          matches(n.spec.podSelector, podsOf(call.from)) &&
          (n.spec.egress ?? []).some(
            (r: Manifest) =>
              r.to?.some((peer: Manifest) => matches(peer.podSelector, podsOf(call.to))) &&
              r.ports?.some((x: Manifest) => x.port === port),
          ),
      );
      const ingress = policies.some(
        (n) =>
          matches(n.spec.podSelector, podsOf(call.to)) &&
          (n.spec.ingress ?? []).some(
            (r: Manifest) =>
              r.from?.some((peer: Manifest) => matches(peer.podSelector, podsOf(call.from))) &&
              r.ports?.some((x: Manifest) => x.port === port),
          ),
      );
      expect({ call, egress, ingress }).toEqual({ call, egress: true, ingress: true });
    }
  });

  /** A setting as the process reads it: its own env entry, else the ConfigMap. */
  const setting = (p: ProcessDefinition, name: string): string | undefined => {
    const container = deployment(p).spec.template.spec.containers[0];
    const entry = (container.env ?? []).find((e: Manifest) => e.name === name);
    return entry?.value ?? config()[name];
  };
  const autoscalerOf = (p: ProcessDefinition) =>
    [...of('HorizontalPodAutoscaler'), ...of('ScaledObject')].find(
      (s) => s.spec.scaleTargetRef.name === p.name,
    );
  const maxReplicasOf = (p: ProcessDefinition): number => {
    const scaler = autoscalerOf(p);
    return scaler.kind === 'ScaledObject' ? scaler.spec.maxReplicaCount : scaler.spec.maxReplicas;
  };

  it('leaves the replica count of every Deployment to its autoscaler', () => {
    for (const p of PROCESSES) {
      expect(deployment(p).spec.replicas, p.name).toBeUndefined();
      expect(autoscalerOf(p), p.name).toBeDefined();
    }
  });

  it("gives SIGTERM its time: a preStop pause for HTTP pods, then the process's SHUTDOWN_GRACE_MS within the pod's grace", () => {
    for (const p of PROCESSES) {
      const pod = deployment(p).spec.template.spec;
      const pause = pod.containers[0].lifecycle?.preStop?.sleep?.seconds ?? 0;
      if (p.kind === 'http') expect(pause, `${p.name} preStop pause`).toBeGreaterThanOrEqual(3);
      const graceMs = Number(setting(p, 'SHUTDOWN_GRACE_MS') ?? DEFAULT_SHUTDOWN_GRACE_MS);
      // Kubernetes counts the preStop pause in the grace period; the process needs a moment to exit.
      expect(pod.terminationGracePeriodSeconds, p.name).toBeGreaterThanOrEqual(pause + graceMs / 1000 + 2);
    }
    // A link and its cleaned form are checked back to back, each up to the check timeout.
    const checker = PROCESSES.find((p) => p.name === 'link-validation-worker')!;
    const timeoutMs = Number(setting(checker, 'LINK_CHECK_TIMEOUT_MS') ?? DEFAULT_CHECK_TIMEOUT_MS);
    expect(Number(setting(checker, 'SHUTDOWN_GRACE_MS'))).toBeGreaterThan(2 * timeoutMs);
  });

  it('probes every process: readiness waits longer than /readyz waits for a dependency; workers live on their metrics port', () => {
    for (const p of PROCESSES) {
      const container = deployment(p).spec.template.spec.containers[0];
      expect(container.livenessProbe, `${p.name} liveness`).toBeDefined();
      if (p.kind === 'http') {
        const readiness = container.readinessProbe;
        expect((readiness.timeoutSeconds ?? 1) * 1000, p.name).toBeGreaterThan(READINESS_CHECK_TIMEOUT_MS);
        continue;
      }
      const port = Number(setting(p, 'METRICS_PORT'));
      expect(port, `${p.name} METRICS_PORT`).toBeGreaterThan(0);
      expect(container.ports, p.name).toContainEqual({ name: 'metrics', containerPort: port });
      expect(container.livenessProbe.httpGet, p.name).toEqual({ path: '/healthz', port: 'metrics' });
      expect(container.startupProbe?.httpGet, p.name).toEqual({ path: '/healthz', port: 'metrics' });
    }
  });

  it('declares a metrics port on every process, which the PodMonitor scrapes as a job named after the process and only Prometheus reaches', () => {
    const [monitor, ...others] = of('PodMonitor');
    expect(others).toEqual([]);
    expect(monitor.spec.jobLabel).toBe('app.kubernetes.io/name');
    expect(monitor.spec.podMetricsEndpoints).toContainEqual(
      expect.objectContaining({ port: 'metrics', path: '/metrics' }),
    );
    const prometheus = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    const policies = of('NetworkPolicy').filter((n) => n.spec.policyTypes.includes('Ingress'));
    for (const p of PROCESSES) {
      const template = deployment(p).spec.template;
      const container = template.spec.containers[0];
      const port = Number(setting(p, 'METRICS_PORT'));
      expect(port, `${p.name} METRICS_PORT`).toBeGreaterThan(0);
      expect(container.ports, p.name).toContainEqual({ name: 'metrics', containerPort: port });
      expect(template.metadata.labels['app.kubernetes.io/name'], `${p.name} job label`).toBe(p.name);
      expect(matches(monitor.spec.selector, template.metadata.labels), `${p.name} scraped`).toBe(true);
      const metricsRules = policies
        .filter((n) => matches(n.spec.podSelector, template.metadata.labels))
        .flatMap((n) => n.spec.ingress ?? [])
        .filter((rule: Manifest) => rule.ports?.some((x: Manifest) => x.port === port));
      expect(metricsRules.length, `${p.name}: Prometheus let in`).toBeGreaterThan(0);
      for (const rule of metricsRules) {
        expect(rule.ports, p.name).toEqual([{ protocol: 'TCP', port }]);
        for (const peer of rule.from) {
          expect(peer.namespaceSelector?.matchLabels, p.name).toEqual({
            'kubernetes.io/metadata.name': prometheus.namespace,
          });
          expect(matches(peer.podSelector, prometheus.labels), p.name).toBe(true);
        }
      }
    }
  });

  it("spreads every Deployment's replicas over zones, then nodes", () => {
    for (const p of PROCESSES) {
      const template = deployment(p).spec.template;
      const spread = template.spec.topologySpreadConstraints ?? [];
      expect(spread.map((c: Manifest) => c.topologyKey).sort(), p.name).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      for (const constraint of spread) {
        expect(matches(constraint.labelSelector, template.metadata.labels), p.name).toBe(true);
        // Kept schedulable when a zone or node is short: spread is a preference, not a blocker.
        expect(constraint.whenUnsatisfiable, p.name).toBe('ScheduleAnyway');
      }
    }
  });

  it('serves every public host over TLS through a named ingress class', () => {
    const ingresses = of('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    for (const ingress of ingresses) {
      expect(ingress.spec.ingressClassName, ingress.metadata.name).toBeTruthy();
      const hosts = ingress.spec.rules.map((rule: Manifest) => rule.host);
      const covered = (ingress.spec.tls ?? [])
        .filter((t: Manifest) => t.secretName)
        .flatMap((t: Manifest) => t.hosts);
      expect(covered.sort(), ingress.metadata.name).toEqual(hosts.sort());
    }
  });

  it('enforces Pod Security "restricted" on its namespace, and every pod meets it', () => {
    const [namespace, ...others] = of('Namespace');
    expect(others).toEqual([]);
    for (const mode of ['enforce', 'audit', 'warn'])
      expect(namespace.metadata.labels[`pod-security.kubernetes.io/${mode}`], mode).toBe('restricted');
    for (const object of [...of('Deployment'), ...of('Job')]) {
      const pod = object.spec.template.spec;
      const where = object.metadata.name;
      expect(pod.securityContext, where).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.hostNetwork ?? false, where).toBe(false);
      for (const volume of pod.volumes ?? [])
        expect(
          Object.keys(volume).filter((k) => k !== 'name'),
          where,
        ).toEqual(['emptyDir']);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        expect(container.securityContext, `${where} ${container.name}`).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.securityContext.privileged ?? false).toBe(false);
      }
    }
  });

  it('rolls every pod that reads the ConfigMap when a setting in it changes', async () => {
    const configMap = of('ConfigMap')[0];
    expect(configMap.metadata.name).toMatch(/^celebstyle-config-[a-z0-9]{10}$/);
    const scratch = mkdtempSync(path.join(tmpdir(), 'k8s-'));
    try {
      cpSync(K8S, scratch, { recursive: true });
      const settings = path.join(scratch, 'base/config.env');
      writeFileSync(settings, readFileSync(settings, 'utf8').replace(/^LOG_LEVEL=.*$/m, 'LOG_LEVEL=debug'));
      const changed = await render(target, scratch);
      const renamed = changed.find((o) => o.kind === 'ConfigMap');
      expect(renamed.data.LOG_LEVEL).toBe('debug');
      expect(renamed.metadata.name).not.toBe(configMap.metadata.name);
      for (const object of [...of('Deployment'), ...of('Job')]) {
        const after = changed.find((o) => o.kind === object.kind && o.metadata.name === object.metadata.name);
        const pod = after.spec.template.spec;
        const refs = [...(pod.initContainers ?? []), ...pod.containers].flatMap((c: Manifest) =>
          (c.envFrom ?? []).map((e: Manifest) => e.configMapRef?.name),
        );
        expect(refs.length, object.metadata.name).toBeGreaterThan(0);
        // A new name in the pod template: Kubernetes rolls the Deployment.
        expect(new Set(refs), object.metadata.name).toEqual(new Set([renamed.metadata.name]));
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("keeps every process's PostgreSQL pool, at its autoscaler's most replicas, within the server's connections", () => {
    const allowed = Number(
      of('Namespace')[0].metadata.annotations['celebstyle.example/postgres-max-connections'],
    );
    expect(allowed).toBeGreaterThan(0);
    let total = 0;
    for (const p of PROCESSES.filter((p) => p.production.secrets.includes('DATABASE_URL'))) {
      const pool = Number(setting(p, 'DATABASE_POOL_MAX'));
      expect(pool, `${p.name} DATABASE_POOL_MAX`).toBeGreaterThan(0);
      total += maxReplicasOf(p) * pool;
    }
    // The migration Job holds one connection at a time; PostgreSQL keeps 3 for superusers.
    expect(total + 1 + 3).toBeLessThanOrEqual(allowed);
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
