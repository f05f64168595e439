import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** A piece of English a person would read, written in a component instead of a content file. */
export interface HardCodedText {
  file: string;
  line: number;
  text: string;
}

/**
 * The JSX props whose value a person reads or hears. Other props (className, id, role,
 * data-testid…) hold names for code; their strings are not checked.
 */
const TEXT_PROP =
  /^(label|aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|alt|placeholder|caption|summary|hint|intro|message|heading|description)$|(Text|Label|Title|Message|Hint|Heading|Description)$/;

/** A content file's key ('claims.none', 'renewal.signInInstead'), as a `message` prop names one. */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/** Any letter: a prop a person reads is flagged for any word at all. */
const LETTER = /\p{L}/u;

/**
 * A capitalised word ("Claims", "Sorry, …"): outside JSX, the mark of a sentence or label.
 * Code's strings there are lower-case names ('permission-denied', 'newest', 'text/csv', 'en-GB').
 */
const CAPITALISED_WORD = /(^|[^\p{L}\p{N}._-])\p{Lu}\p{Ll}/u;

/**
 * Every hard-coded piece of English in a component's source: JSX text, string props a person
 * reads (label=, aria-label=, title=…), and other strings that hold a capitalised word.
 * Import paths, types and comments are code, not text, and are skipped.
 */
export function findHardCodedText(source: string, file: string): HardCodedText[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: HardCodedText[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text: text.replace(/\s+/g, ' ').trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    // A module loaded on demand, `import('./review/ReviewAndSign')`: a path, like a static import's.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) {
        if (TEXT_PROP.test(name) && LETTER.test(value.text) && !MESSAGE_KEY.test(value.text)) {
          report(value, value.text);
        }
        return;
      }
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (CAPITALISED_WORD.test(node.text) && !isPropertyName(node)) report(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => CAPITALISED_WORD.test(part))) report(node, node.getText(sourceFile));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** `{ 'stage-changed': … }`: a key names data, it is not read by a person. */
function isPropertyName(node: ts.Node): boolean {
  return ts.isPropertyAssignment(node.parent) && node.parent.name === node;
}

/** Every `.tsx` file in `folder` and the folders under it, scanned. */
export function findHardCodedTextIn(folder: string): HardCodedText[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tsx'))
    .sort()
    .flatMap((name) => {
      const file = join(folder, name);
      return findHardCodedText(readFileSync(file, 'utf8'), file);
    });
}
