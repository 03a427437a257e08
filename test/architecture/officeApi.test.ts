/*
 * Office.js as Microsoft checks it: every Office.js member src/ uses, with the requirement set its own
 * declaration names (@types/office-js: "[Api set: ExcelApi 1.x]" on Excel members, "**Requirement set**: ..."
 * on common ones), is within the manifest's declared minimum (manifest.xml <Requirements>/<Sets>) or is used
 * only where the code has asked Office for that set (officeSync.ts hasExcelApi / lacksExcelApi, which call
 * Office.context.requirements.isSetSupported:
 * https://learn.microsoft.com/office/dev/add-ins/develop/specify-api-requirements-runtime).
 *
 * How it reads the code: a TypeScript type checker over src/ resolves each property access, destructured
 * property, string-keyed element access and property of an object literal whose contextual type is Office's
 * (a RunOptions, a DataValidationRule) to its declaration; only declarations in @types/office-js count. A
 * call's arguments count too where the parameter's @param names a set ("a Range object needs ExcelApi 1.3").
 * A tag that names a version for reading and another for setting gives the one the use does; any other
 * tag with several versions counts as its highest. A member without a tag takes its class's; one with
 * neither must be in UNTAGGED, with the reason it is available everywhere the add-in runs.
 *
 * When a use is guarded for ExcelApi v (each rule is read from the syntax tree, so the test checks it):
 *  1. it lies in the branch a guard opens: `if (hasExcelApi("1.x")) ...`, the false side of
 *     `lacksExcelApi(...)`, `? :`, `&&`, `||`, or after `if (<lacking>) return|throw|continue|break` in the
 *     same block. A guard's version is a string literal or a const of literal type; a function whose body
 *     is only `return lacksExcelApi(V, ...)` (or hasExcelApi) is a guard too (missingRequirement).
 *  2. it lies inside an object literal of a GATED_RECORDS type whose `excelApi` is a string literal: the
 *     record's consumer asks for that set before it calls the record's `queue`. The test checks that the
 *     consumer asks hasExcelApi/lacksExcelApi(<record>.excelApi), that nothing else in src/ reads `queue`,
 *     and that every such literal gives its excelApi as a literal. That the ask comes first on every path is
 *     what the consumers' own tests show (test/core/writers/insertFinish.test.ts; the "without ExcelApi
 *     1.7" tests of test/stages/sheet/insertStages.test.ts and test/annual/sheet/insertAnnual.test.ts).
 *  3. it lies in a named function (declaration, or a const holding an arrow or function expression) every
 *     reference to which in src/ is itself guarded for v or higher (a fixed point over the call graph: a
 *     function nothing in src/ references is unguarded). Imports and re-exports are not references.
 * What it cannot see: Office objects reached through `any` or a computed key. The exceptions it cannot
 * verify are listed below with their reason (EXCEPTIONS); a listed exception that no longer
 * matches a finding fails the test too, so the list stays true.
 */
import { readFileSync } from "fs";
import { join, relative, resolve } from "path";
import * as ts from "typescript";

const ROOT = resolve(__dirname, "../..");
const OFFICE_TYPES = join("node_modules", "@types", "office-js", "index.d.ts");
const GUARDS_FILE = join(ROOT, "src/core/writers/officeSync.ts");

/* ---------- the tables the test reads ---------- */

/**
 * The ExcelApi floor is the manifest's own <Set Name="ExcelApi" MinVersion="1.4"/>: Office activates the
 * add-in only where it is (https://learn.microsoft.com/office/dev/add-ins/develop/specify-office-hosts-and-api-requirements),
 * so a member of 1.4 or below needs no guard and anything above does.
 */
const EXCEL_FLOOR = { set: "ExcelApi", version: "1.4" };

/** A record type whose literals carry the ExcelApi version their `queue` needs, and the one function that calls it. */
interface GatedRecord {
  type: string;
  file: string;
  consumer: string;
}
const GATED_RECORDS: readonly GatedRecord[] = [
  { type: "SheetChart", file: "src/core/writers/sheetWriterCharts.ts", consumer: "addCharts" },
  { type: "Part", file: "src/core/writers/finish.ts", consumer: "finishSheet" },
];

/** Members Office declares without any set, and why each is there wherever the add-in runs. */
const UNTAGGED: Record<string, string> = {
  "Excel.run":
    "ExcelApi 1.1 (https://learn.microsoft.com/javascript/api/excel#excel-excel-run-function(1)); the one-argument form",
  "RequestContext.workbook": "ExcelApi 1.1: the context's workbook (Excel.RequestContext)",
  "ClientRequestContext.sync": "OfficeExtension, the batching every ExcelApi version has",
  "ClientObject.isNullObject": "OfficeExtension; only *OrNullObject methods (ExcelApi 1.4, checked) give null objects",
  "Office.onReady": "common API, not in a set (Office.js itself: office-add-ins initialize page)",
  "Office.context": "common API, not in a set",
  "Office.HostType": "common API enum, not in a set",
  "HostType.Excel": "common API enum member, not in a set",
  "Context.requirements": "common API: how a set is asked for at all (specify-api-requirements-runtime)",
  "RequirementSetSupport.isSetSupported": "common API: how a set is asked for at all",
  "Context.document": "common API, not in a set",
  "Document.settings": "common API: the Settings object, whose methods carry the Settings set (see EXCEPTIONS)",
  "Office.host": "common API: the host in Office.onReady's answer { host, platform }",
  "Context.officeTheme": "common API, not in a set; the pane reads it in a try and allows it absent",
  "OfficeTheme.bodyBackgroundColor": "common API, not in a set (read only when officeTheme exists)",
  "OfficeTheme.bodyForegroundColor": "common API, not in a set",
  "OfficeTheme.controlBackgroundColor": "common API, not in a set",
  "OfficeTheme.controlForegroundColor": "common API, not in a set",
  "AsyncResult.status": "common API: the result every *Async callback gets",
  "AsyncResult.error": "common API: the result every *Async callback gets",
  "Error.message": "common API: AsyncResult.error's message",
};

/** A finding the code cannot fix in the files this audit's owner may edit, with what would fix it. */
interface Exception {
  file: string;
  member: string;
  set: string;
  why: string;
}
const EXCEPTIONS: readonly Exception[] = [
  // the one settings store: the scenarios, the bill's mapping and the budget sheets' records kept with the workbook
  {
    file: "src/core/host/settingsStore.ts",
    member: "Settings.get",
    set: "Settings 1.1",
    why:
      "the common Settings set, in every Excel that runs add-ins (Excel 2013 on: " +
      "https://learn.microsoft.com/javascript/api/requirement-sets/common/office-add-in-requirement-sets#settings); " +
      "TODO (manifest.xml): declare it, or guard with isSetSupported('Settings')",
  },
  { file: "src/core/host/settingsStore.ts", member: "Settings.set", set: "Settings 1.1", why: "as Settings.get" },
  { file: "src/core/host/settingsStore.ts", member: "Settings.saveAsync", set: "Settings 1.1", why: "as Settings.get" },
];

/* ---------- versions ---------- */

/** "1.20" as a comparable number (1.20 above 1.9); no version at all is 0. */
const rank = (version: string | undefined): number => {
  if (!version) return 0;
  const [major, minor = "0"] = version.split(".");
  return Number(major) * 1000 + Number(minor);
};

/** A set and version a declaration needs, or "none" (Microsoft: not in a set). */
type Need = { set: string; read: string; write: string } | "none";

/** What one "[Api set: ...]" or "**Requirement set**: ..." text says. */
export function parseNeed(text: string, argumentIsString = false): Need | undefined {
  const common = text.match(/\*\*Requirement set\*\*: \{@link [^|]*\| ([^}]+)\}/);
  if (common) {
    if (/not in a set/i.test(common[1])) return "none";
    const [set, version = "1.1"] = common[1].trim().split(/\s+/);
    return { set, read: version, write: version };
  }
  const tag = text.match(/\[Api set: (\w+) (\d+\.\d+)([^\]]*)\]/);
  if (!tag) return undefined;
  const [, set, base, rest] = tag;
  if (!rest.trim()) return { set, read: base, write: base };
  const versions = [base, ...[...rest.matchAll(/\b(\d+\.\d+)\b/g)].map((m) => m[1])];
  const highest = versions.reduce((a, b) => (rank(b) > rank(a) ? b : a));
  const setter = rest.match(/(\d+\.\d+) for (?:set|setting)/);
  if (/for (?:get|getting|reading)/.test(rest) && setter) return { set, read: base, write: setter[1] };
  if (/must be a string/.test(rest) && argumentIsString) return { set, read: base, write: base };
  return { set, read: highest, write: highest };
}

/* ---------- the audit ---------- */

/** One use of an Office.js member: where, what, and the set it needs. */
export interface Use {
  file: string;
  line: number;
  member: string;
  /** "ExcelApi 1.7", or undefined when Office declares none */
  set?: string;
  guardedFor: number;
  needed: number;
}

/** What the audit found over `files` of `program`. */
export interface Audit {
  uses: Use[];
  /** per gated record type, the problems with its consumer (empty when it holds) */
  recordProblems: string[];
}

const isOfficeDeclaration = (node: ts.Node) => node.getSourceFile().fileName.endsWith(OFFICE_TYPES.replace(/\\/g, "/"));

/** The JSDoc text of a declaration (its comments and tags as written). */
const docOf = (node: ts.Node): string =>
  ts
    .getJSDocCommentsAndTags(node)
    .map((d) => d.getText())
    .join("\n");

/** The name of the class, interface or namespace that declares `node`. */
function containerOf(node: ts.Node): ts.Node | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isEnumDeclaration(n)) return n;
    if (ts.isModuleDeclaration(n)) return n;
  }
  return undefined;
}
const nameOf = (node: ts.Node | undefined): string => {
  const named = node as { name?: ts.Node } | undefined;
  return named?.name ? named.name.getText() : "?";
};

/** Runs the audit over `files` (absolute paths) of `program`. */
export function audit(program: ts.Program, files: readonly string[]): Audit {
  const checker = program.getTypeChecker();
  const sources = files.map((f) => program.getSourceFile(f)!).filter(Boolean);
  const guardsSource = program.getSourceFile(GUARDS_FILE)!;
  const exported = (name: string) => {
    const moduleSymbol = checker.getSymbolAtLocation(guardsSource)!;
    return checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name)!;
  };
  const HAS = exported("hasExcelApi");
  const LACKS = exported("lacksExcelApi");
  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };

  // Gated records: their types' symbols, and the lowest excelApi any literal of each gives.
  const recordTypes = new Map<ts.Symbol, GatedRecord>();
  for (const record of GATED_RECORDS) {
    const source = program.getSourceFile(join(ROOT, record.file));
    source?.forEachChild((node) => {
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === record.type)
        recordTypes.set(checker.getSymbolAtLocation(node.name)!, record);
    });
  }
  // A record type, alone or in a union (`SheetChart | undefined`).
  const recordOf = (type: ts.Type | undefined): GatedRecord | undefined => {
    if (!type) return undefined;
    for (const part of type.isUnion() ? type.types : [type]) {
      const symbol = part.aliasSymbol ?? part.getSymbol();
      const found = symbol && recordTypes.get(symbol);
      if (found) return found;
    }
    return undefined;
  };
  const recordLiteralLevel = (literal: ts.ObjectLiteralExpression): number | undefined => {
    if (!recordOf(checker.getContextualType(literal))) return undefined;
    const property = literal.properties.find((p) => p.name?.getText() === "excelApi");
    return property && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)
      ? rank(property.initializer.text)
      : 0;
  };
  const lowestRecordLevel = new Map<GatedRecord, number>();
  const recordProblems: string[] = [];
  const walk = (node: ts.Node, visit: (n: ts.Node) => void) => {
    visit(node);
    node.forEachChild((child) => walk(child, visit));
  };
  for (const source of sources)
    walk(source, (node) => {
      if (!ts.isObjectLiteralExpression(node)) return;
      const record = recordOf(checker.getContextualType(node));
      if (!record) return;
      const level = recordLiteralLevel(node)!;
      if (level === 0) recordProblems.push(`${where(node)}: a ${record.type} without a literal excelApi`);
      lowestRecordLevel.set(record, Math.min(lowestRecordLevel.get(record) ?? Infinity, level));
    });

  function where(node: ts.Node): string {
    const source = node.getSourceFile();
    return `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  }

  // A guard's version, from a string literal, a literal-typed const, or a gated record's excelApi.
  const versionOf = (argument: ts.Expression | undefined): number => {
    if (!argument) return 0;
    const type = checker.getTypeAtLocation(argument);
    if (type.isStringLiteral()) return rank(type.value);
    if (ts.isPropertyAccessExpression(argument) && argument.name.text === "excelApi") {
      const record = recordOf(checker.getTypeAtLocation(argument.expression));
      return record ? (lowestRecordLevel.get(record) ?? 0) : 0;
    }
    return 0;
  };
  // Functions whose whole body is `return hasExcelApi(V)` / `return lacksExcelApi(V, ...)`: guards too.
  const wrapperOf = (symbol: ts.Symbol | undefined): { kind: "has" | "lacks"; level: number } | undefined => {
    const declaration = symbol?.valueDeclaration;
    if (!declaration || !ts.isFunctionDeclaration(declaration) || !declaration.body) return undefined;
    const [only, ...more] = declaration.body.statements;
    if (more.length || !only || !ts.isReturnStatement(only) || !only.expression) return undefined;
    const call = only.expression;
    if (!ts.isCallExpression(call)) return undefined;
    const callee = symbolOf(call.expression);
    if (callee !== HAS && callee !== LACKS) return undefined;
    return { kind: callee === HAS ? "has" : "lacks", level: versionOf(call.arguments[0]) };
  };
  const guardCall = (node: ts.Expression): { kind: "has" | "lacks"; level: number } | undefined => {
    if (!ts.isCallExpression(node)) return undefined;
    const callee = symbolOf(node.expression);
    if (callee === HAS) return { kind: "has", level: versionOf(node.arguments[0]) };
    if (callee === LACKS) return { kind: "lacks", level: versionOf(node.arguments[0]) };
    return wrapperOf(callee);
  };
  const constInitializer = (node: ts.Expression): ts.Expression | undefined => {
    if (!ts.isIdentifier(node)) return undefined;
    const declaration = symbolOf(node)?.valueDeclaration;
    return declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
      ? declaration.initializer
      : undefined;
  };
  /** The version `node` being truthy proves; 0 if none. */
  const whenTrue = (node: ts.Expression): number => {
    if (ts.isParenthesizedExpression(node)) return whenTrue(node.expression);
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken)
      return whenFalse(node.operand);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      return Math.max(whenTrue(node.left), whenTrue(node.right));
    const guard = guardCall(node);
    if (guard) return guard.kind === "has" ? guard.level : 0;
    const initializer = constInitializer(node);
    return initializer ? whenTrue(initializer) : 0;
  };
  /** The version `node` being falsy proves; 0 if none. */
  const whenFalse = (node: ts.Expression): number => {
    if (ts.isParenthesizedExpression(node)) return whenFalse(node.expression);
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken)
      return whenTrue(node.operand);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
      return Math.max(whenFalse(node.left), whenFalse(node.right));
    const guard = guardCall(node);
    if (guard) return guard.kind === "lacks" ? guard.level : 0;
    const initializer = constInitializer(node);
    return initializer ? whenFalse(initializer) : 0;
  };
  const exits = (statement: ts.Statement): boolean => {
    if (ts.isBlock(statement)) {
      const last = statement.statements[statement.statements.length - 1];
      return !!last && exits(last);
    }
    return (
      ts.isReturnStatement(statement) ||
      ts.isThrowStatement(statement) ||
      ts.isContinueStatement(statement) ||
      ts.isBreakStatement(statement)
    );
  };

  // Named functions: a declaration, or a const holding an arrow or function expression.
  const namedFunctionSymbol = (node: ts.Node): ts.Symbol | undefined => {
    if (ts.isFunctionDeclaration(node) && node.name) return checker.getSymbolAtLocation(node.name);
    if (
      (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
      ts.isVariableDeclaration(node.parent) &&
      node.parent.initializer === node &&
      ts.isIdentifier(node.parent.name) &&
      ts.getCombinedNodeFlags(node.parent) & ts.NodeFlags.Const
    )
      return checker.getSymbolAtLocation(node.parent.name);
    return undefined;
  };
  const functionLevel = new Map<ts.Symbol, number>();
  const references = new Map<ts.Symbol, ts.Identifier[]>();
  for (const source of sources)
    walk(source, (node) => {
      const symbol = namedFunctionSymbol(node);
      if (symbol) functionLevel.set(symbol, Infinity);
    });
  for (const source of sources)
    walk(source, (node) => {
      if (!ts.isIdentifier(node)) return;
      const parent = node.parent;
      if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent)) return;
      if ((ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent)) && parent.name === node) return;
      const symbol = symbolOf(node);
      if (symbol && functionLevel.has(symbol)) references.set(symbol, [...(references.get(symbol) ?? []), node]);
    });

  /** The ExcelApi version that holds wherever `node` runs. */
  const levelAt = (node: ts.Node): number => {
    let level = 0;
    for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
      if (ts.isIfStatement(parent)) {
        if (child === parent.thenStatement) level = Math.max(level, whenTrue(parent.expression));
        if (child === parent.elseStatement) level = Math.max(level, whenFalse(parent.expression));
      } else if (ts.isConditionalExpression(parent)) {
        if (child === parent.whenTrue) level = Math.max(level, whenTrue(parent.condition));
        if (child === parent.whenFalse) level = Math.max(level, whenFalse(parent.condition));
      } else if (ts.isBinaryExpression(parent) && child === parent.right) {
        if (parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
          level = Math.max(level, whenTrue(parent.left));
        if (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken) level = Math.max(level, whenFalse(parent.left));
      } else if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent)) {
        for (const statement of parent.statements) {
          if (statement === child) break;
          if (ts.isIfStatement(statement) && !statement.elseStatement && exits(statement.thenStatement))
            level = Math.max(level, whenFalse(statement.expression));
        }
      } else if (ts.isObjectLiteralExpression(parent)) {
        level = Math.max(level, recordLiteralLevel(parent) ?? 0);
      }
      const enclosing = namedFunctionSymbol(parent);
      if (enclosing) return Math.max(level, functionLevel.get(enclosing) ?? 0);
    }
    return level;
  };
  // The fixed point: a function is guarded as its least guarded reference (none: unguarded).
  for (let changed = true; changed;) {
    changed = false;
    for (const [symbol, level] of functionLevel) {
      const refs = references.get(symbol) ?? [];
      const next = refs.length === 0 ? 0 : Math.min(...refs.map(levelAt));
      if (next !== level) {
        functionLevel.set(symbol, next);
        changed = true;
      }
    }
  }

  // Every use of an Office member.
  const uses: Use[] = [];
  const isWrite = (node: ts.Node): boolean => {
    const parent = node.parent;
    return (
      ts.isBinaryExpression(parent) &&
      parent.left === node &&
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    );
  };
  const record = (
    at: ts.Node,
    symbol: ts.Symbol | undefined,
    name: string,
    write: boolean,
    call?: ts.CallExpression,
  ) => {
    if (!symbol) return;
    let declarations = (symbol.declarations ?? []).filter(isOfficeDeclaration);
    if (declarations.length === 0) return;
    const signature = call && checker.getResolvedSignature(call)?.declaration;
    if (signature && isOfficeDeclaration(signature)) declarations = [signature];
    const declaration = declarations[0];
    const container = containerOf(declaration);
    const member = `${nameOf(container)}.${name}`;
    const need = parseNeed(docOf(declaration)) ?? (container ? parseNeed(docOf(container)) : undefined);
    const use = (memberName: string, found: Need | undefined) => {
      const version = found && found !== "none" ? (write ? found.write : found.read) : undefined;
      uses.push({
        file: relative(ROOT, at.getSourceFile().fileName),
        line: at.getSourceFile().getLineAndCharacterOfPosition(at.getStart()).line + 1,
        member: memberName,
        set: found === "none" ? "none" : found && `${found.set} ${version}`,
        needed: found && found !== "none" && found.set === "ExcelApi" ? rank(version) : 0,
        guardedFor: levelAt(at),
      });
    };
    use(member, need);
    // Parameters whose @param names a set of their own, where the call passes them.
    if (call && ts.isFunctionLike(declaration))
      declaration.parameters.forEach((parameter, index) => {
        const argument = call.arguments[index];
        const doc = ts
          .getJSDocParameterTags(parameter)
          .map((t) => t.getText())
          .join("\n");
        if (!argument || !doc.includes("[Api set:")) return;
        const isString = !!(checker.getTypeAtLocation(argument).flags & ts.TypeFlags.StringLike);
        const found = parseNeed(doc, isString);
        if (found && found !== "none" && found.set === "ExcelApi" && rank(found.read) > rank(EXCEL_FLOOR.version))
          use(`${member}(${parameter.name.getText()})`, found);
      });
  };
  for (const source of sources)
    walk(source, (node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : undefined;
        record(node.name, symbolOf(node.name), node.name.text, isWrite(node), call);
      } else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
        const property = checker.getTypeAtLocation(node.expression).getProperty(node.argumentExpression.text);
        record(node.argumentExpression, property, node.argumentExpression.text, isWrite(node));
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const name = (node.propertyName ?? node.name).getText();
        const property = checker.getTypeAtLocation(node.parent).getProperty(name);
        record(node, property, name, false);
      } else if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        ts.isObjectLiteralExpression(node.parent)
      ) {
        const contextual = checker.getContextualType(node.parent);
        const name = node.name.getText();
        const property = contextual?.getNonNullableType().getProperty(name);
        record(node.name, property, name, true);
      }
    });

  // Each gated record's consumer asks for the record's set, and is the only reader of its `queue`.
  for (const [symbol, gated] of recordTypes) {
    const queue = checker.getDeclaredTypeOfSymbol(symbol).getProperty("queue");
    const consumerFile = program.getSourceFile(join(ROOT, gated.file))!;
    let consumer: ts.FunctionDeclaration | undefined;
    consumerFile.forEachChild((n) => {
      if (ts.isFunctionDeclaration(n) && n.name?.text === gated.consumer) consumer = n;
    });
    if (!consumer) {
      recordProblems.push(`${gated.file}: no function ${gated.consumer}`);
      continue;
    }
    let asks = false;
    walk(consumer, (n) => {
      if (ts.isCallExpression(n) && guardCall(n) && n.arguments[0] && versionOf(n.arguments[0]) > 0) asks = true;
    });
    if (!asks)
      recordProblems.push(`${gated.consumer} never asks hasExcelApi/lacksExcelApi for a ${gated.type}'s excelApi`);
    for (const source of sources)
      walk(source, (n) => {
        if (!ts.isPropertyAccessExpression(n) || symbolOf(n.name) !== queue) return;
        let inside = false;
        for (let p: ts.Node | undefined = n; p; p = p.parent) if (p === consumer) inside = true;
        if (!inside) recordProblems.push(`${where(n)}: a ${gated.type}'s queue is read outside ${gated.consumer}`);
      });
  }
  return { uses, recordProblems };
}

/* ---------- the manifest ---------- */

/** The sets manifest.xml requires, by name, with their minimum version. */
export function manifestSets(xml: string): Map<string, string> {
  const sets = new Map<string, string>();
  const block = xml.match(/<Requirements>\s*<Sets([^>]*)>([\s\S]*?)<\/Sets>/);
  if (!block) return sets;
  const fallback = block[1].match(/DefaultMinVersion="([^"]+)"/)?.[1] ?? "1.1";
  for (const set of block[2].matchAll(/<Set\s+([^>]*?)\/?>/g)) {
    const name = set[1].match(/Name="([^"]+)"/)?.[1];
    if (name) sets.set(name, set[1].match(/MinVersion="([^"]+)"/)?.[1] ?? fallback);
  }
  return sets;
}

/* ---------- the program ---------- */

const parsed = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);
const SRC_FILES = parsed.fileNames.filter((f) => f.startsWith(join(ROOT, "src") + "/"));

/** Fixture sources for the audit's own checks, served from memory beside src/. */
const FIXTURE_DIR = join(ROOT, "test/architecture/__officeApiFixtures__");
const FIXTURES: Record<string, string> = {
  "unguarded.ts": `
    export function freeze(sheet: Excel.Worksheet) { sheet.freezePanes.freezeRows(2); }`,
  "guarded.ts": `
    import { hasExcelApi, lacksExcelApi } from "../../../src/core/writers/officeSync";
    const SET = "1.9";
    export function inIf(sheet: Excel.Worksheet) { if (hasExcelApi("1.7")) sheet.freezePanes.freezeRows(2); }
    export function afterReturn(sheet: Excel.Worksheet) {
      const lacks = lacksExcelApi(SET, "a page");
      if (lacks) return lacks;
      sheet.pageLayout.zoom = { scale: 50 };
      return undefined;
    }
    export function tooLow(sheet: Excel.Worksheet) { if (hasExcelApi("1.7")) sheet.pageLayout.zoom = { scale: 50 }; }
    function helper(sheet: Excel.Worksheet) { sheet.freezePanes.freezeRows(1); }
    export function callsHelper(sheet: Excel.Worksheet) { if (hasExcelApi("1.8")) helper(sheet); }
    function leaky(sheet: Excel.Worksheet) { sheet.freezePanes.freezeRows(1); }
    export function callsLeaky(sheet: Excel.Worksheet) { if (hasExcelApi("1.8")) leaky(sheet); leaky(sheet); }
    export function grouped(batch: (c: Excel.RequestContext) => Promise<void>) {
      return hasExcelApi("1.20") ? Excel.run({ mergeUndoGroup: true }, batch) : Excel.run(batch);
    }
    export function ungrouped(batch: (c: Excel.RequestContext) => Promise<void>) {
      return Excel.run({ mergeUndoGroup: true }, batch);
    }
    export function readsAndSets(app: Excel.Application) { const m = app.calculationMode; app.calculationMode = m; }`,
};
const fixturePath = (name: string) => join(FIXTURE_DIR, name);
const host = ts.createCompilerHost(parsed.options);
const onDisk = { fileExists: host.fileExists, readFile: host.readFile, getSourceFile: host.getSourceFile };
const fixtureText = (file: string) => FIXTURES[relative(FIXTURE_DIR, file)];
host.fileExists = (file) => fixtureText(file) !== undefined || onDisk.fileExists(file);
host.readFile = (file) => fixtureText(file) ?? onDisk.readFile(file);
host.getSourceFile = (file, language, ...rest) => {
  const text = fixtureText(file);
  return text !== undefined ? ts.createSourceFile(file, text, language) : onDisk.getSourceFile(file, language, ...rest);
};
const FIXTURE_FILES = Object.keys(FIXTURES).map(fixturePath);
const program = ts.createProgram([...SRC_FILES, ...FIXTURE_FILES], { ...parsed.options, noEmit: true }, host);

const SRC = audit(program, SRC_FILES);
const REQUIRED = manifestSets(readFileSync(join(ROOT, "manifest.xml"), "utf8"));
const floorOf = (set: string): string | undefined =>
  REQUIRED.get(set) ?? (set === EXCEL_FLOOR.set ? EXCEL_FLOOR.version : undefined);

/** A use above the manifest's minimum and not guarded for its set. */
const unguarded = (uses: readonly Use[]): Use[] =>
  uses.filter((use) => {
    if (!use.set || use.set === "none") return false;
    const [set, version] = use.set.split(" ");
    if (rank(version) <= rank(floorOf(set))) return false;
    return !(set === "ExcelApi" && use.guardedFor >= use.needed);
  });
const sameException = (use: Use, e: Exception) => use.file === e.file && use.member === e.member && use.set === e.set;
const say = (use: Use) => `${use.file}:${use.line} ${use.member} (${use.set})`;

describe("the audit itself", () => {
  const fixture = audit(program, FIXTURE_FILES);
  const found = unguarded(fixture.uses).map((u) => `${u.line}:${u.member}`);
  const lineOf = (text: string) => FIXTURES["guarded.ts"].split("\n").findIndex((l) => l.includes(text)) + 1;

  test("reads each kind of tag: one set, get and set apart, a parameter's, the common API's", () => {
    expect(parseNeed("[Api set: ExcelApi 1.7]")).toEqual({ set: "ExcelApi", read: "1.7", write: "1.7" });
    expect(parseNeed("[Api set: ExcelApi 1.1 for reading visibility; 1.2 for setting it.]")).toEqual({
      set: "ExcelApi",
      read: "1.1",
      write: "1.2",
    });
    expect(parseNeed("[Api set: ExcelApi 1.2 for options; 1.7 for password]")).toMatchObject({ read: "1.7" });
    const tableAdd = "[Api set: ExcelApi 1.1 / 1.3. Prior to ExcelApi 1.3, this parameter must be a string.]";
    expect(parseNeed(tableAdd, true)).toMatchObject({ read: "1.1" });
    expect(parseNeed(tableAdd, false)).toMatchObject({ read: "1.3" });
    expect(parseNeed("**Requirement set**: {@link https://x | Settings}")).toEqual({
      set: "Settings",
      read: "1.1",
      write: "1.1",
    });
    expect(parseNeed("**Requirement set**: {@link https://x | Not in a set}")).toBe("none");
  });

  test("flags an unguarded member, a guard for too low a set, a helper also called unguarded", () => {
    expect(found).toEqual(
      expect.arrayContaining([
        "2:WorksheetFreezePanes.freezeRows",
        `${lineOf("export function tooLow")}:PageLayout.zoom`,
        `${lineOf("function leaky(")}:WorksheetFreezePanes.freezeRows`,
        `${lineOf("Excel.run({ mergeUndoGroup: true }, batch);")}:RunOptions.mergeUndoGroup`,
        `${lineOf("readsAndSets")}:Application.calculationMode`,
      ]),
    );
    // the write of the calculation mode needs 1.8, its read 1.1 (below the floor): one finding, not two
    expect(found.filter((f) => f.endsWith("Application.calculationMode"))).toHaveLength(1);
  });

  test("accepts an if, an early return on a const's version, a guarded-only helper, a ternary", () => {
    const guardedLines = [
      lineOf('if (hasExcelApi("1.7")) sheet.freezePanes'),
      lineOf("sheet.pageLayout.zoom = { scale: 50 };"),
      lineOf("function helper("),
      lineOf('hasExcelApi("1.20") ?'),
    ];
    expect(found.filter((f) => guardedLines.includes(Number(f.split(":")[0])))).toEqual([]);
  });
});

describe("Office.js in src/, against manifest.xml", () => {
  test("the audit sees the members it should (so an empty finding list means something)", () => {
    const seen = (member: string, file: string) => SRC.uses.filter((u) => u.member === member && u.file === file);
    expect(seen("WorksheetFreezePanes.freezeRows", "src/core/writers/finish.ts")[0]).toMatchObject({
      set: "ExcelApi 1.7",
      guardedFor: 1007,
    });
    expect(seen("Range.dataValidation", "src/core/writers/finish.ts")).toHaveLength(1); // destructured
    expect(seen("DataValidationRule.decimal", "src/core/writers/finish.ts")).toHaveLength(1); // an object literal
    expect(seen("RunOptions.mergeUndoGroup", "src/core/writers/sheetWriter.ts")[0]).toMatchObject({
      set: "ExcelApi 1.20",
      guardedFor: 1020,
    });
    expect(SRC.uses.length).toBeGreaterThan(300);
  });

  test("every member above the manifest's minimum is guarded for its set, or a listed exception", () => {
    const open = unguarded(SRC.uses).filter((use) => !EXCEPTIONS.some((e) => sameException(use, e)));
    expect(open.map(say)).toEqual([]);
  });

  test("every listed exception still matches a finding", () => {
    const findings = unguarded(SRC.uses);
    const stale = EXCEPTIONS.filter((e) => !findings.some((use) => sameException(use, e)));
    expect(stale.map((e) => `${e.file} ${e.member} (${e.set})`)).toEqual([]);
  });

  test("every member Office declares without a set is listed with its reason, and every listed one is used", () => {
    const untagged = [...new Set(SRC.uses.filter((u) => !u.set || u.set === "none").map((u) => u.member))].sort();
    expect(untagged.filter((m) => !(m in UNTAGGED))).toEqual([]);
    expect(Object.keys(UNTAGGED).filter((m) => !untagged.includes(m))).toEqual([]);
  });

  test("each gated record's consumer asks for its set and alone calls its queue", () => {
    expect(SRC.recordProblems).toEqual([]);
  });

  test("the floor the audit applies is the one the manifest declares", () => {
    expect(REQUIRED.get(EXCEL_FLOOR.set)).toBe(EXCEL_FLOOR.version);
    expect(REQUIRED.get("CustomFunctionsRuntime")).toBe("1.3");
  });

  test("hasExcelApi asks Office itself, for ExcelApi", () => {
    const text = readFileSync(GUARDS_FILE, "utf8");
    expect(text).toMatch(/requirements\.isSetSupported\("ExcelApi", version\)/);
  });
});

/** The findings, printed for a reader of the test run (the report's list). */
afterAll(() => {
  const findings = unguarded(SRC.uses);
  if (process.env.OFFICE_API_AUDIT) console.log(findings.map(say).join("\n") || "no findings");
});
