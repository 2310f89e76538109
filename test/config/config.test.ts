// Specifies configuration by environment: defaults, decoding, and errors that name the bad variable.
import { expect } from 'chai';
import { ConfigError, checkRole, loadConfig, variables } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults: embedded stores, port 8080 on 127.0.0.1, UTC, ./data', () => {
    expect(loadConfig({})).to.deep.equal({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      publicUrl: 'http://127.0.0.1:8080',
      timeZone: 'UTC',
      extendedAddOn: false,
      changesHeartbeatMs: 15_000,
      readYourWritesTimeoutMs: 5000,
      readyMaxLagSeconds: 5,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
      authMaxFailures: 10,
      authFailureWindowSeconds: 60,
      unlockMaxFailures: 10,
      unlockFailureWindowSeconds: 60,
      corsOrigins: [],
      trustProxy: false,
      minFreeDiskMb: 64,
      readModelSnapshot: true,
      readModelSnapshotIntervalSeconds: 60,
      heapSettleSeconds: 0,
      scheduler: true,
      recurrenceHorizonMonths: 24,
      recurrenceMaxOccurrences: 1000,
      icalMaxEvents: 5000,
      icsMaxBytes: 10_485_760,
      icsMaxComponents: 20_000,
      historyMaxReads: 120,
      historyReadWindowSeconds: 60,
      changesMaxFeeds: 100,
      changesMaxFeedsPerUser: 4,
      changesBufferBytes: 262_144,
    });
  });

  it('derives the public URL from HOST and PORT when CAL_PUBLIC_URL is unset', () => {
    const publicUrl = (env: Record<string, string>) => loadConfig(env).publicUrl;
    expect(publicUrl({ PORT: '9000' })).to.equal('http://127.0.0.1:9000');
    expect(publicUrl({ HOST: '0.0.0.0' })).to.equal('http://localhost:8080');
    expect(publicUrl({ HOST: '::', PORT: '80' })).to.equal('http://localhost:80');
    expect(publicUrl({ HOST: '192.168.1.20' })).to.equal('http://192.168.1.20:8080');
    expect(publicUrl({ HOST: 'cal.internal', PORT: '8443' })).to.equal('http://cal.internal:8443');
    expect(publicUrl({ HOST: '::1' })).to.equal('http://[::1]:8080');
    expect(publicUrl({ HOST: '0.0.0.0', CAL_PUBLIC_URL: 'https://cal.example.com' })).to.equal(
      'https://cal.example.com',
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      CAL_DATA_DIR: '/var/cal',
      CAL_PUBLIC_URL: 'https://cal.example.com/',
      CAL_TIMEZONE: 'Europe/Madrid',
      CAL_ADMIN_PASSWORD: 's3cret',
      CAL_EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      CAL_MONGODB_URL: 'mongodb://localhost:27017/cal',
      CAL_EXTENDED_ADDON: 'true',
      CAL_CHANGES_HEARTBEAT_MS: '500',
      CAL_READ_YOUR_WRITES_TIMEOUT_MS: '2000',
      CAL_READY_MAX_LAG_SECONDS: '2.5',
      CAL_SHUTDOWN_GRACE_MS: '3000',
      CAL_AUTH_MAX_FAILURES: '5',
      CAL_AUTH_FAILURE_WINDOW_SECONDS: '30',
      CAL_UNLOCK_MAX_FAILURES: '4',
      CAL_UNLOCK_FAILURE_WINDOW_SECONDS: '20',
      CAL_CORS_ORIGINS: 'https://app.example.com, http://localhost:3000',
      CAL_TRUST_PROXY: 'true',
      CAL_MIN_FREE_DISK_MB: '0',
      CAL_READ_MODEL_SNAPSHOT: 'off',
      CAL_READ_MODEL_SNAPSHOT_INTERVAL: '300',
      CAL_HEAP_SETTLE_SECONDS: '30',
      CAL_SCHEDULER: 'off',
      CAL_ICAL_MAX_EVENTS: '250',
      CAL_RECURRENCE_HORIZON_MONTHS: '12',
      CAL_RECURRENCE_MAX_OCCURRENCES: '500',
      CAL_ICS_MAX_BYTES: '2000000',
      CAL_ICS_MAX_COMPONENTS: '500',
      CAL_HISTORY_MAX_READS: '30',
      CAL_HISTORY_READ_WINDOW_SECONDS: '10',
      CAL_CHANGES_MAX_FEEDS: '20',
      CAL_CHANGES_MAX_FEEDS_PER_USER: '2',
      CAL_CHANGES_BUFFER_BYTES: '65536',
      LOG_LEVEL: 'warn',
    });
    expect(config).to.deep.equal({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/cal',
      publicUrl: 'https://cal.example.com',
      timeZone: 'Europe/Madrid',
      adminPassword: 's3cret',
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      mongoUrl: 'mongodb://localhost:27017/cal',
      extendedAddOn: true,
      changesHeartbeatMs: 500,
      readYourWritesTimeoutMs: 2000,
      readyMaxLagSeconds: 2.5,
      shutdownGraceMs: 3000,
      logLevel: 'warn',
      authMaxFailures: 5,
      authFailureWindowSeconds: 30,
      unlockMaxFailures: 4,
      unlockFailureWindowSeconds: 20,
      corsOrigins: ['https://app.example.com', 'http://localhost:3000'],
      trustProxy: true,
      minFreeDiskMb: 0,
      readModelSnapshot: false,
      readModelSnapshotIntervalSeconds: 300,
      heapSettleSeconds: 30,
      scheduler: false,
      recurrenceHorizonMonths: 12,
      recurrenceMaxOccurrences: 500,
      icalMaxEvents: 250,
      icsMaxBytes: 2_000_000,
      icsMaxComponents: 500,
      historyMaxReads: 30,
      historyReadWindowSeconds: 10,
      changesMaxFeeds: 20,
      changesMaxFeedsPerUser: 2,
      changesBufferBytes: 65_536,
    });
  });

  it('refuses bad values with one message naming each bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', CAL_TIMEZONE: 'Mars/Olympus', CAL_PUBLIC_URL: 'not a url' });
    expect(bad).to.throw(ConfigError, /PORT="eighty".*CAL_PUBLIC_URL="not a url".*CAL_TIMEZONE="Mars\/Olympus"/);
  });

  it('reads the change feed heartbeat interval, a positive integer of milliseconds defaulting to 15 s', () => {
    expect(loadConfig({ CAL_CHANGES_HEARTBEAT_MS: '250' }).changesHeartbeatMs).to.equal(250);
    expect(loadConfig({}).changesHeartbeatMs).to.equal(15_000);
    expect(variables).to.have.property('CAL_CHANGES_HEARTBEAT_MS');
    for (const bad of ['0', '-5', '1.5', 'soon', '', '2147483648']) {
      expect(() => loadConfig({ CAL_CHANGES_HEARTBEAT_MS: bad }), bad).to.throw(
        ConfigError,
        /CAL_CHANGES_HEARTBEAT_MS=/,
      );
    }
  });

  it('reads the limits on what a caller can cost: history reads per client, change feeds and their buffer', () => {
    expect(loadConfig({})).to.include({
      historyMaxReads: 120,
      historyReadWindowSeconds: 60,
      changesMaxFeeds: 100,
      changesMaxFeedsPerUser: 4,
      changesBufferBytes: 262_144,
    });
    const set = loadConfig({
      CAL_HISTORY_MAX_READS: '0',
      CAL_HISTORY_READ_WINDOW_SECONDS: '10',
      CAL_CHANGES_MAX_FEEDS: '5',
      CAL_CHANGES_MAX_FEEDS_PER_USER: '1',
      CAL_CHANGES_BUFFER_BYTES: '65536',
    });
    expect(set).to.include({
      historyMaxReads: 0,
      historyReadWindowSeconds: 10,
      changesMaxFeeds: 5,
      changesMaxFeedsPerUser: 1,
      changesBufferBytes: 65_536,
    });
    const refused: [string, string][] = [
      ['CAL_HISTORY_READ_WINDOW_SECONDS', '0'],
      ['CAL_CHANGES_MAX_FEEDS', '0'],
      ['CAL_CHANGES_MAX_FEEDS_PER_USER', 'many'],
      ['CAL_CHANGES_BUFFER_BYTES', '1024'],
      ['CAL_HISTORY_MAX_READS', '-1'],
    ];
    for (const [name, value] of refused)
      expect(() => loadConfig({ [name]: value }), name).to.throw(ConfigError, new RegExp(`${name}=`));
  });

  it('refuses bad operational values, naming the variable and what it should be', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).to.throw(
      ConfigError,
      /LOG_LEVEL="loud" is not one of fatal, error, warn, info, debug, trace, silent/,
    );
    expect(() => loadConfig({ CAL_READY_MAX_LAG_SECONDS: '-1' })).to.throw(
      ConfigError,
      /CAL_READY_MAX_LAG_SECONDS="-1" is not a non-negative number of seconds/,
    );
    expect(() => loadConfig({ CAL_READ_YOUR_WRITES_TIMEOUT_MS: '0' })).to.throw(
      ConfigError,
      /CAL_READ_YOUR_WRITES_TIMEOUT_MS="0"/,
    );
    expect(() => loadConfig({ CAL_SHUTDOWN_GRACE_MS: 'soon' })).to.throw(ConfigError, /CAL_SHUTDOWN_GRACE_MS="soon"/);
  });

  it('reads the failed-login limit: 0 turns it off; out-of-range or fractional values are refused by name', () => {
    expect(loadConfig({ CAL_AUTH_MAX_FAILURES: '0' }).authMaxFailures).to.equal(0);
    for (const bad of ['-1', '1001', '2.5', 'many', '']) {
      expect(() => loadConfig({ CAL_AUTH_MAX_FAILURES: bad }), bad).to.throw(
        ConfigError,
        /CAL_AUTH_MAX_FAILURES=.* is not a whole number from 0 to 1000/,
      );
    }
    for (const bad of ['0', '86401', '1.5', '']) {
      expect(() => loadConfig({ CAL_AUTH_FAILURE_WINDOW_SECONDS: bad }), bad).to.throw(
        ConfigError,
        /CAL_AUTH_FAILURE_WINDOW_SECONDS=/,
      );
    }
  });

  it('reads CORS origins: empty is off, * is any, a list holds exact origins only', () => {
    expect(loadConfig({ CAL_CORS_ORIGINS: '' }).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ CAL_CORS_ORIGINS: ' , ' }).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ CAL_CORS_ORIGINS: ' * ' }).corsOrigins).to.equal('*');
    expect(loadConfig({ CAL_CORS_ORIGINS: 'https://a.example:8443' }).corsOrigins).to.deep.equal([
      'https://a.example:8443',
    ]);
    for (const bad of [
      'https://a.example/',
      'https://a.example/app',
      'a.example',
      'https://a.example,*',
      'null',
      'HTTPS://A.example',
    ]) {
      expect(() => loadConfig({ CAL_CORS_ORIGINS: bad }), bad).to.throw(ConfigError, /CAL_CORS_ORIGINS=/);
    }
  });

  it('lets the api and projector roles start only with both network stores, naming what is missing', () => {
    expect(() => checkRole(loadConfig({}), 'all')).not.to.throw();
    expect(() => checkRole(loadConfig({}), 'api')).to.throw(
      ConfigError,
      /api role needs CAL_EVENTSTORE_URL and CAL_MONGODB_URL/,
    );
    expect(() => checkRole(loadConfig({ CAL_EVENTSTORE_URL: 'esdb://es:2113?tls=false' }), 'projector')).to.throw(
      ConfigError,
      /projector role needs CAL_MONGODB_URL \(/,
    );
    const distributed = loadConfig({
      CAL_EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      CAL_MONGODB_URL: 'mongodb://db/cal',
    });
    expect(() => checkRole(distributed, 'api')).not.to.throw();
  });

  it('documents every variable it reads for --help', () => {
    for (const name of [
      'CAL_READ_YOUR_WRITES_TIMEOUT_MS',
      'CAL_READY_MAX_LAG_SECONDS',
      'CAL_SHUTDOWN_GRACE_MS',
      'LOG_LEVEL',
      'CAL_AUTH_MAX_FAILURES',
      'CAL_AUTH_FAILURE_WINDOW_SECONDS',
      'CAL_UNLOCK_MAX_FAILURES',
      'CAL_UNLOCK_FAILURE_WINDOW_SECONDS',
      'CAL_CORS_ORIGINS',
      'CAL_TRUST_PROXY',
      'CAL_HISTORY_MAX_READS',
      'CAL_HISTORY_READ_WINDOW_SECONDS',
      'CAL_CHANGES_MAX_FEEDS',
      'CAL_CHANGES_MAX_FEEDS_PER_USER',
      'CAL_CHANGES_BUFFER_BYTES',
    ])
      expect(variables).to.have.property(name);
  });
});
