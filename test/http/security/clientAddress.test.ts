// Specifies which client a socket address counts as when failed logins are limited.
import { expect } from 'chai';
import { clientOf } from '../../../src/http/auth/clientAddress.ts';

describe('clientOf', () => {
  it('counts an IPv4 address as itself, also in its IPv4-mapped IPv6 form', () => {
    expect(clientOf('203.0.113.7')).to.equal('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(clientOf('::FFFF:127.0.0.2')).to.equal('127.0.0.2');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const expected = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:0:0:9',
      '2001:db8::1:1:2:3:4',
      '2001:db8:0:1::5%eth0',
    ]) {
      expect(clientOf(address), address).to.equal(address === '2001:db8::1:1:2:3:4' ? '2001:db8:0:1::/64' : expected);
    }
    expect(clientOf('2001:db8:0:2::1')).not.to.equal(expected);
    expect(clientOf('::1')).to.equal('0:0:0:0::/64');
    expect(clientOf('64:ff9b::192.0.2.1')).to.equal('64:ff9b:0:0::/64');
  });

  it('keeps anything else as it is, so an odd address is still one client', () => {
    expect(clientOf('')).to.equal('');
    expect(clientOf('not-an-address')).to.equal('not-an-address');
  });
});
