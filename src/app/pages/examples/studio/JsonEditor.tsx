import { useEffect, useRef } from 'react';
import { autocompletion, completionKeymap, closeBrackets } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { forceLinting, linter, lintGutter, lintKeymap } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import {
  handleRefresh,
  jsonCompletion,
  jsonSchemaLinter,
  stateExtensions,
  updateSchema,
} from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { problemDiagnostics, type PointedProblem } from './problemDiagnostics';

interface JsonEditorProps {
  /** The id of the element that names the editor (its visible label). */
  labelledBy: string;
  /** The id of the element that describes it (the checker's messages). */
  describedBy?: string;
  value: string;
  onChange: (text: string) => void;
  /** The JSON Schema the text follows: completion and inline errors come from it. */
  schema?: object;
  /** The checker's problems in this file, each marked at the JSON pointer it names. */
  problems?: readonly PointedProblem[];
}

/**
 * The dev server's nonce (vite.config.ts html.cspNonce), which CodeMirror's styles must carry.
 * Browsers hide a nonce from getAttribute; the `nonce` property still has it.
 */
const cspNonce = () =>
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

/**
 * What the editor is made with: JSON with its format schema's completion and errors, the
 * checker's problems as more errors, and a compartment for the labels given later.
 */
function editorExtensions({
  schema,
  labels,
  problems,
  onDocChange,
}: {
  schema: object | undefined;
  labels: Compartment;
  /** The checker's latest problems, read whenever the editor lints. */
  problems: () => readonly PointedProblem[];
  onDocChange: (text: string) => void;
}): Extension[] {
  return [
    lineNumbers(),
    history(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
    json(),
    linter(jsonParseLinter()),
    linter(jsonSchemaLinter(), { needsRefresh: handleRefresh }),
    linter((editorView) => problemDiagnostics(editorView.state, problems()), { delay: 0 }),
    jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
    // The studio's format schemas are draft-07 JSON Schemas; the prop takes any object.
    stateExtensions(schema as JSONSchema7 | undefined),
    lintGutter(),
    EditorView.cspNonce.of(cspNonce()),
    labels.of([]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onDocChange(update.state.doc.toString());
    }),
  ];
}

/**
 * A JSON editor (CodeMirror 6) with completion and inline errors from a JSON Schema
 * (codemirror-json-schema). Tab is left to move focus, as everywhere else on the page, so a
 * keyboard user is never trapped in it; Ctrl-Space completes, Ctrl-Shift-M lists the errors.
 */
export function JsonEditor({
  labelledBy,
  describedBy,
  value,
  onChange,
  schema,
  problems,
}: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);
  const labels = useRef(new Compartment());
  const latestProblems = useRef(problems);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: editorExtensions({
          schema,
          labels: labels.current,
          problems: () => latestProblems.current ?? [],
          onDocChange: (text) => latestOnChange.current(text),
        }),
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values and schemas are passed to it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({
      effects: labels.current.reconfigure(
        EditorView.contentAttributes.of({
          // Focusable already (it is contenteditable); said outright so checkers such as
          // axe's scrollable-region-focusable see that the scrolling box holds a tab stop.
          tabindex: '0',
          'aria-labelledby': labelledBy,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        }),
      ),
    });
  }, [labelledBy, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    // The studio's format schemas are draft-07 JSON Schemas; the prop takes any object.
    if (view.current) updateSchema(view.current, schema as JSONSchema7 | undefined);
  }, [schema]);

  useEffect(() => {
    latestProblems.current = problems;
    if (view.current) forceLinting(view.current);
  }, [problems]);

  return <div className="studio-editor__code" ref={host} />;
}
