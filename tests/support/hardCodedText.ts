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

/**
 * A sentence in code: a capitalised word and at least two more words after it ("No such
 * claim", "Sorry, we could not…", "This claim is now \"${stage}\": …"). Names in code are
 * lower-case or one word ('permission-denied', 'Europe/London', 'AB12CDE', 'Helvetica').
 */
const SENTENCE = /(^|[^\p{L}\p{N}._-])\p{Lu}\p{Ll}*,?\s+[\p{L}'’"]+[,:;]?\s+\S*\p{L}/u;

/** `new Error(…)`, `new TypeError(…)`: a developer's message, never shown as written. */
const PLAIN_ERROR = /^(Error|TypeError|RangeError)$/;

/**
 * Whether a string is, by where it is written, for developers only:
 * - the message of a plain Error (`new Error('…')`, `failWith('…')`, or `super('…')` in a class
 *   that extends Error): the gateway answers any plain Error with its generic internal error,
 *   and the browser says a content file's sentence for the store's, found by the error's code
 *   or message (src/app/ui/account/authErrorMessages.ts);
 * - anything given to `console.…` (a log line);
 * - an error's `detail: '…'`, which is for operators' logs (services/serviceError.ts).
 * Every other sentence in src/gateway and src/store is one a person may read.
 */
function isForDevelopers(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isPropertyAssignment(parent) && parent.initializer === at) {
      if (parent.name.getText() === 'detail') return true;
    }
    if (ts.isNewExpression(parent) && PLAIN_ERROR.test(parent.expression.getText())) return true;
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression.getText();
      if (callee === 'failWith' || callee.startsWith('console.')) return true;
      if (parent.expression.kind === ts.SyntaxKind.SuperKeyword) {
        const owner = ts.findAncestor(parent, ts.isClassLike);
        const base = owner?.heritageClauses?.[0]?.types[0]?.expression.getText();
        if (base && PLAIN_ERROR.test(base)) return true;
      }
    }
    // A string inside a call's arguments belongs to that call only, not the one around it.
    if (ts.isStatement(parent) || ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/**
 * Every sentence a person may read written in a `.ts` module of code (the gateway's, the
 * store's): strings and templates holding a SENTENCE, less those `isForDevelopers` by where
 * they are written. Import paths, types, comments and property names are code and skipped.
 */
export function findSentencesInCode(source: string, file: string): HardCodedText[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const found: HardCodedText[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isPropertyName(node)) text = node.text;
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      // A value stands for a word, so "This claim is now ${stage}: …" reads as a sentence.
      if (SENTENCE.test(parts.join('x'))) text = node.getText(sourceFile);
    }
    if (text !== undefined && SENTENCE.test(text.replace(/^`|`$/g, '')) && !isForDevelopers(node)) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      found.push({ file, line: line + 1, text: text.replace(/\s+/g, ' ').trim() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every `.ts` module of `folder` and the folders under it (not declarations), scanned. */
export function findSentencesInCodeIn(folder: string): HardCodedText[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
    .sort()
    .flatMap((name) => {
      const file = join(folder, name);
      return findSentencesInCode(readFileSync(file, 'utf8'), file);
    });
}
