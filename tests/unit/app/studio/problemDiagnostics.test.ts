/** The studio marks each checker problem at the line its JSON pointer names. */
import { ensureSyntaxTree } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { problemDiagnostics } from '../../../../src/app/pages/examples/studio/problemDiagnostics';

const text = `{
  "funnelId": "tow-away-appeal",
  "pages": [
    { "pageId": "ticket", "next": [{ "goto": "nowhere" }] },
    {
      "pageId": "sign"
    }
  ]
}
`;

function stateOf(doc: string): EditorState {
  const state = EditorState.create({ doc, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  return state;
}

const lineOf = (state: EditorState, position: number) => state.doc.lineAt(position).number;

describe('problemDiagnostics', () => {
  it('marks a problem at the key and value its pointer names', () => {
    const state = stateOf(text);
    const [marked] = problemDiagnostics(state, [
      { pointer: '/pages/0/next/0/goto', message: 'goto "nowhere" is no page of this funnel' },
    ]);
    expect(lineOf(state, marked!.from)).toBe(4);
    expect(state.sliceDoc(marked!.from, marked!.to)).toBe('"goto": "nowhere"');
    expect(marked!.message).toBe('goto "nowhere" is no page of this funnel');
  });

  it('marks a missing property on the nearest object the text has, by its key only', () => {
    const state = stateOf(text);
    const [marked] = problemDiagnostics(state, [
      { pointer: '/pages/1/title', message: 'must have required property title' },
    ]);
    expect(lineOf(state, marked!.from)).toBe(5);
  });

  it('marks a problem of the whole file on its first line, and leaves syntax errors to the JSON linter', () => {
    const state = stateOf(text);
    const marked = problemDiagnostics(state, [
      { pointer: '', message: 'no example answers: add examples/tow-away-appeal.json' },
      { pointer: '', message: 'not valid JSON at line 3, column 4: Unexpected token' },
    ]);
    expect(marked).toHaveLength(1);
    expect([marked[0]!.from, lineOf(state, marked[0]!.to)]).toEqual([0, 1]);
  });
});
