import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigSchema } from '@nocturne/infra/config';
import { serviceRoles } from '@nocturne/infra/split/roles';
import { repoRoot } from '@nocturne/infra/system/repo-root';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { parseDockerfile } from './testing/dockerfile-replay';

/**
 * The deployment files speak the configuration's language: every variable they set is one of
 * infra/src/config.ts's (and so of docs/operations.md's table, split mode's SPLIT_* included),
 * every container runs a split-mode role, and the probes ask /healthz (alive) and /readyz
 * (ready) on the port the role listens on.
 */
const root = repoRoot();
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const configNames = Object.keys(ConfigSchema.shape);
const known = new Set(configNames);

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}

const compose = parseYaml(read('infra/deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const nocturneServices = Object.entries(compose.services).filter(([, s]) => s.command && s.environment);

interface Container {
  args: string[];
  env?: { name: string; value: string }[];
  ports: { containerPort: number }[];
  livenessProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
}

const manifests = parseAllDocuments(read('infra/deploy/kubernetes/nocturne.yaml')).map(
  (d) =>
    d.toJSON() as {
      kind: string;
      metadata: { name: string };
      data?: Record<string, string>;
      spec?: { template?: { spec: { containers: Container[] } } };
    },
);
const deployments = manifests.filter((m) => m.kind === 'Deployment');

describe('the configuration names', () => {
  it('are all in the operations guide configuration table', () => {
    const guide = read('docs/operations.md');
    const table = guide.slice(guide.indexOf('## Configuration'));
    for (const name of configNames) expect(table, name).toContain(`| \`${name}\``);
  });

  it('compose sets only those', () => {
    expect(nocturneServices.map(([name]) => name).sort()).toEqual([...serviceRoles].sort());
    for (const [name, service] of nocturneServices) {
      for (const variable of Object.keys(service.environment!))
        expect(known, `${name}: ${variable}`).toContain(variable);
    }
  });

  it('the Kubernetes ConfigMap and containers set only those', () => {
    const configMap = manifests.find((m) => m.kind === 'ConfigMap')!;
    for (const variable of Object.keys(configMap.data!)) expect(known, variable).toContain(variable);
    for (const deployment of deployments) {
      for (const { name } of deployment.spec!.template!.spec.containers[0]!.env ?? [])
        expect(known, `${deployment.metadata.name}: ${name}`).toContain(name);
    }
    // The Secret the manifests expect, as their header names it.
    const secretLine = read('infra/deploy/kubernetes/nocturne.yaml').match(
      /Secret "nocturne" with ([^(]+)/,
    )?.[1];
    for (const name of secretLine!.match(/[A-Z_]{4,}/g)!) expect(configNames, name).toContain(name);
  });
});

describe('the image', () => {
  // npm ci needs every workspace's package.json beside the lock, before the sources are copied.
  it('copies the package.json of every workspace into its manifests stage', () => {
    const manifestsStage = parseDockerfile(read('infra/deploy/Dockerfile'))[0]!;
    const copied = manifestsStage.instructions
      .filter((i) => i.keyword === 'COPY')
      .map((i) => i.args.split(/\s+/)[0]);
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(copied, workspace).toContain(`${workspace}/package.json`);
  });
});

describe('where the containers listen', () => {
  // The server listens on loopback unless HOST opens it; in a container that is its own loopback.
  it('the image, compose and the Kubernetes ConfigMap open HOST and SPLIT_LISTEN_HOST', () => {
    const runtime = parseDockerfile(read('infra/deploy/Dockerfile')).at(-1)!;
    const env = runtime.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/(^|\s)HOST=0\.0\.0\.0(\s|$)/);
    expect(env).toMatch(/(^|\s)SPLIT_LISTEN_HOST=0\.0\.0\.0(\s|$)/);
    for (const [name, service] of nocturneServices) {
      expect(service.environment!.HOST, name).toBe('0.0.0.0');
      expect(service.environment!.SPLIT_LISTEN_HOST, name).toBe('0.0.0.0');
    }
    const configMap = manifests.find((m) => m.kind === 'ConfigMap')!;
    expect(configMap.data!.HOST).toBe('0.0.0.0');
    expect(configMap.data!.SPLIT_LISTEN_HOST).toBe('0.0.0.0');
  });
});

describe('the probes', () => {
  it('the image checks /healthz on the role’s port', () => {
    const runtime = parseDockerfile(read('infra/deploy/Dockerfile')).at(-1)!;
    const check = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!;
    // The port comes from the container's environment when the check runs.
    expect(check.args).toMatch(/\$\{process\.env\.SPLIT_SERVICE_PORT\}\/healthz/);
  });

  it('compose gates the APIs and the gateway on /readyz on the port each listens on', () => {
    for (const [name, service] of nocturneServices) {
      if (name === 'projector') {
        // The image's own HEALTHCHECK (/healthz): it answers once the read models are migrated.
        expect(service.healthcheck).toBeUndefined();
        continue;
      }
      const port = service.environment!.SPLIT_SERVICE_PORT;
      expect(service.healthcheck!.test.join(' '), name).toContain(`127.0.0.1:${port}/readyz`);
    }
  });

  it('Kubernetes: liveness on /healthz, readiness on /readyz, on the port the role listens on', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...serviceRoles].sort());
    for (const deployment of deployments) {
      const container = deployment.spec!.template!.spec.containers[0]!;
      expect(container.args).toEqual([deployment.metadata.name]);
      const port = container.env!.find((e) => e.name === 'SPLIT_SERVICE_PORT')!.value;
      expect(container.ports.map((p) => String(p.containerPort))).toEqual([port]);
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    }
  });
});
