/**
 * A local lint rule: every TypeScript type assertion (`x as T`, `<T>x`; `as const` aside) says
 * why the compiler cannot know what it asserts. An assertion silences the type checker, so the
 * reader is owed the reason it is safe. The reason is a comment that ends on the line just above
 * the assertion (or above its statement, when that starts at most a few lines before), or one on
 * the line where the assertion's `as` stands; a comment further away does not count.
 */

/** How far below its statement's first line an assertion may be and still use a comment above it. */
const STATEMENT_REACH = 3;

/** Whether `node` is where a reader starts reading the code around an assertion. */
const startsStatement = (node) =>
  /(Statement|Declaration|Declarator)$/.test(node.type) ||
  ['Property', 'PropertyDefinition', 'JSXAttribute', 'TSPropertySignature'].includes(node.type);

const isConst = (type) =>
  type.type === 'TSTypeReference' &&
  type.typeName.type === 'Identifier' &&
  type.typeName.name === 'const';

/** @type {import('eslint').Rule.RuleModule} */
const assertionSaysWhy = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A type assertion carries a comment saying why it holds.' },
    schema: [],
    messages: {
      unexplained:
        'Say why this assertion holds (a comment on the line above or at the end of this line), or replace it with a type guard, `satisfies` or a declared type.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const commentEndLines = new Set();
    const commentLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      commentEndLines.add(comment.loc.end.line);
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line += 1) {
        commentLines.add(line);
      }
    }

    function check(node) {
      if (isConst(node.typeAnnotation)) return;
      const asLine =
        node.type === 'TSAsExpression'
          ? sourceCode.getTokenBefore(node.typeAnnotation).loc.start.line
          : node.loc.start.line;
      if (commentLines.has(asLine)) return;
      const starts = [asLine, node.loc.start.line];
      let statement = node.parent;
      while (statement && !startsStatement(statement)) statement = statement.parent;
      if (statement && asLine - statement.loc.start.line <= STATEMENT_REACH) {
        starts.push(statement.loc.start.line);
      }
      if (starts.some((line) => commentEndLines.has(line - 1))) return;
      context.report({ node, messageId: 'unexplained' });
    }

    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

export const assertionsPlugin = { rules: { 'assertion-says-why': assertionSaysWhy } };
