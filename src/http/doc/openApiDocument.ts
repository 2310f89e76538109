// The `/doc` OpenAPI 3.0.0 document (docs/api.md §14), generated from the route catalogue's argument declarations.
import type * as t from 'io-ts';
import type { ArgSpec } from '../params/argSpec.ts';
import { BooleanLike, FiniteNumber, NonNegativeInt, PositiveInt, TypedBoolean } from '../params/codecs.ts';
import { routeCatalogue, type EndpointSpec, type HttpMethod, type RouteSpec } from '../routes/catalogue/index.ts';
import { documentationResponses, isDocResource, operationResponses, type ResponseObject } from './responses.ts';
import { componentSchemas } from './schemas.ts';
import { addServiceAdditions } from './openApiAdditions.ts';

export interface OpenApiContext {
  /** `{api_root}` of the request, language segment included, without a trailing slash. */
  readonly apiRoot: string;
}

type SchemaType = 'string' | 'boolean' | 'number' | 'integer' | 'array';

interface ValueSchema {
  readonly type: SchemaType;
  readonly items?: { readonly type: string };
  readonly enum?: readonly string[];
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly description?: string;
  readonly schema: ValueSchema;
  readonly required: boolean;
  readonly style?: 'form';
}

export interface Operation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: object;
  readonly responses: Record<string, ResponseObject>;
}

export type PathItem = Partial<Record<'get' | 'post' | 'delete', Operation>>;

export interface OpenApiDocument {
  readonly openapi: '3.0.0';
  readonly info: { readonly version: string; readonly title: string; readonly description: string };
  readonly components: { readonly schemas: typeof componentSchemas };
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Record<string, PathItem>;
}

type OperationName = keyof PathItem;
type Location = 'path' | 'query' | 'body';

export function buildOpenApi(ctx: OpenApiContext): OpenApiDocument {
  const paths = Object.fromEntries(
    routeCatalogue.filter((route) => route.documented).map((route) => [openApiPath(route.pattern), pathItem(route)]),
  );
  addServiceAdditions(paths as Record<string, Record<string, unknown>>, { parameter, bodyProperty });
  return {
    openapi: '3.0.0',
    info: {
      version: '1.0.0',
      title: 'Calendar Events REST API',
      description: 'Read and write access to calendar events, venues, organizers, categories and tags.',
    },
    // Cloned so that a caller decorating its copy cannot alter later documents.
    components: { schemas: structuredClone(componentSchemas) },
    servers: [{ url: `${ctx.apiRoot}/` }],
    paths,
  };
}

/** `/events/(?P<id>\d+)` → `/events/{id}`. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
}

/**
 * The reference documents `get` on every route and, on item routes, `post` (standing for every update
 * method) and `delete`; creation on collections is not documented.
 */
function pathItem(route: RouteSpec): PathItem {
  const resource = route.pattern.split('/')[1] ?? '';
  const read = endpointFor(route, 'GET');
  if (!isDocResource(resource)) return { get: operation(read.args, 'get', documentationResponses) };
  if (route.pattern === `/${resource}`) {
    return { get: operation(read.args, 'get', operationResponses(resource, 'list')) };
  }
  const update = endpointFor(route, 'POST');
  return {
    get: operation(read.args, 'get', operationResponses(resource, 'read')),
    post: updateOperation(read, update, operationResponses(resource, 'update')),
    delete: operation(endpointFor(route, 'DELETE').args, 'delete', operationResponses(resource, 'remove')),
  };
}

function endpointFor(route: RouteSpec, method: HttpMethod): EndpointSpec {
  const found = route.endpoints.find((endpoint) => endpoint.methods.includes(method));
  if (found === undefined) throw new Error(`route catalogue: ${route.pattern} has no ${method} endpoint`);
  return found;
}

function documented(arg: ArgSpec): boolean {
  return arg.doc?.hidden !== true;
}

function locationOf(arg: ArgSpec, name: OperationName): Location {
  return arg.doc?.in ?? (arg.source === 'path' ? 'path' : name === 'post' ? 'body' : 'query');
}

type Responses = Record<string, ResponseObject>;

function operation(args: readonly ArgSpec[], name: OperationName, responses: Responses): Operation {
  return { parameters: parametersOf(args, name), responses };
}

function parametersOf(args: readonly ArgSpec[], name: OperationName): Parameter[] {
  return args.filter(documented).flatMap((arg) => {
    const where = locationOf(arg, name);
    return where === 'body' ? [] : [parameter(arg, where)];
  });
}

/**
 * An update is documented with the identifying path parameters of the matching read (the by-slug event
 * update declares only the new `slug`) and its query parameters; its other arguments form the body.
 */
function updateOperation(read: EndpointSpec, update: EndpointSpec, responses: Responses): Operation {
  const identifying = read.args.filter((arg) => locationOf(arg, 'get') === 'path');
  const inQuery = update.args.filter((arg) => locationOf(arg, 'post') === 'query');
  const parameters = [...parametersOf(identifying, 'get'), ...parametersOf(inQuery, 'post')];
  const declared = update.docBody ?? update.args.filter((arg) => locationOf(arg, 'post') === 'body');
  const fields = declared.filter(documented);
  const properties = Object.fromEntries(fields.map((arg) => [arg.name, bodyProperty(arg)]));
  const requestBody = {
    content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } },
  };
  return { parameters, requestBody, responses };
}

function parameter(arg: ArgSpec, where: 'path' | 'query'): Parameter {
  const { description } = arg.index;
  const described = description === undefined ? {} : { description };
  const schema = valueSchema(arg);
  if (arg.doc?.layout === 'name-first') {
    return { name: arg.name, in: where, ...described, schema, required: arg.required };
  }
  return {
    in: where,
    schema,
    ...described,
    required: arg.required,
    name: arg.name,
    ...(arg.doc?.style === undefined ? {} : { style: arg.doc.style }),
  };
}

function bodyProperty(arg: ArgSpec): object {
  const description = arg.index.description;
  return { ...(description === undefined ? {} : { description }), ...valueSchema(arg) };
}

function valueSchema(arg: ArgSpec): ValueSchema {
  const { items, enum: values } = arg.index;
  return {
    type: schemaType(arg),
    ...(items === undefined ? {} : { items: { ...items } }),
    ...(values === undefined ? {} : { enum: [...values] }),
  };
}

// What a codec accepts, for arguments the index declares no type for; anything else is text on the wire.
const codecSchemaTypes = new Map<t.Decoder<unknown, unknown>, SchemaType>([
  [BooleanLike, 'boolean'],
  [TypedBoolean, 'boolean'],
  [FiniteNumber, 'number'],
  [PositiveInt, 'integer'],
  [NonNegativeInt, 'integer'],
]);

function schemaType(arg: ArgSpec): SchemaType {
  if (arg.doc?.type !== undefined) return arg.doc.type;
  if (arg.index.type !== undefined) return arg.index.type;
  if (arg.index.items !== undefined) return 'array';
  return codecSchemaTypes.get(arg.codec) ?? 'string';
}
