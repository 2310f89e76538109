// Specifies the remembered zone abbreviations: always what the time zone module answers, for every zone and instant.
import { expect } from 'chai';
import fc from 'fast-check';
import { timeZoneAbbreviation } from '../../../src/domain/timeZone.ts';
import { zoneAbbreviation } from '../../../src/projections/events/zoneAbbreviations.ts';

const zones = ['America/New_York', 'Europe/Madrid', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/St_Johns', 'UTC', 'UTC+5.5'];
const instant = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true });
const utcOf = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

describe('zoneAbbreviation', () => {
  it('answers what timeZoneAbbreviation answers, asked once or again', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instant, { minLength: 1, maxLength: 5 }), (zone, dates) => {
        for (const utc of [...dates, ...dates].map(utcOf)) expect(zoneAbbreviation(zone, utc)).to.equal(timeZoneAbbreviation(zone, utc));
      }),
      { numRuns: 300 },
    );
  });

  it('throws where timeZoneAbbreviation throws, and keeps throwing', () => {
    expect(() => timeZoneAbbreviation('Mars/Olympus', '2026-01-01 00:00:00')).to.throw();
    expect(() => zoneAbbreviation('Mars/Olympus', '2026-01-01 00:00:00')).to.throw();
    expect(() => zoneAbbreviation('Mars/Olympus', '2026-01-01 00:00:00')).to.throw();
  });
});
