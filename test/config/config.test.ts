// Specifies configuration by environment: defaults, decoding, and errors that name the bad variable.
import { expect } from 'chai';
import { ConfigError, defaultChangesHeartbeatMs, loadConfig, variables } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults: embedded stores, port 8080 on 127.0.0.1, UTC, ./data', () => {
    expect(loadConfig({})).to.deep.equal({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      publicUrl: 'http://localhost:8080',
      timeZone: 'UTC',
      extendedAddOn: false,
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
    });
  });

  it('refuses bad values with one message naming each bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', CAL_TIMEZONE: 'Mars/Olympus', CAL_PUBLIC_URL: 'not a url' });
    expect(bad).to.throw(ConfigError, /PORT="eighty".*CAL_PUBLIC_URL="not a url".*CAL_TIMEZONE="Mars\/Olympus"/);
  });

  it('reads the change feed heartbeat interval, a positive integer of milliseconds defaulting to 15 s', () => {
    expect(loadConfig({ CAL_CHANGES_HEARTBEAT_MS: '250' }).changesHeartbeatMs).to.equal(250);
    expect(loadConfig({}).changesHeartbeatMs ?? defaultChangesHeartbeatMs).to.equal(15_000);
    expect(variables).to.have.property('CAL_CHANGES_HEARTBEAT_MS');
    for (const bad of ['0', '-5', '1.5', 'soon', '', '2147483648']) {
      expect(() => loadConfig({ CAL_CHANGES_HEARTBEAT_MS: bad }), bad).to.throw(ConfigError, /CAL_CHANGES_HEARTBEAT_MS=/);
    }
  });
});
