// Specification of the `/doc` OpenAPI document (docs/api.md §14) against capture 02.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApi, openApiPath } from '../../../src/http/doc/openApiDocument.ts';
import { routeCatalogue } from '../../../src/http/routes/catalogue/index.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const capture = JSON.parse(
  readFileSync(new URL('../../fixtures/wire-examples/02-doc.json', import.meta.url), 'utf8'),
) as { response: { body: JsonObject } };

const i18nLanguage: JsonObject = {
  name: 'i18n_language',
  in: 'query',
  description: 'Response language',
  schema: { type: 'string', enum: ['ca', 'en', 'es'] },
  required: false,
};

function asObject(value: Json | undefined): JsonObject {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`not an object: ${JSON.stringify(value)}`);
  }
  return value;
}

/** Capture 02 with the §14 differences applied for a request whose `{api_root}` is `apiRoot`. */
function expectedDoc(apiRoot: string): JsonObject {
  const body = structuredClone(capture.response.body);
  body.info = {
    version: '1.0.0',
    title: 'Calendar Events REST API',
    description: 'Read and write access to calendar events, venues, organizers, categories and tags.',
  };
  body.servers = [{ url: `${apiRoot}/` }];
  for (const pathItem of Object.values(asObject(body.paths))) {
    const operations = asObject(pathItem);
    for (const [name, operationJson] of Object.entries(operations)) {
      const { parameters, ...rest } = asObject(operationJson);
      // Deliberate deviation: the capture's optional `password` "path" parameter is invalid OpenAPI 3.0 (path
      // parameters are required); the service documents it in the query string, where it is read.
      const fixed = ((parameters as Json[] | undefined) ?? []).map((p) => {
        const param = asObject(p);
        return param.name === 'password' && param.in === 'path' ? { ...param, in: 'query' } : param;
      });
      // Rebuilt so that `parameters` keeps its place before `requestBody` and `responses`.
      operations[name] = { parameters: [...fixed, i18nLanguage], ...rest };
    }
  }
  return body;
}

const isAddition = (value: Json | undefined): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && value['x-service-addition'] === true;

/** The document without what the service adds (every addition is marked `x-service-addition`): the reference's. */
function referencePart(document: unknown): JsonObject {
  const doc = JSON.parse(JSON.stringify(document)) as JsonObject;
  const paths = asObject(doc.paths);
  for (const [path, item] of Object.entries(paths)) {
    const operations = asObject(item);
    for (const [name, operation] of Object.entries(operations)) {
      if (isAddition(operation)) {
        delete operations[name];
        continue;
      }
      const op = asObject(operation);
      op.parameters = (op.parameters as Json[]).filter((p) => !isAddition(p));
      const content = op.requestBody === undefined ? {} : asObject(asObject(op.requestBody).content);
      for (const media of Object.values(content)) {
        const properties = asObject(asObject(asObject(media).schema).properties);
        for (const [field, schema] of Object.entries(properties)) if (isAddition(schema)) delete properties[field];
      }
    }
    if (Object.keys(operations).length === 0) delete paths[path];
  }
  // The series keys of the Event schema (docs/api.md §20.5) are additions too.
  for (const schema of Object.values(asObject(asObject(doc.components).schemas))) {
    const properties = asObject(schema).properties;
    if (properties === undefined) continue;
    for (const [field, value] of Object.entries(asObject(properties))) {
      if (isAddition(value)) delete asObject(properties)[field];
    }
  }
  return doc;
}

function expectSameJson(actual: unknown, expected: JsonObject): void {
  const parsed: unknown = JSON.parse(JSON.stringify(actual));
  expect(parsed).to.deep.equal(expected);
  expect(JSON.stringify(actual)).to.equal(JSON.stringify(expected));
}

function operationsOf(doc: JsonObject): JsonObject[] {
  return Object.values(asObject(doc.paths)).flatMap((item) => Object.values(asObject(item)).map(asObject));
}

describe('/doc OpenAPI document', () => {
  it('is a valid OpenAPI 3.0 document (checked by @seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      JSON.parse(JSON.stringify(buildOpenApi({ apiRoot: 'http://localhost:8080/es/cal/events/v1' }))) as Record<
        string,
        unknown
      >,
    );
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  const apiRoot = 'http://localhost:8080/cal/events/v1';

  it('equals capture 02 with the §14 differences, key order included, once the marked additions are left out', () => {
    expectSameJson(referencePart(buildOpenApi({ apiRoot })), expectedDoc(apiRoot));
  });

  it('describes recurrence, recurrence_scope and the three series keys, each marked as an addition', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi({ apiRoot }))) as JsonObject;
    const paths = asObject(doc.paths);
    // The reference documents updates with a form body, creates (an addition) with JSON.
    const bodyOf = (operation: Json | undefined) => {
      const content = asObject(asObject(asObject(operation).requestBody).content);
      const media = content['application/json'] ?? content['application/x-www-form-urlencoded'];
      return asObject(asObject(media).schema).properties;
    };
    expect(asObject(bodyOf(asObject(paths['/events']).post)).recurrence).to.include({ 'x-service-addition': true });
    for (const path of ['/events/{id}', '/events/by-slug/{slug}']) {
      const properties = asObject(bodyOf(asObject(paths[path]).post));
      for (const name of ['recurrence', 'recurrence_scope'])
        expect(properties[name], `${path} ${name}`).to.include({ 'x-service-addition': true });
    }
    const event = asObject(asObject(asObject(asObject(doc.components).schemas).Event).properties);
    for (const key of ['recurrence', 'recurring_event_id', 'original_start_date'])
      expect(event[key], key).to.include({ 'x-service-addition': true });
  });

  it('lists what the service accepts beyond the reference, each marked and described as an addition', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi({ apiRoot }))) as JsonObject;
    const paths = asObject(doc.paths);
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const create = asObject(asObject(paths[`/${resource}`]).post);
      expect(create['x-service-addition'], resource).to.equal(true);
      const schema = asObject(asObject(asObject(asObject(create.requestBody).content)['application/json']).schema);
      expect(asObject(schema.properties), resource).to.have.property('translation_of');
      expect(asObject(paths[`/${resource}/{id}/history`]).get, resource).to.include({ 'x-service-addition': true });
    }
    for (const path of ['/events/{id}', '/events/by-slug/{slug}', '/venues/{id}', '/tags/{id}']) {
      const parameters = asObject(asObject(paths[path]).get).parameters as JsonObject[];
      expect(
        parameters.map((p) => p.name),
        path,
      ).to.include('as_of');
    }
    for (const path of ['/venues/{id}', '/organizers/{id}']) {
      const body = asObject(
        asObject(asObject(asObject(asObject(paths[path]).post).requestBody).content)[
          'application/x-www-form-urlencoded'
        ],
      );
      expect(asObject(asObject(body.schema).properties).password, path).to.include({ 'x-service-addition': true });
    }
    expect(Object.keys(paths)).to.include.members(['/changes', '/doc/events']);
    const described =
      JSON.stringify(doc).match(/"description":"Service addition \(beyond the reference implementation\)\./g) ?? [];
    expect(described.length).to.equal((JSON.stringify(doc).match(/"x-service-addition":true/g) ?? []).length);
  });

  it('has the top-level keys in the order §14 gives', () => {
    expect(Object.keys(buildOpenApi({ apiRoot }))).to.deep.equal(['openapi', 'info', 'components', 'servers', 'paths']);
  });

  for (const root of ['http://localhost:8080/es/cal/events/v1', 'https://cal.example.org:8443/ca/cal/events/v1']) {
    it(`names ${root}/ as its server, port and language segment included`, () => {
      const doc = buildOpenApi({ apiRoot: root });
      expect(doc.servers).to.deep.equal([{ url: `${root}/` }]);
      expectSameJson(referencePart(doc), expectedDoc(root));
    });
  }

  it('ends every operation with the i18n_language parameter', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi({ apiRoot }))) as JsonObject;
    const operations = operationsOf(doc);
    expect(operationsOf(referencePart(doc))).to.have.length(1 + 5 + 8 * 3);
    for (const operation of operations) {
      const parameters = operation.parameters as Json[];
      expect(JSON.stringify(parameters.at(-1))).to.equal(JSON.stringify(i18nLanguage));
    }
  });

  it('describes the add-on filters as such', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi({ apiRoot }))) as JsonObject;
    const list = asObject(asObject(asObject(doc.paths)['/events']).get);
    const addOn = (list.parameters as JsonObject[]).filter((p) => String(p.description).startsWith('Requires the'));
    expect(addOn.map((p) => p.name)).to.deep.equal(['geoloc', 'geoloc_lat', 'geoloc_lng']);
    for (const parameter of addOn) expect(parameter.description).to.match(/^Requires the extended add-on\. /);
  });

  it(
    'leaves the venue and organizer password of by-id updates out of the reference part, as the ' + 'reference does',
    () => {
      const doc = referencePart(buildOpenApi({ apiRoot }));
      for (const path of ['/venues/{id}', '/organizers/{id}']) {
        expect(JSON.stringify(asObject(doc.paths)[path])).not.to.contain('"password"');
      }
    },
  );

  it('documents a path for every documented catalogue route, in catalogue order', () => {
    const doc = buildOpenApi({ apiRoot });
    const documented = routeCatalogue.filter((route) => route.documented).map((route) => openApiPath(route.pattern));
    expect(Object.keys(referencePart(doc).paths as JsonObject)).to.deep.equal(documented);
  });

  it('declares every path template placeholder as a required path parameter', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi({ apiRoot }))) as JsonObject;
    for (const [path, item] of Object.entries(asObject(doc.paths))) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(asObject(item)).map(asObject)) {
        for (const name of placeholders) {
          const declared = (operation.parameters as JsonObject[]).find((p) => p.name === name);
          expect(declared, `${path} ${name}`).to.include({ in: 'path', required: true });
        }
      }
    }
  });

  it('returns independent documents', () => {
    const first = buildOpenApi({ apiRoot });
    (first.components.schemas.Event.properties as Record<string, unknown>).id = 'changed';
    expectSameJson(referencePart(buildOpenApi({ apiRoot })), expectedDoc(apiRoot));
  });
});
