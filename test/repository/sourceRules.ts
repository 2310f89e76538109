// Reads the import graph and the module-level state of `src` with the TypeScript parser, and checks them against the
// layer rules of docs/architecture.md §2. Pure over a graph, so the checks can be shown to fail on a small one.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/** One import of a module: the repository path it resolves to, as written, and whether only types are imported. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly written: string;
  readonly typeOnly: boolean;
}

/** What a file holds that the rules look at: its imports and its module-level mutable state. */
export interface SourceFacts {
  readonly imports: readonly ImportEdge[];
  /** Module-level `let`/`var` names, module-level collections the module mutates, and objects made with `new`. */
  readonly moduleState: readonly string[];
}

const mutators = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'fill',
]);
const collections = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

/** The import edges and module-level state of one file's text; `path` is repository-relative with `/`. */
export function sourceFacts(path: string, text: string): SourceFacts {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    imports.push({
      from: path,
      to: posix.normalize(posix.join(posix.dirname(path), specifier.text)),
      written: specifier.text,
      typeOnly,
    });
  };
  const mutated = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const allTypes =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) && !clause.name
          ? clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false;
      add(node.moduleSpecifier, Boolean(clause?.isTypeOnly) || allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression)
    ) {
      if (mutators.has(node.expression.name.text)) mutated.add(node.expression.expression.text);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isElementAccessExpression(node.left)
    ) {
      if (ts.isIdentifier(node.left.expression)) mutated.add(node.left.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const moduleState: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      const name = declaration.name.text;
      if (!isConst) moduleState.push(`let ${name}`);
      else if (isCollection(declaration.initializer) && mutated.has(name)) moduleState.push(`mutated ${name}`);
      else if (isInstance(declaration.initializer)) moduleState.push(`instance ${name}`);
    }
  }
  return { imports, moduleState };
}

/**
 * Constructors whose instances hold no state a caller could change: a RegExp used with `test`/`exec` (no `g` or `y`
 * flag, checked below) and Intl formatters. Collections are judged by whether the module mutates them (above).
 */
const statelessConstructors = new Set([
  'RegExp',
  'Intl.DateTimeFormat',
  'Intl.NumberFormat',
  'Intl.Collator',
  'Intl.PluralRules',
  'Intl.Segmenter',
]);

/** The name a `new` expression constructs: `Map`, `Intl.DateTimeFormat`, or undefined for anything else. */
function constructedName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression))
    return `${expression.expression.text}.${expression.name.text}`;
  return undefined;
}

/**
 * A module-level object made with `new` (a memo, a registry, an allocator: `const clock = new ZoneClock()`), which
 * issue 15 wants made by the composition root instead. A `new RegExp` with the `g` or `y` flag keeps `lastIndex`.
 * Objects a plain call returns are not judged: the parser cannot tell a stateful one from a frozen value.
 */
function isInstance(initializer: ts.Expression | undefined): boolean {
  if (!initializer || !ts.isNewExpression(initializer)) return false;
  const name = constructedName(initializer.expression);
  if (name !== undefined && collections.has(name)) return false;
  if (name === 'RegExp') {
    const flags = initializer.arguments?.[1];
    return flags !== undefined && !(ts.isStringLiteralLike(flags) && !/[gy]/.test(flags.text));
  }
  return name === undefined || !statelessConstructors.has(name);
}

function isCollection(initializer: ts.Expression | undefined): boolean {
  if (!initializer) return false;
  if (ts.isArrayLiteralExpression(initializer)) return true;
  return (
    ts.isNewExpression(initializer) &&
    ts.isIdentifier(initializer.expression) &&
    collections.has(initializer.expression.text)
  );
}

/** The facts of every `.ts` file under `folder` (repository-relative), keyed by repository path. */
export function readSources(repositoryRoot: string, folder: string): Map<string, SourceFacts> {
  const facts = new Map<string, SourceFacts>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const path = relative(repositoryRoot, full).split(sep).join('/');
        facts.set(path, sourceFacts(path, readFileSync(full, 'utf8')));
      }
    }
  };
  walk(join(repositoryRoot, folder));
  return facts;
}

/**
 * The layers of `src` and what each may import, as the table of docs/architecture.md §2 states.
 */
export const layerRules: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  config: ['domain'],
  events: ['domain'],
  commands: ['events', 'domain'],
  projections: ['events', 'domain'],
  http: ['commands', 'projections', 'events', 'domain', 'config'],
  web: ['http', 'domain'],
  cli: ['http', 'commands', 'projections', 'events', 'domain', 'config'],
  root: ['cli', 'web', 'http', 'commands', 'projections', 'events', 'domain', 'config'],
};

/** Single imports the table allows beside its layers: the app mounts the web pages (docs/architecture.md §2). */
export const allowedImports: readonly (readonly [from: string, to: string])[] = [
  ['src/http/app.ts', 'src/web/webPages.ts'],
  ['src/http/app.ts', 'src/web/assets/webAssets.ts'],
];

/** The read-store adapters: only they, the composition root and the CLI import them. */
const readStoreAdapters = ['src/projections/memory/', 'src/projections/mongo/'];
const mayPickAdapters = (path: string) => layerOf(path) === 'root' || path.startsWith('src/cli/');

/** Folders without module-level mutable state: their caches live in objects the composition root hands down. */
export const statelessFolders = ['src/commands/', 'src/projections/', 'src/domain/'];

/** A file's layer: its top folder under `src/`; the files beside them and `src/compose/` are the composition root. */
export const layerOf = (path: string): string => {
  const folder = /^src\/([^/]+)\//.exec(path)?.[1];
  return folder === undefined || folder === 'compose' ? 'root' : folder;
};

/** Every import that breaks a layer rule, as `file: imports 'written' (why)`. */
export function layerViolations(sources: ReadonlyMap<string, SourceFacts>): string[] {
  const found: string[] = [];
  for (const facts of sources.values()) {
    for (const edge of facts.imports) {
      const why = brokenRule(edge);
      if (why) found.push(`${edge.from}: imports '${edge.written}' (${why})`);
    }
  }
  return found;
}

function brokenRule({ from, to }: ImportEdge): string | undefined {
  const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
  if (fromLayer !== toLayer && !(layerRules[fromLayer] ?? []).includes(toLayer)) {
    if (!allowedImports.some(([a, b]) => a === from && b === to))
      return `src/${fromLayer} may not import src/${toLayer}`;
  }
  const adapter = readStoreAdapters.find((folder) => to.startsWith(folder));
  if (adapter && !from.startsWith(adapter) && !mayPickAdapters(from)) {
    return `only the composition root and the CLI pick a read store; depend on the ReadStore port`;
  }
  return undefined;
}

/**
 * Module-level state not yet moved into objects the composition root creates (issue 15): none left. Each entry must
 * still be present (layers.test.ts).
 */
export const pendingModuleState: readonly string[] = [];

/**
 * Module-level objects made with `new` that hold no state a caller sees, which the parser cannot tell; each with why.
 */
export const statelessInstances: readonly string[] = [
  // A `g` RegExp used only with String.replace, which starts at 0 and resets lastIndex: no state between calls.
  'src/domain/phpDatePhrases.ts: module-level instance NEXT_OR_LAST_WEEKDAY',
  // The same: a `gu` RegExp used only with String.replace.
  'src/domain/slug.ts: module-level instance NON_DECOMPOSING_RE',
];

/**
 * Module-level mutable state in the stateless folders, as `file: let name`, `file: mutated name`, `file: instance
 * name`.
 */
export function stateViolations(sources: ReadonlyMap<string, SourceFacts>, pending: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const [path, facts] of sources) {
    if (!statelessFolders.some((folder) => path.startsWith(folder))) continue;
    for (const state of facts.moduleState) found.push(`${path}: module-level ${state}`);
  }
  return found.filter((violation) => !pending.includes(violation) && !statelessInstances.includes(violation));
}

/** Every import cycle among the files (type-only imports included), each as the files it goes through. */
export function importCycles(sources: ReadonlyMap<string, SourceFacts>): string[][] {
  // Tarjan's strongly connected components: every component of two or more files holds at least one cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const targets = (path: string) =>
    (sources.get(path)?.imports ?? []).map((edge) => edge.to).filter((to) => sources.has(to));
  const connect = (path: string) => {
    index.set(path, index.size);
    low.set(path, index.get(path) as number);
    stack.push(path);
    onStack.add(path);
    for (const to of targets(path)) {
      if (!index.has(to)) {
        connect(to);
        low.set(path, Math.min(low.get(path) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(path, Math.min(low.get(path) as number, index.get(to) as number));
      }
    }
    if (low.get(path) !== index.get(path)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== path);
    if (component.length > 1 || targets(path).includes(path)) components.push(component.reverse());
  };
  for (const path of [...sources.keys()].sort()) if (!index.has(path)) connect(path);
  return components;
}

/** Imports naming a file that is not there (a checker that cannot resolve would miss edges silently). */
export function unresolvedImports(sources: ReadonlyMap<string, SourceFacts>): string[] {
  return [...sources.values()].flatMap((facts) =>
    facts.imports
      .filter((edge) => edge.to.startsWith('src/') && !sources.has(edge.to))
      .map((edge) => `${edge.from}: '${edge.written}'`),
  );
}
