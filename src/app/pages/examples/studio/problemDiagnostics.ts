import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';

/** A node of the JSON syntax tree (@lezer/common's, reached through CodeMirror's). */
type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

/** A checker problem within one file: where (a JSON pointer) and what. */
export interface PointedProblem {
  pointer: string;
  message: string;
}

/** describeJsonError's words for a file that does not parse: the JSON linter marks those. */
const NOT_JSON = /^not valid JSON at line \d+/;

/** The values of an Object (by key) or an Array (in order), with each one's key node. */
function childrenOf(
  state: EditorState,
  node: SyntaxNode,
): Array<{ token: string; key?: SyntaxNode; value: SyntaxNode }> {
  const children: Array<{ token: string; key?: SyntaxNode; value: SyntaxNode }> = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (node.name === 'Object' && child.name === 'Property') {
      const key = child.getChild('PropertyName');
      const value = child.lastChild;
      if (!key || !value || value === key) continue;
      let token: string;
      try {
        token = String(JSON.parse(state.sliceDoc(key.from, key.to)));
      } catch {
        continue;
      }
      children.push({ token, key, value });
    } else if (node.name === 'Array' && !['[', ']', ','].includes(child.name)) {
      children.push({ token: String(children.length), value: child });
    }
  }
  return children;
}

/**
 * Where the text holds the value a JSON pointer names, or the nearest enclosing one it has (a
 * missing property is found as its object): the key's span, when it has one, and the value's.
 */
function locate(
  state: EditorState,
  pointer: string,
): { key?: SyntaxNode; value: SyntaxNode } | undefined {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: { key?: SyntaxNode; value: SyntaxNode } | undefined;
  let node = syntaxTree(state).topNode.firstChild;
  for (const token of tokens) {
    const next = node && childrenOf(state, node).find((child) => child.token === token);
    if (!next) break;
    at = next;
    node = next.value;
  }
  return at;
}

/**
 * The checker's problems as editor diagnostics, each at the key and value its pointer names,
 * or at the nearest enclosing one the text has. A problem of the whole file marks its first
 * line. While the text does not parse, the JSON linter marks the syntax error at its own
 * position, so the checker's saying so is left out.
 */
export function problemDiagnostics(
  state: EditorState,
  problems: readonly PointedProblem[],
): Diagnostic[] {
  return problems
    .filter((problem) => !NOT_JSON.test(problem.message))
    .map((problem) => {
      const at = locate(state, problem.pointer);
      if (!at) return diagnostic(0, state.doc.line(1).to, problem.message);
      const from = (at.key ?? at.value).from;
      // A value on the key's own line is marked with it; an object or list only by its key.
      const oneLine = state.doc.lineAt(from).number === state.doc.lineAt(at.value.to).number;
      return diagnostic(from, oneLine ? at.value.to : (at.key ?? at.value).to, problem.message);
    });
}

function diagnostic(from: number, to: number, message: string): Diagnostic {
  return { from, to, severity: 'error', message, source: 'funnels:check' };
}
