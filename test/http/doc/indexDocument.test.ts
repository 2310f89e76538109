// Specification of the index route body and OPTIONS entries (docs/api.md §14, §1.1) against capture 01.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { buildIndex, findRoute, isServedNamespace, routeIndexEntry } from '../../../src/http/doc/indexDocument.ts';
import { routeCatalogue } from '../../../src/http/routes/catalogue/index.ts';
import { feedRoutes } from '../../../src/http/routes/catalogue/feeds.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const capture = JSON.parse(
  readFileSync(new URL('../../fixtures/wire-examples/01-index.json', import.meta.url), 'utf8'),
) as { response: { body: JsonObject } };

const CAPTURED_ROOT = 'http://localhost:8080/cal/events/v1';
const capturedDefaults = { startDate: '2026-11-21 23:59:00', endDate: '2028-11-22 10:52:28' };
const i18nLanguage: JsonObject = {
  description: 'Response language',
  type: 'string',
  enum: ['ca', 'en', 'es'],
  required: false,
};
const itemPassword: JsonObject = { description: 'The item password', type: 'string', required: false };
/** `recurrence_scope` on event updates (docs/api.md §20.5). */
const recurrenceScope: JsonObject = {
  description:
    'Service addition (docs/api.md §20.3): on an occurrence of a series, this (the default) changes that ' +
    'occurrence only; following splits the series there, a new series starting at it with the written fields',
  type: 'string',
  enum: ['this', 'following'],
  required: false,
};
/** `recurrence` on event writes (docs/api.md §20.5), after the reference's fields. */
const recurrence: JsonObject = {
  description:
    'Service addition (docs/api.md §20.1): the RFC 5545 RRULE, RDATE and EXDATE lines of a recurring series, a ' +
    'list or one line as text; [] or null ends the series',
  required: false,
};

function asObject(value: Json | undefined): JsonObject {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`not an object: ${JSON.stringify(value)}`);
  }
  return value;
}

/** Capture 01 with the §14 differences applied, for a request on `site` with the given defaults. */
function expectedIndex(site: string, defaults: { startDate: string; endDate: string }): JsonObject {
  const body = structuredClone(capture.response.body);
  const apiRoot = `${site}/cal/events/v1`;
  for (const [path, routeJson] of Object.entries(asObject(body.routes))) {
    const route = asObject(routeJson);
    for (const endpointJson of route.endpoints as Json[]) {
      const endpoint = asObject(endpointJson);
      const methods = endpoint.methods as string[];
      // The reference sends an empty PHP array as `[]`; with i18n_language every endpoint has arguments.
      let args = Array.isArray(endpoint.args) ? {} : asObject(endpoint.args);
      if (/\/(venues|organizers)\/\(\?P<id>/.test(path) && methods.includes('POST')) {
        const [idEntry, ...rest] = Object.entries(args);
        if (idEntry === undefined) throw new Error('update without id');
        args = Object.fromEntries([idEntry, ['password', itemPassword], ...rest]);
      }
      if (path.startsWith('/cal/events/v1/events') && methods.includes('POST')) args = { ...args, recurrence };
      if (path.startsWith('/cal/events/v1/events/') && methods.includes('POST'))
        args = { ...args, recurrence_scope: recurrenceScope };
      if (path === '/cal/events/v1/events' && methods.includes('GET')) {
        asObject(args.start_date).default = defaults.startDate;
        asObject(args.end_date).default = defaults.endDate;
      }
      endpoint.args = { ...args, i18n_language: i18nLanguage };
    }
    if (route._links !== undefined) {
      for (const link of asObject(route._links).self as JsonObject[]) {
        link.href = (link.href as string).replace(CAPTURED_ROOT, apiRoot);
      }
    }
  }
  addFeedRoutes(asObject(body.routes), apiRoot);
  body._links = { up: [{ href: `${site}/` }] };
  return body;
}

/**
 * The calendar feeds (docs/api.md §21.1), after the reference's routes: GET /events's arguments without paging, and
 * GET /events/{id}'s, each with the sentence OPTIONS gives.
 */
function addFeedRoutes(routes: JsonObject, apiRoot: string): void {
  const getArgs = (path: string): JsonObject => {
    const endpoints = asObject(routes[`/cal/events/v1${path}`]).endpoints as JsonObject[];
    return asObject((endpoints.find((endpoint) => (endpoint.methods as string[]).includes('GET')) as JsonObject).args);
  };
  const { page: _page, per_page: _perPage, ...listArgs } = getArgs('/events');
  const [list, one] = feedRoutes;
  routes['/cal/events/v1/events.ics'] = {
    namespace: 'cal/events/v1',
    methods: ['GET', 'POST'],
    endpoints: [
      { methods: ['GET'], args: listArgs },
      // The import (docs/api.md §21.2) takes a calendar file as its body, and only the language as an argument.
      { methods: ['POST'], args: { i18n_language: listArgs.i18n_language as JsonObject } },
    ],
    _links: { self: [{ href: `${apiRoot}/events.ics` }] },
    description: list?.description ?? '',
  };
  routes['/cal/events/v1/events/(?P<id>\\d+).ics'] = {
    namespace: 'cal/events/v1',
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args: getArgs('/events/(?P<id>\\d+)') }],
    description: one?.description ?? '',
  };
}

/** Deep equality first (readable diffs), then the serialisation, which also pins key order. */
function expectSameJson(actual: unknown, expected: JsonObject): void {
  const parsed: unknown = JSON.parse(JSON.stringify(actual));
  expect(parsed).to.deep.equal(expected);
  expect(JSON.stringify(actual)).to.equal(JSON.stringify(expected));
}

describe('index route body', () => {
  const base = 'http://localhost:8080';

  it('equals capture 01 with the §14 differences, key order included', () => {
    const index = buildIndex({ apiRoot: CAPTURED_ROOT, site: base, defaults: capturedDefaults });
    expectSameJson(index, expectedIndex(base, capturedDefaults));
  });

  it('shows the GET /events date defaults computed for the request', () => {
    const defaults = { startDate: '2030-01-01 23:59:00', endDate: '2032-01-02 08:00:00' };
    const index = buildIndex({ apiRoot: CAPTURED_ROOT, site: base, defaults });
    expectSameJson(index, expectedIndex(base, defaults));
  });

  for (const lang of ['ca', 'en', 'es']) {
    it(`carries the ${lang} language segment in every address`, () => {
      const site = `${base}/${lang}`;
      const index = buildIndex({ apiRoot: `${site}/cal/events/v1`, site, defaults: capturedDefaults });
      expectSameJson(index, expectedIndex(site, capturedDefaults));
      expect(JSON.stringify(index)).not.to.contain(`"${CAPTURED_ROOT}`);
    });
  }

  it('keeps another port and host in the addresses', () => {
    const site = 'https://cal.example.org:8443/es';
    const index = buildIndex({ apiRoot: `${site}/cal/events/v1`, site, defaults: capturedDefaults });
    expect(index._links.up).to.deep.equal([{ href: 'https://cal.example.org:8443/es/' }]);
    expect(index.routes['/cal/events/v1/doc']?._links?.self).to.deep.equal([
      { href: 'https://cal.example.org:8443/es/cal/events/v1/doc' },
    ]);
  });

  it('gives the same body whatever the context (no route declares a schema)', () => {
    const plain = buildIndex({ apiRoot: CAPTURED_ROOT, site: base, defaults: capturedDefaults });
    for (const context of ['view', 'help', 'edit', 'embed']) {
      const index = buildIndex({ apiRoot: CAPTURED_ROOT, site: base, defaults: capturedDefaults, context });
      expect(JSON.stringify(index)).to.equal(JSON.stringify(plain));
    }
  });

  it('marks the extended add-on filters, and only those', () => {
    const marked = routeCatalogue
      .flatMap((route) => route.endpoints.flatMap((endpoint) => endpoint.args))
      .filter((arg) => arg.requiresAddOn === true);
    expect(marked.map((arg) => arg.name)).to.deep.equal(['geoloc', 'geoloc_lat', 'geoloc_lng']);
    for (const arg of marked) expect(arg.index.description).to.match(/^Requires the extended add-on\. /);
  });
});

describe('namespace check of the root route', () => {
  it('serves its own namespace, and the root without one', () => {
    expect(isServedNamespace(undefined)).to.equal(true);
    expect(isServedNamespace('cal/events/v1')).to.equal(true);
  });

  it('refuses any other namespace', () => {
    for (const value of ['wp/v2', 'cal/events/v2', '', 'cal/events/v1/', ['cal/events/v1']]) {
      expect(isServedNamespace(value), JSON.stringify(value)).to.equal(false);
    }
  });
});

describe('OPTIONS entries', () => {
  const ctx = { apiRoot: CAPTURED_ROOT, defaults: capturedDefaults };
  const index = buildIndex({ ...ctx, site: 'http://localhost:8080' });

  const cases: Array<[string, string]> = [
    ['', '/cal/events/v1'],
    ['/', '/cal/events/v1'],
    ['/doc', '/cal/events/v1/doc'],
    ['/events', '/cal/events/v1/events'],
    ['/events/', '/cal/events/v1/events'],
    ['/events/6', '/cal/events/v1/events/(?P<id>\\d+)'],
    ['/events/0/', '/cal/events/v1/events/(?P<id>\\d+)'],
    ['/events/by-slug/minimal-event', '/cal/events/v1/events/by-slug/(?P<slug>[^/]+)'],
    ['/venues/23', '/cal/events/v1/venues/(?P<id>\\d+)'],
    ['/organizers/by-slug/acme%20events', '/cal/events/v1/organizers/by-slug/(?P<slug>[^/]+)'],
    ['/categories/4', '/cal/events/v1/categories/(?P<id>\\d+)'],
    ['/tags', '/cal/events/v1/tags'],
  ];
  for (const [path, key] of cases) {
    it(`${JSON.stringify(path)} answers the index entry of ${key}`, () => {
      expect(routeIndexEntry(path, ctx)).to.deep.equal(index.routes[key]);
    });
  }

  for (const path of ['/events/abc', '/venues/foo', '/events/by-slug/', '/events//', '/nothing', '/events/6/x']) {
    it(`${JSON.stringify(path)} names no route`, () => {
      expect(routeIndexEntry(path, ctx)).to.equal(undefined);
      expect(findRoute(path)).to.equal(undefined);
    });
  }

  it('lists the methods in the Allow order of §1.1', () => {
    expect(routeIndexEntry('/events/6', ctx)?.methods).to.deep.equal(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect(routeIndexEntry('/tags/6', ctx)?.methods).to.deep.equal(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(routeIndexEntry('/venues', ctx)?.methods).to.deep.equal(['GET', 'POST']);
  });
});
