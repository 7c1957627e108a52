// Two checks over a package's TypeScript sources, run by `scripts/check-packages.mjs` (and tested by
// `scripts/test/source-checks.test.ts` on planted examples):
//
// 1. No import circle, type-only imports included: a lower module that needs a higher one's object
//    declares a small interface of its own instead of importing the class.
// 2. No module-level mutable state. A top-level `let` or `var` is state. A top-level `const` must
//    hold something that cannot be written: a primitive (a literal, arithmetic, a comparison), a
//    function or class, an alias of another binding, `Object.freeze(...)`, `Symbol(...)`, a call of
//    `Math`, `Number` or `String`, an empty typed array (`new Float64Array(0)`: it has no element to
//    write), or a `Pool` (a get/release pool, whose objects hold no body between calls). Anything else
//    — `new` of another class, an array or object literal, a call whose result may be an object — is
//    module state, unless it is listed in the `allowed` argument with the reason it is a constant.
import ts from 'typescript';

const TYPED_ARRAYS = new Set([
  'Float64Array',
  'Float32Array',
  'Int32Array',
  'Uint32Array',
  'Int16Array',
  'Uint16Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'BigInt64Array',
  'BigUint64Array',
]);

/** Calls whose result is a primitive or a frozen object. */
const CONSTANT_CALLS = /^(Object\.freeze|Symbol|Symbol\.for|Math\.\w+|Number(\.\w+)?|String|BigInt)$/;

/** Operators whose result is a primitive whatever the operands. */
const PRIMITIVE_OPERATORS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.LessThanLessThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
  ts.SyntaxKind.AmpersandToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.CaretToken,
  ts.SyntaxKind.InKeyword,
  ts.SyntaxKind.InstanceOfKeyword,
]);

function parse(file, text) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/**
 * The relative modules each file imports or re-exports (type-only ones included), resolved to the
 * files of `sources` (a Map from a path ending in `.ts` to its text).
 */
export function importGraph(sources) {
  const graph = new Map();
  for (const [file, text] of sources) {
    const deps = new Set();
    const add = (spec) => {
      if (!spec.startsWith('.')) return;
      const base = file.slice(0, file.lastIndexOf('/') + 1);
      const parts = [];
      for (const p of `${base}${spec}`.split('/')) {
        if (p === '..') parts.pop();
        else if (p !== '.') parts.push(p);
      }
      let target = parts.join('/');
      if (file.startsWith('/') && !target.startsWith('/')) target = `/${target}`;
      const ts_ = target.replace(/\.js$/, '.ts');
      if (sources.has(ts_)) deps.add(ts_);
      else if (sources.has(`${target}.ts`)) deps.add(`${target}.ts`);
      else if (sources.has(`${target}/index.ts`)) deps.add(`${target}/index.ts`);
    };
    const visit = (node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        add(node.moduleSpecifier.text);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments.length > 0 &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const lit = node.argument.literal;
        if (ts.isStringLiteral(lit)) add(lit.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file, text));
    graph.set(file, [...deps].sort());
  }
  return graph;
}

/**
 * The import circles of a graph: one circle (a list of files, the first repeated at the end) for
 * each strongly connected group of files, so each tangle is reported once.
 */
export function findCycles(graph) {
  // Tarjan's strongly connected components, iteratively.
  let index = 0;
  const order = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  for (const start of [...graph.keys()].sort()) {
    if (order.has(start)) continue;
    const work = [[start, 0]];
    order.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, k] = frame;
      const deps = graph.get(v) ?? [];
      if (k < deps.length) {
        frame[1]++;
        const w = deps[k];
        if (!order.has(w)) {
          order.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const u = work[work.length - 1][0];
        low.set(u, Math.min(low.get(u), low.get(v)));
      }
      if (low.get(v) === order.get(v)) {
        const group = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        const selfLoop = (graph.get(v) ?? []).includes(v);
        if (group.length > 1 || selfLoop) groups.push(group);
      }
    }
  }
  // One circle through each group: a shortest path back to its first file.
  return groups.map((group) => {
    const members = new Set(group);
    const first = [...group].sort()[0];
    const previous = new Map([[first, null]]);
    const queue = [first];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q];
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === first) {
          const path = [first];
          for (let x = v; x !== first; x = previous.get(x)) path.push(x);
          return [first, ...path.slice(1).reverse(), first];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...group, group[0]];
  });
}

function unwrap(e) {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) {
      e = e.expression;
    } else if (ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else return e;
  }
}

/** Why the initializer `e` may hold writable state, or null when it cannot. */
function stateOf(e) {
  e = unwrap(e);
  switch (e.kind) {
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.BigIntLiteral:
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
    case ts.SyntaxKind.NullKeyword:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ClassExpression:
    case ts.SyntaxKind.Identifier:
    case ts.SyntaxKind.TemplateExpression:
    case ts.SyntaxKind.TypeOfExpression:
    case ts.SyntaxKind.VoidExpression:
      return null;
    case ts.SyntaxKind.PrefixUnaryExpression:
      return null;
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
      // A property of a constant (`Number.EPSILON`), or of something checked on its own line.
      return stateOf(e.expression);
    case ts.SyntaxKind.ConditionalExpression:
      return stateOf(e.whenTrue) ?? stateOf(e.whenFalse);
    case ts.SyntaxKind.BinaryExpression:
      if (PRIMITIVE_OPERATORS.has(e.operatorToken.kind)) return null;
      return stateOf(e.left) ?? stateOf(e.right);
    case ts.SyntaxKind.CallExpression: {
      const callee = e.expression.getText();
      if (CONSTANT_CALLS.test(callee)) return null;
      return `the call ${callee}(...) may return an object`;
    }
    case ts.SyntaxKind.NewExpression: {
      const name = e.expression.getText();
      if (name === 'Pool') return null;
      const args = e.arguments ?? [];
      if (TYPED_ARRAYS.has(name) && args.length === 1 && unwrap(args[0]).getText() === '0') return null;
      return `new ${name}(...) is writable`;
    }
    case ts.SyntaxKind.ArrayLiteralExpression:
      return 'an array literal is writable (Object.freeze it if it is a constant table)';
    case ts.SyntaxKind.ObjectLiteralExpression:
      return 'an object literal is writable (Object.freeze it if it is a constant table)';
    default:
      return `a ${ts.SyntaxKind[e.kind]} may hold writable state`;
  }
}

/**
 * The module-level state of one source file: a list of `{name, line, why}`. `allowed` holds the
 * names this file may keep anyway (constant tables that cannot be frozen, each listed with a reason
 * where the check is configured).
 */
export function moduleState(file, text, allowed = new Set()) {
  const found = [];
  const sf = parse(file, text);
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    const isConst = (flags & ts.NodeFlags.Const) !== 0;
    for (const d of statement.declarationList.declarations) {
      const name = d.name.getText();
      const line = sf.getLineAndCharacterOfPosition(d.getStart()).line + 1;
      if (allowed.has(name)) continue;
      if (!isConst) {
        found.push({ name, line, why: `a top-level ${(flags & ts.NodeFlags.Let) !== 0 ? 'let' : 'var'}` });
        continue;
      }
      if (!d.initializer) continue;
      const why = stateOf(d.initializer);
      if (why) found.push({ name, line, why });
    }
  }
  return found;
}
