/*
 * What a source file imports, read by TypeScript's parser rather than a pattern: static imports and
 * re-exports, side-effect imports, `import()` however it is commented (the lazy chunks are written
 * `import(/* webpackChunkName: "x" *\/ "../y")`), `require()`, and `typeof import("x")` types.
 * Type-only imports are marked as such by the syntax itself (`import type`, `export type`, every
 * named element `type`), never by a name that happens to start with "type".
 */
import { readFileSync } from "fs";
import ts from "typescript";

/** One import of a file: its specifier (undefined when it is not a literal), and whether only types cross it. */
export interface SourceImport {
  specifier: string | undefined;
  typeOnly: boolean;
  /** where in the file, for a failure's message */
  line: number;
  /**
   * The names a named import or re-export takes from the module (`name`, as the module exports it), what this
   * file calls it (`as`: for a re-export, the name it exports), and whether only its type crosses; undefined
   * when it takes the whole module (a namespace, a side effect, import(), require()).
   */
  names?: readonly ImportedName[];
  /** whether it is a re-export (`export { a } from "./a"`), as a face's lines are */
  reexport: boolean;
}

/** One name of a named import or re-export. */
export interface ImportedName {
  name: string;
  as: string;
  typeOnly: boolean;
}

/** The named elements of an import or export declaration, or undefined when it takes the whole module. */
function namesOf(node: ts.ImportDeclaration | ts.ExportDeclaration): ImportedName[] | undefined {
  const whole = declarationTypeOnly(node);
  const elements = ts.isExportDeclaration(node)
    ? node.exportClause && ts.isNamedExports(node.exportClause)
      ? node.exportClause.elements
      : undefined
    : node.importClause && !node.importClause.name && node.importClause.namedBindings
      ? ts.isNamedImports(node.importClause.namedBindings)
        ? node.importClause.namedBindings.elements
        : undefined
      : undefined;
  return elements?.map((e) => ({
    name: (e.propertyName ?? e.name).text,
    as: e.name.text,
    typeOnly: whole || e.isTypeOnly,
  }));
}

/** The literal text of a specifier expression, or undefined for anything computed. */
function literalOf(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

/** Whether an import or export declaration carries types only. */
function declarationTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Every import of `file`. */
export function sourceImports(file: string): SourceImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: SourceImport[] = [];
  const add = (node: ts.Node, specifier: string | undefined, typeOnly: boolean, names?: ImportedName[]) =>
    found.push({
      specifier,
      typeOnly,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      ...(names ? { names } : {}),
      reexport: ts.isExportDeclaration(node),
    });
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      add(node, literalOf(node.moduleSpecifier), declarationTypeOnly(node), namesOf(node));
    } else if (ts.isCallExpression(node)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (dynamic || required) add(node, literalOf(node.arguments[0]), false);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      add(node, ts.isLiteralTypeNode(argument) ? literalOf(argument.literal) : undefined, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
