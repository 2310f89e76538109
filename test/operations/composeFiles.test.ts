// Specifies the deployment files: docker-compose.yml (+ the cluster override), deploy/nginx.conf and the Dockerfile
// agree with each other and with the service (its scripts, its variables, its probes).
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';
import { variables } from '../../src/config/config.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

interface Healthcheck {
  readonly test?: unknown;
}
interface Service {
  readonly image?: string;
  readonly build?: unknown;
  readonly command?: unknown;
  readonly environment?: Record<string, string>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
  readonly healthcheck?: Healthcheck;
  readonly depends_on?: Record<string, { condition: string }>;
  readonly deploy?: { replicas?: unknown };
}
interface ComposeFile {
  readonly services: Record<string, Service>;
  readonly volumes?: Record<string, unknown>;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const cluster = parse(read('docker-compose.cluster.yml'), { merge: true }) as ComposeFile;
const packageJson = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const { scripts } = packageJson;

const service = (file: ComposeFile, name: string): Service => {
  const found = file.services[name];
  if (!found) throw new Error(`no service ${name}`);
  return found;
};
const envOf = (file: ComposeFile, name: string): Record<string, string> => service(file, name).environment ?? {};
/** `npm run <script>` → the script's name. */
const npmScriptOf = (command: unknown): string | undefined =>
  Array.isArray(command) && command.length === 3 && command[0] === 'npm' && command[1] === 'run'
    ? (command[2] as string)
    : undefined;
/** Host side of a `host:container` port mapping. */
const publishedPorts = (s: Service): string[] =>
  (s.ports ?? []).map((mapping) => mapping.split(':').slice(-2)[0] as string);
/** Volume sources that are named volumes (not bind mounts of a path). */
const namedVolumes = (s: Service): string[] =>
  (s.volumes ?? []).map((volume) => volume.split(':')[0] as string).filter((source) => !/^[./~]/.test(source));
/** `host:port` pairs of an esdb:// connection string. */
const esdbHosts = (url: string): string[] => (/^esdb(?:\+discover)?:\/\/([^/?]+)/.exec(url)?.[1] ?? '').split(',');

const nodeRoles = ['api', 'projector'] as const;

describe('docker-compose.yml', function () {
  it('defines the event store, MongoDB, the projector, the API and the proxy', () => {
    expect(Object.keys(compose.services)).to.include.members(['eventstore', 'mongodb', 'projector', 'api', 'proxy']);
  });

  it('runs MongoDB as a replica set, the one CAL_MONGODB_URL names, initiated under the service name', () => {
    const command = service(compose, 'mongodb').command as string[];
    const replSet = command[command.indexOf('--replSet') + 1];
    expect(command).to.include('--replSet');
    for (const role of nodeRoles)
      expect(envOf(compose, role).CAL_MONGODB_URL).to.match(
        new RegExp(`^mongodb://mongodb:27017/\\w+\\?replicaSet=${replSet}$`),
      );
    expect(JSON.stringify(service(compose, 'mongodb').healthcheck?.test))
      .to.include(`rs.initiate({ _id: '${replSet}'`)
      .and.include("host: 'mongodb:27017'");
  });

  it('starts the API and the projector with their npm scripts, which run the entry point in that role', () => {
    expect(service(compose, 'api').command).to.deep.equal(['npm', 'run', 'start:api']);
    expect(service(compose, 'projector').command).to.deep.equal(['npm', 'run', 'start:projector']);
    expect(scripts['start:api']).to.match(/ scripts\/start\.mjs api$/);
    expect(scripts['start:projector']).to.match(/ scripts\/start\.mjs projector$/);
    expect(existsSync(new URL('scripts/start.mjs', root))).to.equal(true);
    for (const role of nodeRoles) expect(service(compose, role).build).to.equal('.');
  });

  it('configures the API and the projector only with documented variables, including both store URLs', () => {
    for (const role of nodeRoles) {
      const env = envOf(compose, role);
      const ours = Object.keys(env).filter(
        (name) => name.startsWith('CAL_') || name === 'LOG_LEVEL' || name === 'HOST' || name === 'PORT',
      );
      expect(
        ours.filter((name) => !(name in variables)),
        `${role}: undocumented variables`,
      ).to.deep.equal([]);
      expect(env.CAL_EVENTSTORE_URL, role).to.match(/^esdb:\/\/eventstore:2113\b/);
      expect(env.CAL_MONGODB_URL, role).to.be.a('string');
      // The service listens on 127.0.0.1 by default: unreachable from the proxy and the health check's container.
      expect(env.HOST, role).to.equal('0.0.0.0');
      expect(env.PORT, role).to.equal('8080');
    }
  });

  it('gives every service a health check; the API and projector probe their own /health on their port', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      const test = s.healthcheck?.test;
      expect(test, `${name} healthcheck`).to.be.an('array').with.length.above(0);
      expect(['CMD', 'CMD-SHELL'], `${name} healthcheck`).to.include((test as string[])[0]);
    }
    for (const role of nodeRoles) {
      expect(JSON.stringify(service(compose, role).healthcheck?.test)).to.include(
        `127.0.0.1:${envOf(compose, role).PORT}/health`,
      );
    }
  });

  it('publishes the API only through the proxy, on port 8080', () => {
    expect(service(compose, 'api').ports ?? []).to.deep.equal([]);
    expect(publishedPorts(service(compose, 'proxy'))).to.include('8080');
    expect(service(compose, 'proxy').depends_on?.api).to.deep.equal({ condition: 'service_healthy' });
    expect(service(compose, 'api').deploy?.replicas).to.not.equal(undefined);
  });

  it('starts the API and the projector once the event store and MongoDB are healthy', () => {
    for (const role of nodeRoles) {
      const dependsOn = service(compose, role).depends_on ?? {};
      expect(dependsOn.eventstore, role).to.deep.equal({ condition: 'service_healthy' });
      expect(dependsOn.mongodb, role).to.deep.equal({ condition: 'service_healthy' });
    }
  });

  it('declares every named volume it mounts, and every bind-mounted file exists', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const volume of namedVolumes(s))
        expect(compose.volumes ?? {}, `${name} mounts ${volume}`).to.have.property(volume);
      for (const source of (s.volumes ?? []).map((v) => v.split(':')[0] as string).filter((v) => v.startsWith('./'))) {
        expect(existsSync(new URL(source, root)), `${name} mounts ${source}`).to.equal(true);
      }
    }
    expect(namedVolumes(service(compose, 'eventstore'))).to.have.length.above(0);
    expect(namedVolumes(service(compose, 'mongodb'))).to.have.length.above(0);
  });
});

describe('docker-compose.cluster.yml', function () {
  const nodes = ['eventstore', 'eventstore-2', 'eventstore-3'];

  it('defines three KurrentDB nodes forming a cluster of three, each seeded with the other two', () => {
    const kurrentNodes = Object.entries(cluster.services)
      .filter(([, s]) => s.image?.includes('kurrentdb'))
      .map(([name]) => name);
    expect(kurrentNodes).to.have.members(nodes);
    for (const node of nodes) {
      const env = envOf(cluster, node);
      expect(env.KURRENTDB_CLUSTER_SIZE, node).to.equal('3');
      const seeds = (env.KURRENTDB_GOSSIP_SEED ?? '').split(',');
      expect(seeds, node).to.have.members(
        nodes.filter((other) => other !== node).map((other) => `${other}:${env.KURRENTDB_NODE_PORT}`),
      );
      expect(service(cluster, node).healthcheck?.test, node).to.be.an('array').with.length.above(0);
    }
  });

  it('points the API and the projector at all three nodes', () => {
    for (const role of nodeRoles) {
      const url = envOf(cluster, role).CAL_EVENTSTORE_URL ?? '';
      expect(esdbHosts(url), role).to.have.members(nodes.map((node) => `${node}:2113`));
    }
  });

  it("declares the volumes of the nodes it adds (the first node keeps the base file's)", () => {
    for (const node of nodes) {
      for (const volume of namedVolumes(service(cluster, node))) {
        expect({ ...compose.volumes, ...cluster.volumes }, `${node} mounts ${volume}`).to.have.property(volume);
      }
    }
    expect(namedVolumes(service(cluster, 'eventstore-2'))).to.have.length.above(0);
    expect(namedVolumes(service(cluster, 'eventstore-3'))).to.have.length.above(0);
  });
});

describe('deploy/nginx.conf', function () {
  const conf = read('deploy/nginx.conf');

  it('balances over the API service on its port and listens where the proxy is published', () => {
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(conf);
    expect(upstream, 'an upstream block').to.not.equal(null);
    expect(upstream?.[2]).to.match(new RegExp(`server\\s+api:${envOf(compose, 'api').PORT}\\b`));
    expect(conf).to.match(new RegExp(`proxy_pass\\s+http://${upstream?.[1]};`));
    expect(conf).to.match(new RegExp(`listen\\s+${publishedPorts(service(compose, 'proxy'))[0]};`));
  });

  it('lets change feeds stream: no response buffering', () => {
    expect(conf).to.match(/proxy_buffering\s+off;/);
  });
});

describe('Dockerfile', function () {
  const dockerfile = read('Dockerfile');

  it('runs an npm script that exists', () => {
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1];
    expect(cmd, 'a CMD in exec form').to.be.a('string');
    const script = npmScriptOf(JSON.parse(cmd as string));
    expect(script).to.be.a('string');
    expect(scripts).to.have.property(script as string);
  });

  it('installs what the role scripts load at run time, although it leaves out the dev dependencies', () => {
    expect(dockerfile).to.match(/npm run build && npm prune --omit=dev/);
    for (const script of ['start:api', 'start:projector']) {
      for (const [, module] of (scripts[script] ?? '').matchAll(/--import\s+(\S+)/g))
        expect(packageJson.dependencies, script).to.have.property(module as string);
    }
  });

  it('copies files that exist, and exposes the port the services listen on', () => {
    const sources = [...dockerfile.matchAll(/^COPY\s+(.+)\s+\S+\s*$/gm)].flatMap((m) => (m[1] as string).split(/\s+/));
    expect(sources).to.include.members(['package.json', 'package-lock.json', 'src']);
    for (const source of sources) expect(existsSync(new URL(source, root)), source).to.equal(true);
    expect(dockerfile).to.match(new RegExp(`^EXPOSE\\s+${envOf(compose, 'api').PORT}\\s*$`, 'm'));
  });
});
