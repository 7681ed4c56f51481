/**
 * `npm run lint` runs this: it lists every export that no other file imports, so that a module's
 * surface is only what others use. A name used only in its own file is un-exported; a name used
 * nowhere is removed. Read through the TypeScript compiler, so re-exports, `import type`,
 * namespace imports and `import()` of a lazily loaded part all count as uses.
 *
 * Not checked: entry points (nothing imports them), config files, test files, and the definition
 * modules others build on (`DEFINITION_AREAS`), whose unused exports are listed as a notice only.
 * `node --import tsx scripts/unused-exports.ts --all` lists those too; the exit code is 1 when an
 * export outside them is unused.
 */
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Files whose exports are used from outside the program: bundler, node, vitest and eslint. */
const ENTRY_POINTS = [
  /^src\/web\/main\.tsx$/,
  /^src\/server\/main\.ts$/,
  /^src\/server\/cli\//,
  /^scripts\//,
  /^bench\/run\.ts$/,
  /^[^/]+\.(ts|js)$/,
  /\.test\.tsx?$/,
  /^test\/support\/[^/]+-setup\.ts$/,
];

/** Shared definitions the engineers extend; their unused exports are reported, not refused. */
const DEFINITION_AREAS = [
  /^src\/shared\/entities\//,
  /^src\/shared\/modules\.ts$/,
  /^src\/server\/db\/ddl\//,
  /^src\/server\/modules\//,
  /^src\/web\/entity\/extras\//,
];

function loadProgram(): ts.Program {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

const relative = (file: ts.SourceFile) => path.relative(ROOT, file.fileName).replaceAll('\\', '/');

/** Every symbol an import, a re-export or a namespace/dynamic import reaches, through aliases. */
function usedSymbols(program: ts.Program, own: readonly ts.SourceFile[]): Set<ts.Symbol> {
  const checker = program.getTypeChecker();
  const used = new Set<ts.Symbol>();

  const markChain = (symbol: ts.Symbol | undefined) => {
    let current = symbol;
    while (current && !used.has(current)) {
      used.add(current);
      if (!(current.flags & ts.SymbolFlags.Alias)) break;
      current = checker.getImmediateAliasedSymbol(current);
    }
  };
  const markModule = (specifier: ts.Expression) => {
    const moduleSymbol = checker.getSymbolAtLocation(specifier);
    if (!moduleSymbol) return;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) markChain(exported);
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) {
      markChain(checker.getSymbolAtLocation(node.name));
    } else if (ts.isImportClause(node) && node.name) {
      markChain(checker.getSymbolAtLocation(node.name));
    } else if (ts.isNamespaceImport(node) && ts.isImportDeclaration(node.parent.parent)) {
      markModule(node.parent.parent.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    ) {
      markModule(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      markModule(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of own) visit(file);
  return used;
}

interface Unused {
  file: string;
  line: number;
  name: string;
  usedInFile: boolean;
}

/** A name that appears again in its own file beyond its declaration and its export. */
function usedInOwnFile(file: ts.SourceFile, name: string): boolean {
  const matches = file.text.match(new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g'));
  return (matches?.length ?? 0) > 1;
}

function unusedExports(program: ts.Program): Unused[] {
  const checker = program.getTypeChecker();
  const own = program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));
  const used = usedSymbols(program, own);
  const found: Unused[] = [];
  for (const file of own) {
    const name = relative(file);
    if (ENTRY_POINTS.some((pattern) => pattern.test(name))) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      if (used.has(exported)) continue;
      const declaration = exported.declarations?.[0];
      // Star re-exports hand out another file's symbol: that file reports it.
      if (!declaration || declaration.getSourceFile() !== file) continue;
      const { line } = file.getLineAndCharacterOfPosition(declaration.getStart());
      found.push({
        file: name,
        line: line + 1,
        name: exported.name,
        usedInFile: usedInOwnFile(file, exported.name),
      });
    }
  }
  return found;
}

function main() {
  const all = process.argv.includes('--all');
  const found = unusedExports(loadProgram());
  const inDefinitions = (u: Unused) => DEFINITION_AREAS.some((p) => p.test(u.file));
  const refused = found.filter((u) => !inDefinitions(u));
  const shown = all ? found : refused;
  for (const u of shown) {
    const advice = u.usedInFile ? 'used only in its own file: un-export it' : 'unused: remove it';
    console.log(`${u.file}:${u.line}  ${u.name}  (${advice}${inDefinitions(u) ? ', notice' : ''})`);
  }
  const notices = found.length - refused.length;
  if (!all && notices)
    console.log(`(${notices} unused in the definition modules: --all lists them)`);
  if (refused.length) {
    console.error(`${refused.length} unused export(s): nothing imports them.`);
    process.exit(1);
  }
}

main();
