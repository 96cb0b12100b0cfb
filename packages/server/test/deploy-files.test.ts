// What an operator relies on in Dockerfile, deploy/compose.yaml (with deploy/Caddyfile and
// deploy/.env.example) and deploy/k8s/, checked by reading the files: no image is built and
// no container runs here. The server's variables are the schemas that parse them
// (src/config/env-schema.ts, src/config/csc-config.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { EnvSchema } from '../src/config/env-schema.ts';
import { CscEnv } from '../src/config/csc-config.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Json = Record<string, unknown>;
const asObject = (value: unknown, what: string): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not a mapping`);
  return value as Json;
};
const asArray = (value: unknown, what: string): unknown[] => {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
};

/** Every variable the server reads, with its schema. */
const serverVariables = new Map<string, z.ZodType>([
  ...Object.entries(EnvSchema.shape),
  ...Object.entries(CscEnv.shape),
]);
/** The least length the server accepts for a variable (`z.string().min(n)`, inside any wrapper). */
function minimumLength(name: string): number {
  const least = (schema: unknown): number => {
    const { def, minLength } = schema as {
      def?: { innerType?: unknown; options?: unknown[] };
      minLength?: number | null;
    };
    if (def?.innerType) return least(def.innerType);
    if (def?.options) return Math.max(0, ...def.options.map(least));
    return minLength ?? 0;
  };
  return least(serverVariables.get(name));
}

/** The Dockerfile's instructions (continuations joined, comments dropped), by stage. */
interface Instruction {
  keyword: string;
  args: string;
}
function dockerStages(text: string): Array<{ name: string; instructions: Instruction[] }> {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Array<{ name: string; instructions: Instruction[] }> = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      stages.push({ name: /\bAS (\S+)$/i.exec(args)?.[1] ?? '', instructions: [] });
    }
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}
/** `ENV A=1 B=2` pairs of a stage. */
function envOf(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of instructions) {
    if (keyword !== 'ENV') continue;
    for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
      env[match[1] ?? ''] = (match[2] ?? '').replace(/^"|"$/g, '');
  }
  return env;
}

/** .dockerignore's rules, matched as Docker does (`**`, `*`, `!` exceptions, parents). */
function dockerIgnore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      let source = '';
      for (let index = 0; index < pattern.length; index += 1) {
        if (pattern.startsWith('**/', index)) {
          source += '(?:.*/)?';
          index += 2;
        } else if (pattern.startsWith('**', index)) {
          source += '.*';
          index += 1;
        } else if (pattern[index] === '*') source += '[^/]*';
        else if (pattern[index] === '?') source += '[^/]';
        else source += (pattern[index] ?? '').replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negated, regex: new RegExp(`^${source}$`) };
    });
  return (path) => {
    const parts = path.split('/');
    const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    let excluded = false;
    for (const rule of rules)
      if (prefixes.some((prefix) => rule.regex.test(prefix))) excluded = !rule.negated;
    return excluded;
  };
}

function* filesUnder(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test-results'].includes(entry.name)) continue;
    yield* filesUnder(join(path, entry.name));
  }
}

const dockerfile = dockerStages(read('Dockerfile'));
const runtime = dockerfile.at(-1)?.instructions ?? [];
const runtimeEnv = envOf(runtime);
const imagePort = Number(runtimeEnv.PORT);
const [imageUid = '', imageGid = ''] = (
  runtime.filter((instruction) => instruction.keyword === 'USER').at(-1)?.args ?? ''
).split(':');

describe('Dockerfile', () => {
  it('builds in stages and runs the server as a numeric non-root user', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile.at(-1)?.name).toBe('runtime');
    // Numeric, so that Kubernetes' runAsNonRoot can check it; not root.
    expect(imageUid).toMatch(/^\d+$/);
    expect(imageGid).toMatch(/^\d+$/);
    expect(Number(imageUid)).toBeGreaterThan(0);
    expect(Number(imageGid)).toBeGreaterThan(0);
    // Nothing in the image belongs to that user: the application files stay unchangeable.
    for (const { keyword, args } of runtime)
      if (keyword === 'COPY' || keyword === 'ADD') expect(args).not.toMatch(/--chown|--chmod/);
    const cmd = runtime.find((instruction) => instruction.keyword === 'CMD')?.args ?? '';
    const entry = /"(packages\/server\/src\/[^"]+\.ts)"/.exec(cmd)?.[1] ?? '';
    expect(existsSync(join(root, entry)), cmd).toBe(true);
  });

  it('runs on the Node.js line the project is tested on, from the sources without tsx', () => {
    const imageLine = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(read('Dockerfile'))?.[1];
    expect(imageLine).toBe(read('.node-version').trim().split('.')[0]);
    const cmd = runtime.find((instruction) => instruction.keyword === 'CMD')?.args ?? '';
    expect(JSON.parse(cmd)).toEqual(['node', 'packages/server/src/server.ts']);
    const serverPackage = JSON.parse(read('packages/server/package.json')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(serverPackage.dependencies)).not.toContain('tsx');
  });

  it('writes only to DATA_DIR (a volume owned by that user) and /tmp: a read-only root file system', () => {
    const dataDir = runtimeEnv.DATA_DIR ?? '';
    expect(dataDir).toMatch(/^\//);
    const volumes = runtime
      .filter((instruction) => instruction.keyword === 'VOLUME')
      .flatMap((instruction) => JSON.parse(instruction.args) as string[]);
    expect(volumes).toContain(dataDir);
    const runs = runtime.filter((instruction) => instruction.keyword === 'RUN');
    expect(
      runs.some((instruction) =>
        instruction.args.includes(`chown ${imageUid}:${imageGid} ${dataDir}`),
      ),
    ).toBe(true);
    expect(read('Dockerfile')).toMatch(/docker run --read-only --tmpfs \/tmp -v \S+:\/data/);
  });

  it('listens on PORT, exposes it, and checks its health at /healthz on it', () => {
    expect(imagePort).toBeGreaterThan(0);
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
    expect(runtime.find((instruction) => instruction.keyword === 'EXPOSE')?.args).toBe(
      String(imagePort),
    );
    const health = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')?.args;
    expect(health).toContain('/healthz');
    expect(health).toContain(`process.env.PORT || ${imagePort}`);
  });

  it('sets only variables the server reads in the image it runs', () => {
    expect(serverVariables.size).toBeGreaterThan(50);
    for (const name of Object.keys(runtimeEnv)) expect(serverVariables.has(name), name).toBe(true);
  });

  it('copies what exists, past .dockerignore, and every workspace manifest npm ci needs', () => {
    const ignored = dockerIgnore(read('.dockerignore'));
    const stageNames = new Set(dockerfile.map((stage) => stage.name));
    const copied = new Set<string>();
    for (const stage of dockerfile) {
      for (const { keyword, args } of stage.instructions) {
        if (keyword !== 'COPY') continue;
        const from = /--from=(\S+)/.exec(args)?.[1];
        if (from) {
          expect(stageNames.has(from), `COPY --from=${from}`).toBe(true);
          continue;
        }
        const sources = args
          .split(' ')
          .filter((word) => !word.startsWith('--'))
          .slice(0, -1);
        for (const source of sources) {
          const path = join(root, source);
          expect(existsSync(path), `COPY ${source}`).toBe(true);
          copied.add(source);
          // All of it reaches the build, but for tests and documents.
          const left = [...filesUnder(path)]
            .map((file) => relative(root, file))
            .filter((file) => ignored(file) && !/\.test\.tsx?$|\.md$/.test(file));
          expect(left, `COPY ${source}`).toEqual([]);
        }
      }
    }
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
    for (const manifest of ['package.json', 'package-lock.json', '.npmrc'])
      expect(copied).toContain(manifest);
  });
});

/** `${NAME}`, `${NAME:-default}` and `${NAME:?message}` in a compose value. */
const interpolations = (value: string) =>
  [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g)].map((match) => ({
    name: match[1] ?? '',
    required: match[2] === undefined || match[2].endsWith('?'),
  }));
/** A compose value with each interpolation replaced by its variable's name. */
const withNames = (value: string) =>
  value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)[^}]*\}/g, (_, name: string) => name.toLowerCase());

const compose = asObject(parseYaml(read('deploy/compose.yaml'), { merge: true }), 'compose.yaml');
const services = asObject(compose.services, 'services');
const service = (name: string) => asObject(services[name], `service ${name}`);
const environmentOf = (name: string) =>
  asObject(service(name).environment, `${name}.environment`) as Record<string, string>;
const portalNames = Object.keys(services).filter(
  (name) => asObject(service(name).build ?? {}, 'build').dockerfile === 'Dockerfile',
);

describe('deploy/compose.yaml', () => {
  it('runs two portal nodes from the Dockerfile, read-only, with /tmp and DATA_DIR writable', () => {
    expect(portalNames).toEqual(['portal-1', 'portal-2']);
    for (const name of portalNames) {
      const portal = service(name);
      const build = asObject(portal.build, 'build');
      expect(existsSync(join(root, 'deploy', String(build.context), 'Dockerfile'))).toBe(true);
      expect(portal.read_only).toBe(true);
      expect(asArray(portal.tmpfs, 'tmpfs').some((mount) => String(mount).startsWith('/tmp'))).toBe(
        true,
      );
      const dataDir = environmentOf(name).DATA_DIR ?? runtimeEnv.DATA_DIR;
      expect(
        asArray(portal.volumes, 'volumes').some((volume) => String(volume).endsWith(`:${dataDir}`)),
      ).toBe(true);
      // Not root, whatever the image says: no user override, so the image's USER holds.
      expect(portal.user).toBeUndefined();
      // The image's health check (/healthz) stays on: portal-2 and the proxy wait for it.
      expect(portal.healthcheck).toBeUndefined();
    }
  });

  it('gives both nodes the same settings: one SESSION_SECRET and PKI_PASSPHRASE, required, never defaulted', () => {
    const [first = '', second = ''] = portalNames;
    expect(environmentOf(second)).toEqual(environmentOf(first));
    for (const name of ['SESSION_SECRET', 'PKI_PASSPHRASE']) {
      const value = environmentOf(first)[name] ?? '';
      expect(interpolations(value), name).toEqual([{ name, required: true }]);
      expect(value).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
  });

  it('points DATABASE_URL at the postgres service with its user, password and database', () => {
    const env = environmentOf('portal-1');
    const postgres = environmentOf('postgres');
    const url = new URL(withNames(env.DATABASE_URL ?? ''));
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('postgres');
    expect(services).toHaveProperty(url.hostname);
    expect(url.port).toBe('5432');
    expect(url.username).toBe(postgres.POSTGRES_USER);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(url.password).toBe(withNames(postgres.POSTGRES_PASSWORD ?? ''));
    const dependsOn = asObject(service('portal-1').depends_on, 'depends_on');
    for (const name of ['postgres', 'minio']) {
      expect(asObject(dependsOn[name], name).condition).toBe('service_healthy');
      expect(service(name).healthcheck).toBeDefined();
    }
  });

  it('points the S3 settings at the store service with its credentials, path-style', () => {
    const env = environmentOf('portal-1');
    const minio = environmentOf('minio');
    const endpoint = new URL(env.S3_ENDPOINT ?? '');
    expect(endpoint.hostname).toBe('minio');
    const apiPort = /--address[ =]\S*:(\d+)/.exec(
      asArray(service('minio').command, 'command').join(' '),
    );
    expect(endpoint.port).toBe(apiPort?.[1] ?? '9000');
    expect(env.S3_BUCKET).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
    expect(env.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
    // MinIO wants path-style requests: the server's default, not turned off here.
    expect(env.S3_FORCE_PATH_STYLE ?? 'true').toBe('true');
    expect(serverVariables.get('S3_FORCE_PATH_STYLE')?.parse(undefined)).toBe(true);
  });

  it('puts the proxy in front of both nodes on their port, with readiness on /readyz', () => {
    const proxy = service('proxy');
    const mount = asArray(proxy.volumes, 'volumes')
      .map(String)
      .find((volume) => volume.includes(':/etc/caddy/Caddyfile'));
    const caddyfile = readFileSync(join(root, 'deploy', (mount ?? '').split(':')[0] ?? ''), 'utf8');
    const upstreams = (/^\s*reverse_proxy ([^{]+)\{/m.exec(caddyfile)?.[1] ?? '')
      .trim()
      .split(/\s+/);
    expect(upstreams.sort()).toEqual(portalNames.map((name) => `${name}:${imagePort}`).sort());
    for (const name of portalNames)
      expect(environmentOf(name).PORT ?? String(imagePort)).toBe(String(imagePort));
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    const dependsOn = asObject(proxy.depends_on, 'depends_on');
    for (const name of portalNames)
      expect(asObject(dependsOn[name], name).condition).toBe('service_healthy');
    expect(environmentOf('portal-1').TRUST_PROXY).toBe('uniquelocal');
  });

  it('sets only variables the server reads, and deploy/.env.example names every required one', () => {
    for (const name of portalNames)
      for (const variable of Object.keys(environmentOf(name)))
        expect(serverVariables.has(variable), variable).toBe(true);

    const example = new Map(
      read('deploy/.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const used = interpolations(read('deploy/compose.yaml'));
    for (const { name, required } of used)
      if (required) expect(example.has(name), `${name} in deploy/.env.example`).toBe(true);
    for (const name of example.keys())
      expect(
        used.map((use) => use.name),
        `${name} is used`,
      ).toContain(name);
    // The example's placeholders pass the server's own checks, so `up` gets as far as it can.
    for (const [name, value] of example)
      if (serverVariables.has(name))
        expect(value.length, name).toBeGreaterThanOrEqual(minimumLength(name));
  });
});

/** Every document in deploy/k8s, by kind. */
const k8sDir = join(root, 'deploy', 'k8s');
const k8sFiles = readdirSync(k8sDir).filter((name) => /\.ya?ml$/.test(name));
const manifests = k8sFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((document) => ({
    file,
    body: asObject(document.toJS(), file),
  })),
);
const manifest = (kind: string) => {
  const found = manifests.filter(({ body }) => body.kind === kind);
  if (found.length !== 1) throw new Error(`deploy/k8s holds ${found.length} ${kind}, not one`);
  return found[0]?.body ?? {};
};
const nameOf = (body: Json) => asObject(body.metadata, 'metadata').name;

describe('deploy/k8s', () => {
  const deployment = manifest('Deployment');
  const spec = asObject(deployment.spec, 'spec');
  const template = asObject(spec.template, 'template');
  const podLabels = asObject(asObject(template.metadata, 'metadata').labels, 'labels');
  const pod = asObject(template.spec, 'pod spec');
  const containers = asArray(pod.containers, 'containers').map((item) =>
    asObject(item, 'container'),
  );
  const container = containers[0] ?? {};
  const ports = asArray(container.ports, 'ports').map((item) => asObject(item, 'port'));
  const configMap = asObject(manifest('ConfigMap').data, 'ConfigMap data');
  const secret = asObject(manifest('Secret').stringData, 'Secret stringData');
  const env = asArray(container.env ?? [], 'env').map((item) => asObject(item, 'env'));
  const resolvePort = (port: unknown) =>
    typeof port === 'number' ? port : ports.find((item) => item.name === port)?.containerPort;

  it('applies every file with kustomize', () => {
    const kustomization = manifest('Kustomization');
    expect(asArray(kustomization.resources, 'resources').sort()).toEqual(
      manifests
        .filter(({ body }) => body.kind !== 'Kustomization')
        .map(({ file }) => file)
        .sort(),
    );
  });

  it('runs two or more replicas behind a Service and a PodDisruptionBudget that select them', () => {
    expect(Number(spec.replicas)).toBeGreaterThanOrEqual(2);
    expect(containers).toHaveLength(1);
    const selects = (selector: unknown) => {
      for (const [key, value] of Object.entries(asObject(selector, 'selector')))
        expect(podLabels[key], key).toBe(value);
    };
    selects(asObject(spec.selector, 'selector').matchLabels);
    const service = asObject(manifest('Service').spec, 'Service spec');
    selects(service.selector);
    const budget = asObject(manifest('PodDisruptionBudget').spec, 'PDB spec');
    selects(asObject(budget.selector, 'selector').matchLabels);
    expect(Number(budget.minAvailable)).toBeGreaterThanOrEqual(1);
    expect(Number(budget.minAvailable)).toBeLessThan(Number(spec.replicas));
    for (const port of asArray(service.ports, 'ports'))
      expect(resolvePort(asObject(port, 'port').targetPort)).toBe(imagePort);
  });

  it('probes readiness on /readyz and liveness on /healthz at the port the server listens on', () => {
    expect(ports.map((port) => port.containerPort)).toEqual([imagePort]);
    expect(env.find((item) => item.name === 'PORT')).toBeUndefined();
    expect(configMap.PORT).toBeUndefined();
    const probe = (name: string) =>
      asObject(asObject(container[name], name).httpGet, `${name}.httpGet`);
    expect(probe('readinessProbe').path).toBe('/readyz');
    expect(probe('livenessProbe').path).toBe('/healthz');
    expect(probe('startupProbe').path).toBe('/healthz');
    for (const name of ['readinessProbe', 'livenessProbe', 'startupProbe'])
      expect(resolvePort(probe(name).port), name).toBe(imagePort);
  });

  it('runs as the image’s non-root user on a read-only root file system, /tmp and DATA_DIR mounted', () => {
    const podSecurity = asObject(pod.securityContext, 'pod securityContext');
    expect(podSecurity.runAsNonRoot).toBe(true);
    expect(podSecurity.runAsUser).toBe(Number(imageUid));
    expect(podSecurity.runAsGroup).toBe(Number(imageGid));
    const security = asObject(container.securityContext, 'container securityContext');
    expect(security.readOnlyRootFilesystem).toBe(true);
    expect(security.allowPrivilegeEscalation).toBe(false);
    expect(asObject(security.capabilities, 'capabilities').drop).toContain('ALL');
    const dataDir = String(
      env.find((item) => item.name === 'DATA_DIR')?.value ??
        configMap.DATA_DIR ??
        runtimeEnv.DATA_DIR,
    );
    const volumes = new Set(
      asArray(pod.volumes, 'volumes').map((item) => asObject(item, 'volume').name),
    );
    const mounts = asArray(container.volumeMounts, 'volumeMounts').map((item) =>
      asObject(item, 'mount'),
    );
    for (const path of ['/tmp', dataDir]) {
      const mount = mounts.find((item) => item.mountPath === path);
      expect(mount, path).toBeDefined();
      expect(volumes.has(mount?.name), path).toBe(true);
      expect(mount?.readOnly).not.toBe(true);
    }
  });

  it('gives every replica its settings from one ConfigMap and one Secret, secrets in the Secret', () => {
    const sources = asArray(container.envFrom, 'envFrom').map((item) => asObject(item, 'envFrom'));
    expect(
      sources.map((item) => asObject(item.configMapRef ?? {}, 'ref').name).filter(Boolean),
    ).toEqual([nameOf(manifest('ConfigMap'))]);
    expect(
      sources.map((item) => asObject(item.secretRef ?? {}, 'ref').name).filter(Boolean),
    ).toEqual([nameOf(manifest('Secret'))]);
    for (const name of [
      'SESSION_SECRET',
      'PKI_PASSPHRASE',
      'DATABASE_URL',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(secret, name).toHaveProperty(name);
      expect(configMap, name).not.toHaveProperty(name);
      expect(
        env.map((item) => item.name),
        name,
      ).not.toContain(name);
    }
    for (const name of ['SESSION_SECRET', 'PKI_PASSPHRASE', 'METRICS_TOKEN'])
      expect(String(secret[name]).length, name).toBeGreaterThanOrEqual(minimumLength(name));
    expect(String(secret.DATABASE_URL)).toMatch(/^postgres(ql)?:\/\//);
    expect(configMap.S3_BUCKET).toBeTruthy();
    expect(String(configMap.S3_ENDPOINT)).toMatch(/^https?:\/\//);
    // A variable in both would depend on envFrom's order.
    for (const name of Object.keys(secret)) expect(configMap, name).not.toHaveProperty(name);
  });

  it('sets only variables the server reads, as strings (what Kubernetes accepts)', () => {
    const names = [
      ...Object.keys(configMap),
      ...Object.keys(secret),
      ...env.map((item) => String(item.name)),
    ];
    for (const name of names) expect(serverVariables.has(name), name).toBe(true);
    for (const [name, value] of [...Object.entries(configMap), ...Object.entries(secret)])
      expect(typeof value, name).toBe('string');
    for (const item of env) expect(typeof item.value, String(item.name)).toBe('string');
  });

  it('takes the client address only from proxies in the private pod network, never from any client', () => {
    expect(EnvSchema.shape.TRUST_PROXY.parse(configMap.TRUST_PROXY)).toEqual(['uniquelocal']);
  });

  it('lets a pod finish its requests before it is killed', () => {
    const preStop = asObject(asObject(container.lifecycle, 'lifecycle').preStop, 'preStop');
    const pause = Number(asArray(asObject(preStop.exec, 'exec').command, 'command').at(-1));
    const shutdown = Number(configMap.SHUTDOWN_TIMEOUT_SECONDS ?? 25);
    expect(Number(pod.terminationGracePeriodSeconds)).toBeGreaterThan(shutdown + pause);
  });
});
