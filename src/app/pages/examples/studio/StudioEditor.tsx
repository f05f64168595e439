import { useMemo, useState } from 'react';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import {
  bundleSchema,
  formatProblem,
  type Funnel,
  type FunnelRegistry,
  type JsonSchemaObject,
} from '../../../../runtime/funnel';
import { PagePreview } from '../PagePreview';
import type { StudioCheck } from './checkStudioFiles';
import { FunnelDiagramSection, PagePicker } from './StudioSections';
import { JsonEditor } from './JsonEditor';
import { VersionHistory } from './VersionHistory';
import { saveStudioFile, studioDrafts } from './studioFiles';
import { useStudioWorkspace, type FullCheck } from './useStudioWorkspace';
import { SelectField } from '../../../ui/fields/SelectField';
import { MessageSentence } from '../../../ui/MessageSentence';
import { studioText } from './studioText';
import { errorMessageOf } from '../../../../runtime/contract';

type SaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; file: string }
  | { state: 'failed'; message: string };

const parsed = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The files a funnel is made of: its own, its examples, and the schemas its pages name. */
function filesOfFunnel(funnelId: string, texts: Readonly<Record<string, string>>): string[] {
  const funnelFile = `funnels/${funnelId}.json`;
  // An edited funnel file may be anything; its pages and schema names are checked below before use.
  const funnel = parsed(texts[funnelFile]) as { pages?: Array<{ schema?: unknown }> } | undefined;
  const schemaFiles = (Array.isArray(funnel?.pages) ? funnel.pages : [])
    .map((page) => `schemas/${String(page?.schema)}.schema.json`)
    .concat('schemas/common.schema.json');
  return [funnelFile, `funnels/examples/${funnelId}.json`, ...schemaFiles].filter(
    (file, index, all) => file in texts && all.indexOf(file) === index,
  );
}

/** The format a file follows, for the editor's completion and inline errors. */
function formatSchemaOf(file: string, texts: Readonly<Record<string, string>>): object | undefined {
  if (file.startsWith('funnels/examples/'))
    // parsed gives unknown; this file is a JSON Schema object.
    return parsed(texts['schemas/funnel-examples.schema.json']) as object | undefined;
  if (file.startsWith('funnels/')) {
    // The funnel format refers to another (its `lifecycle` is a claim-stages file): one root.
    const lookup = (id: string) =>
      parsed(texts[`schemas/${id}.schema.json`]) as JsonSchemaObject | undefined;
    const bundled = bundleSchema(lookup, 'funnel');
    return bundled.ok ? bundled.schema : lookup('funnel');
  }
  return draft07;
}

/**
 * The file in the editor: which one, its text as edited, and its saving (Save writes it
 * through the dev server, once at a time). Edits are kept for this tab until saved.
 */
function useEditedFile(funnelId: string, workspace: ReturnType<typeof useStudioWorkspace>) {
  const { disk, setDisk, texts, setTexts } = workspace;
  const [file, setFile] = useState(`funnels/${funnelId}.json`);
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  const text = texts[file] ?? '';
  const choose = (path: string) => {
    setFile(path);
    setSave({ state: 'idle' });
  };
  const edit = (next: string) => {
    setTexts((current) => ({ ...current, [file]: next }));
    studioDrafts.write(file, next === disk?.[file] ? undefined : next);
    setSave({ state: 'idle' });
  };
  const saveFile = async () => {
    if (save.state === 'saving') return;
    setSave({ state: 'saving' });
    try {
      const written = await saveStudioFile(file, text);
      setDisk((current) => ({ ...current, [file]: written }));
      setTexts((current) => ({ ...current, [file]: written }));
      studioDrafts.write(file, undefined);
      setSave({ state: 'saved', file });
    } catch (error) {
      // The edit stays in the editor (and in this tab's drafts); only the message is new.
      setSave({ state: 'failed', message: errorMessageOf(error) ?? String(error) });
    }
  };
  return { file, text, save, choose, edit, saveFile };
}

/**
 * The studio under the dev server: the diagram and the page preview follow the JSON as it is
 * edited (no reload), the checker's lines sit under the editor, and Save writes the file
 * through the dev server. Edits not yet saved are kept for this tab (studioDrafts).
 */
export function StudioEditor({ funnelId, pageId }: { funnelId: string; pageId: string }) {
  const workspace = useStudioWorkspace(funnelId);
  const { disk, texts, loadError, check, fullCheck, registry, problems } = workspace;
  const { file, text, save, choose, edit, saveFile } = useEditedFile(funnelId, workspace);

  const checked = Boolean(check?.registry?.getFunnel(funnelId));
  const funnel = registry.getFunnel(funnelId);

  const files = useMemo(() => filesOfFunnel(funnelId, texts), [funnelId, texts]);
  const schema = useMemo(() => formatSchemaOf(file, texts), [file, texts]);
  // Marked in the editor; a new list only when the checker ran again, not on every keystroke.
  const problemsHere = useMemo(
    () => problems.filter((problem) => problem.file === file),
    [problems, file],
  );

  if (loadError) {
    return (
      <div className="notice notice--warning" role="alert">
        {studioText('editor.loadFailed', { reason: loadError })}
      </div>
    );
  }
  if (!disk) return <p aria-live="polite">{studioText('editor.loadingFiles')}</p>;

  const unsaved = text !== disk[file];

  return (
    <>
      {funnel && (
        <FunnelDiagramSection registry={registry} funnel={funnel} selectedPageId={pageId} />
      )}
      <section aria-labelledby="studio-edit-heading">
        <h2 id="studio-edit-heading">{studioText('editor.heading')}</h2>
        <div className="studio-workbench">
          <div className="studio-workbench__editor">
            <FilePicker
              files={files}
              file={file}
              edited={(path) => texts[path] !== disk[path]}
              onChoose={choose}
            />
            <p id="studio-editor-label" className="studio-editor__label">
              <MessageSentence
                say={studioText}
                message={unsaved ? 'editor.labelNotSaved' : 'editor.label'}
                slots={{ file: <code>{file}</code> }}
              />
            </p>
            <JsonEditor
              key={file}
              labelledBy="studio-editor-label"
              describedBy="studio-checker-summary"
              value={text}
              onChange={edit}
              schema={schema}
              problems={problemsHere}
            />
            <SaveControls file={file} save={save} onSave={saveFile} />
            <CheckerMessages
              check={check}
              fullCheck={fullCheck}
              problems={problems.map(formatProblem)}
            />
          </div>
          <PreviewColumn
            registry={registry}
            funnel={funnel}
            pageId={pageId}
            problemsAsEdited={!checked && check !== null}
          />
        </div>
      </section>
      {funnel && (
        <VersionHistory
          registry={registry}
          funnel={funnel}
          currentLabel={studioText('editor.currentFile')}
        />
      )}
    </>
  );
}

/** The files of the funnel, one chosen for the editor; an edited one says so. */
function FilePicker({
  files,
  file,
  edited,
  onChoose,
}: {
  files: readonly string[];
  file: string;
  edited: (path: string) => boolean;
  onChoose: (path: string) => void;
}) {
  return (
    <SelectField
      id="studio-file"
      label={studioText('editor.file')}
      value={file}
      onChange={(event) => onChoose(event.target.value)}
    >
      {files.map((path) => (
        <option key={path} value={path}>
          {edited(path) ? studioText('editor.fileEdited', { file: path }) : path}
        </option>
      ))}
    </SelectField>
  );
}

/** Save, and what became of the last save. */
function SaveControls({
  file,
  save,
  onSave,
}: {
  file: string;
  save: SaveState;
  onSave: () => void;
}) {
  return (
    <>
      <div className="button-group studio-editor__actions">
        <button
          type="button"
          className="button"
          onClick={onSave}
          // Not `disabled`: that would drop the keyboard user's focus to the page.
          aria-disabled={save.state === 'saving'}
        >
          {studioText('editor.save', { file })}
        </button>
      </div>
      <div aria-live="polite" className="studio-editor__save">
        {save.state === 'saving' && <p>{studioText('editor.saving')}</p>}
        {save.state === 'saved' && (
          <p className="notice notice--success">
            <MessageSentence
              say={studioText}
              message="editor.saved"
              slots={{ file: <code>{save.file}</code> }}
            />
          </p>
        )}
      </div>
      {save.state === 'failed' && (
        <div className="notice notice--warning" role="alert">
          {studioText('editor.notSaved', { reason: save.message })}
        </div>
      )}
    </>
  );
}

/** The chosen page's preview beside the editor, drawn from the registry as last checked. */
function PreviewColumn({
  registry,
  funnel,
  pageId,
  problemsAsEdited,
}: {
  registry: FunnelRegistry;
  funnel: Funnel | undefined;
  pageId: string;
  /** The JSON as edited has problems, so the preview is of the last JSON without any. */
  problemsAsEdited: boolean;
}) {
  return (
    <div className="studio-workbench__preview studio-preview">
      <h2 id="preview" tabIndex={-1}>
        {studioText('studio.preview')}
      </h2>
      {funnel ? (
        <>
          {problemsAsEdited && (
            <p className="notice notice--warning">{studioText('editor.problemsAsEdited')}</p>
          )}
          <PagePicker funnel={funnel} selectedPageId={pageId} />
          <PagePreview registry={registry} funnel={funnel} pageId={pageId} headingLevel={3} />
        </>
      ) : (
        <p className="notice notice--warning">{studioText('editor.brokenFunnel')}</p>
      )}
    </div>
  );
}

function CheckerMessages({
  check,
  fullCheck,
  problems,
}: {
  check: StudioCheck | null;
  fullCheck: FullCheck;
  problems: string[];
}) {
  return (
    <section aria-labelledby="studio-checker-heading" className="studio-checker">
      <h3 id="studio-checker-heading">{studioText('checker.heading')}</h3>
      <p id="studio-checker-summary" role="status">
        {!check
          ? studioText('checker.checking')
          : fullCheck.state === 'running'
            ? studioText('checker.running', { count: problems.length })
            : fullCheck.state === 'failed'
              ? studioText('checker.failed', {
                  count: problems.length,
                  reason: fullCheck.message,
                })
              : problems.length === 0
                ? studioText('checker.none')
                : studioText('checker.problems', { count: problems.length })}
      </p>
      {problems.length > 0 && (
        <ul className="problem-list studio-checker__list">
          {problems.map((line) => (
            <li key={line}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
