import { existsSync, readFileSync } from 'node:fs';
import { dirname, posix, relative, resolve } from 'node:path';
import ts from 'typescript';
import { pages } from '../../shared/pages';

/** Which lazy page modules each URL loads, read from the web app's route modules (no build needed). */

export interface RouteModules {
  /** The route's full path in the router (e.g. `/l/$slug/$id`), or undefined when no route matches. */
  routePath: string | undefined;
  /** Lazy modules (manifest keys, relative to web/) the route's components load, parents first. */
  lazyModules: string[];
}

interface ParsedRoute {
  name: string;
  parent: string | undefined;
  path: string | undefined;
  /** A path from `pages.x` (shared/pages.ts) is the full path; a written one is below the parent's. */
  absolute?: boolean;
  /** Manifest keys of the lazy modules behind the route's component (none: in the entry chunk). */
  lazyModules: string[];
  notFoundModules: string[];
}

/**
 * Reads the code-based route tree from its modules (web/src/routes/*.ts): every `createRoute` /
 * `createRootRoute` assigned to a top-level const (or made by a local factory, alone or in an
 * array), its path (`pages.x`, `tab(pages.x)` or a string), parent and component. A component that
 * is `lazyRouteComponent(() => import('…'))` (inline, through a top-level const, or returned by a
 * local factory) or a route with `.lazy(() => import('…'))` loads that module; any other component
 * is in the entry chunk.
 */
export function parseRouter(routeFiles: readonly string[], webRoot: string): ParsedRoute[] {
  const routes = routeFiles.flatMap((file) => parseRouteFile(file, webRoot));
  if (!routes.some((route) => route.parent === undefined))
    throw new Error(`${routeFiles.join(', ')}: no createRootRoute found`);
  return routes;
}

/** `pages.x` → its path (shared/pages.ts). */
function pagePathOf(expression: ts.Expression | undefined): string | undefined {
  if (!expression || !ts.isPropertyAccessExpression(expression)) return undefined;
  if (!ts.isIdentifier(expression.expression) || expression.expression.text !== 'pages') return undefined;
  return (pages as Record<string, string>)[expression.name.text];
}

function parseRouteFile(routerFile: string, webRoot: string): ParsedRoute[] {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const consts = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer)
        consts.set(declaration.name.text, declaration.initializer);
    }
  }

  const moduleKey = (specifier: string): string => {
    const base = resolve(dirname(routerFile), specifier);
    const candidates = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext);
    const found = candidates.find((candidate) => existsSync(candidate)) ?? base;
    return relative(webRoot, found).split('\\').join(posix.sep);
  };
  const importsIn = (node: ts.Node): string[] => {
    const found: string[] = [];
    const walk = (child: ts.Node) => {
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteralLike(child.arguments[0])
      ) {
        found.push(moduleKey(child.arguments[0].text));
      }
      ts.forEachChild(child, walk);
    };
    walk(node);
    return found;
  };
  const componentModules = (expression: ts.Expression | undefined, seen = new Set<string>()): string[] => {
    if (!expression) return [];
    if (ts.isIdentifier(expression)) {
      const initializer = consts.get(expression.text);
      if (!initializer || seen.has(expression.text)) return []; // imported statically: in the entry
      seen.add(expression.text);
      return componentModules(initializer, seen);
    }
    if (!ts.isCallExpression(expression)) return [];
    // `authenticationPage('LoginPage')`: a local factory whose body holds the import.
    const factory = ts.isIdentifier(expression.expression)
      ? consts.get(expression.expression.text)
      : undefined;
    if (factory && (ts.isArrowFunction(factory) || ts.isFunctionExpression(factory)))
      return importsIn(factory.body);
    return importsIn(expression);
  };
  const propertyOf = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
    for (const property of object.properties) {
      if (property.name?.getText(source) !== name) continue;
      if (ts.isPropertyAssignment(property)) return property.initializer;
      if (ts.isShorthandPropertyAssignment(property)) return property.name;
    }
    return undefined;
  };
  /** `const makeRoute = (path) => createRoute({ path, … })` called as `makeRoute('/about')`. */
  const expandFactory = (call: ts.CallExpression) => {
    const factory = ts.isIdentifier(call.expression) ? consts.get(call.expression.text) : undefined;
    if (!factory || !(ts.isArrowFunction(factory) || ts.isFunctionExpression(factory))) return undefined;
    let body: ts.Node = factory.body;
    if (ts.isBlock(body)) {
      const returned = body.statements.find(ts.isReturnStatement)?.expression;
      if (!returned) return undefined;
      body = returned;
    }
    while (ts.isParenthesizedExpression(body)) body = body.expression;
    if (!ts.isCallExpression(body)) return undefined;
    const args = new Map<string, string>();
    factory.parameters.forEach((parameter, index) => {
      const arg = call.arguments[index];
      const value = arg && ts.isStringLiteralLike(arg) ? arg.text : pagePathOf(arg);
      if (ts.isIdentifier(parameter.name) && value !== undefined) args.set(parameter.name.text, value);
    });
    return { call: body, args };
  };

  const routes: ParsedRoute[] = [];
  // `const someRoutes = [factory(pages.a), factory(pages.b)]`: each element is a route of its own.
  const candidates = [...consts].flatMap(([name, initializer]): [string, ts.Expression][] =>
    ts.isArrayLiteralExpression(initializer)
      ? initializer.elements.map((element, index) => [`${name}[${index}]`, element])
      : [[name, initializer]],
  );
  for (const [name, initializer] of candidates) {
    // createRoute({...}), createRootRoute({...}), createRootRouteWithContext<…>()({...}), and .lazy(…) on them.
    let call: ts.Expression = initializer;
    const lazyModules: string[] = [];
    while (
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      ['lazy', 'update'].includes(call.expression.name.text)
    ) {
      if (call.expression.name.text === 'lazy') lazyModules.push(...importsIn(call));
      call = call.expression.expression;
    }
    if (!ts.isCallExpression(call)) continue;
    const expanded = expandFactory(call);
    const args = expanded?.args ?? new Map<string, string>();
    if (expanded) call = expanded.call;
    if (!ts.isCallExpression(call)) continue;
    const callee = call.expression.getText(source);
    const isRoot = callee.startsWith('createRootRoute');
    if (!isRoot && callee !== 'createRoute') continue;
    const options = call.arguments[0];
    const object = options && ts.isObjectLiteralExpression(options) ? options : undefined;
    let parent: string | undefined;
    let path: string | undefined;
    let absolute = false;
    if (object) {
      const getParent = propertyOf(object, 'getParentRoute');
      if (getParent && ts.isArrowFunction(getParent) && ts.isIdentifier(getParent.body))
        parent = getParent.body.text;
      const pathValue = propertyOf(object, 'path');
      if (pathValue && ts.isStringLiteralLike(pathValue)) path = pathValue.text;
      else if (pathValue && ts.isIdentifier(pathValue)) {
        path = args.get(pathValue.text);
        absolute = path !== undefined;
      } else if (pathValue) {
        // `pages.x`, or `tab(pages.x)` (a nested route's path below its parent, written in full).
        path =
          pagePathOf(pathValue) ??
          (ts.isCallExpression(pathValue) ? pagePathOf(pathValue.arguments[0]) : undefined);
        absolute = path !== undefined;
      }
      lazyModules.unshift(...componentModules(propertyOf(object, 'component')));
    }
    routes.push({
      name,
      parent: isRoot ? undefined : parent,
      path: isRoot ? '/' : path,
      ...(absolute ? { absolute } : {}),
      lazyModules,
      notFoundModules: object ? componentModules(propertyOf(object, 'notFoundComponent')) : [],
    });
  }
  return routes;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The route a URL path renders (most static segments wins), with the lazy modules of it and its parents. */
export function routeModules(routes: ParsedRoute[], urlPath: string): RouteModules {
  const byName = new Map(routes.map((route) => [route.name, route]));
  const chain = (route: ParsedRoute): ParsedRoute[] => {
    const parent = route.parent ? byName.get(route.parent) : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  const url = segmentsOf(urlPath);
  let best: { route: ParsedRoute; fullPath: string; score: number; depth: number } | undefined;
  for (const route of routes) {
    if (route.parent === undefined || route.path === undefined) continue; // the root, pathless layouts
    const routeChain = chain(route);
    // A route with a full path (`pages.x`) starts the pattern again; a written one extends it.
    const fromLastFull = routeChain.slice(
      Math.max(
        0,
        routeChain.findLastIndex((link) => link.absolute),
      ),
    );
    const pattern = fromLastFull.flatMap((link) => segmentsOf(link.path ?? ''));
    let score = 0;
    let matches = true;
    for (let index = 0; index < Math.max(pattern.length, url.length); index++) {
      const segment = pattern[index];
      if (segment === '$') {
        score += 0.1;
        break;
      }
      if (segment === undefined || url[index] === undefined) {
        matches = false;
        break;
      }
      if (segment.startsWith('$')) score += 1;
      else if (segment === url[index]) score += 2;
      else {
        matches = false;
        break;
      }
    }
    // Ties (a layout and its index route) go to the deeper route.
    if (matches && (!best || score > best.score || (score === best.score && routeChain.length > best.depth)))
      best = { route, fullPath: `/${pattern.join('/')}`, score, depth: routeChain.length };
  }
  const root = routes.find((route) => route.parent === undefined)!;
  if (!best) return { routePath: undefined, lazyModules: [...root.lazyModules, ...root.notFoundModules] };
  return {
    routePath: best.fullPath,
    lazyModules: [...new Set(chain(best.route).flatMap((route) => route.lazyModules))],
  };
}
