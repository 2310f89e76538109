// Specifies configuration by environment: defaults, decoding, and errors that name the bad variable.
import { expect } from 'chai';
import { ConfigError, checkRole, loadConfig, variables } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults: embedded stores, port 8080 on 127.0.0.1, UTC, ./data', () => {
    expect(loadConfig({})).to.deep.equal({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      publicUrl: 'http://localhost:8080',
      timeZone: 'UTC',
      extendedAddOn: false,
      changesHeartbeatMs: 15_000,
      readYourWritesTimeoutMs: 5000,
      readyMaxLagSeconds: 5,
      shutdownGraceMs: 10_000,
      logLevel: 'info',
    });
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
      expect(() => loadConfig({ CAL_CHANGES_HEARTBEAT_MS: bad }), bad).to.throw(ConfigError, /CAL_CHANGES_HEARTBEAT_MS=/);
    }
  });

  it('refuses bad operational values, naming the variable and what it should be', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).to.throw(ConfigError, /LOG_LEVEL="loud" is not one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => loadConfig({ CAL_READY_MAX_LAG_SECONDS: '-1' })).to.throw(ConfigError, /CAL_READY_MAX_LAG_SECONDS="-1" is not a non-negative number of seconds/);
    expect(() => loadConfig({ CAL_READ_YOUR_WRITES_TIMEOUT_MS: '0' })).to.throw(ConfigError, /CAL_READ_YOUR_WRITES_TIMEOUT_MS="0"/);
    expect(() => loadConfig({ CAL_SHUTDOWN_GRACE_MS: 'soon' })).to.throw(ConfigError, /CAL_SHUTDOWN_GRACE_MS="soon"/);
  });

  it('lets the api and projector roles start only with both network stores, naming what is missing', () => {
    expect(() => checkRole(loadConfig({}), 'all')).not.to.throw();
    expect(() => checkRole(loadConfig({}), 'api')).to.throw(ConfigError, /api role needs CAL_EVENTSTORE_URL and CAL_MONGODB_URL/);
    expect(() => checkRole(loadConfig({ CAL_EVENTSTORE_URL: 'esdb://es:2113?tls=false' }), 'projector')).to.throw(ConfigError, /projector role needs CAL_MONGODB_URL \(/);
    const distributed = loadConfig({ CAL_EVENTSTORE_URL: 'esdb://es:2113?tls=false', CAL_MONGODB_URL: 'mongodb://db/cal' });
    expect(() => checkRole(distributed, 'api')).not.to.throw();
  });

  it('documents every variable it reads for --help', () => {
    for (const name of ['CAL_READ_YOUR_WRITES_TIMEOUT_MS', 'CAL_READY_MAX_LAG_SECONDS', 'CAL_SHUTDOWN_GRACE_MS', 'LOG_LEVEL']) expect(variables).to.have.property(name);
  });
});
