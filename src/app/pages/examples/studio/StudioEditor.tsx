import { useEffect, useMemo, useState } from 'react';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import {
  bundleSchema,
  formatProblem,
  type FunnelRegistry,
  type JsonSchemaObject,
  type Problem,
} from '../../../../runtime/funnel';
import { type PublishedVersion } from '../../../../runtime/versions';
import { funnelRegistry } from '../../../funnelRegistry';
import { PagePreview } from '../PagePreview';
import { checkStudioFiles, type StudioCheck } from './checkStudioFiles';
import { FunnelDiagramSection, PagePicker } from './StudioSections';
import { JsonEditor } from './JsonEditor';
import { VersionHistory } from './VersionHistory';
import { checkOnDevServer, fetchStudioFiles, saveStudioFile, studioDrafts } from './studioFiles';
import { loadPublishedVersions } from '../../../versions/publishedVersions';
import { SelectField } from '../../../ui/fields/SelectField';
import { MessageSentence } from '../../../ui/MessageSentence';
import { studioText } from './studioText';
import { errorMessageOf } from '../../../../runtime/contract';

/** How long typing pauses before the checker runs (it compiles every schema). */
const CHECK_DELAY_MS = 300;

/** funnels:check's own run on the files as edited (the dev server's), after the editor's check. */
type FullCheck =
  | { state: 'running' }
  | { state: 'done'; problems: Problem[] }
  | { state: 'failed'; message: string };

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
 * The studio under the dev server: the diagram and the page preview follow the JSON as it is
 * edited (no reload), the checker's lines sit under the editor, and Save writes the file
 * through the dev server. Edits not yet saved are kept for this tab (studioDrafts).
 */
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
export function StudioEditor({ funnelId, pageId }: { funnelId: string; pageId: string }) {
  const funnelFile = `funnels/${funnelId}.json`;
  const [disk, setDisk] = useState<Record<string, string> | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState(funnelFile);
  const [check, setCheck] = useState<StudioCheck | null>(null);
  const [fullCheck, setFullCheck] = useState<FullCheck>({ state: 'running' });
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  // The preview draws from the edited JSON while this funnel has no problem, and otherwise
  // from the last JSON that had none, so a half-typed edit does not blank it.
  const [registry, setRegistry] = useState<FunnelRegistry>(funnelRegistry);

  const [published, setPublished] = useState<readonly PublishedVersion[] | null>(null);

  useEffect(() => {
    Promise.all([fetchStudioFiles(), loadPublishedVersions()]).then(
      ([files, versions]) => {
        setPublished(versions);
        setDisk(files);
        setTexts(
          Object.fromEntries(
            Object.entries(files).map(([path, text]) => [path, studioDrafts.read(path) ?? text]),
          ),
        );
      },
      (error: Error) => setLoadError(error.message),
    );
  }, []);

  useEffect(() => {
    if (!disk || !published) return;
    let current = true;
    const timer = setTimeout(() => {
      // The editor's own check first, at once: it draws the preview. Then funnels:check's,
      // which says more (route proofs, the build's compile) and replaces its lines.
      const result = checkStudioFiles(texts, published);
      setCheck(result);
      if (result.registry?.getFunnel(funnelId)) setRegistry(result.registry);
      setFullCheck({ state: 'running' });
      const edits = Object.fromEntries(
        Object.entries(texts).filter(([path, text]) => text !== disk[path]),
      );
      checkOnDevServer(edits).then(
        (problems) => current && setFullCheck({ state: 'done', problems }),
        (error: Error) => current && setFullCheck({ state: 'failed', message: error.message }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [texts, disk, published, funnelId]);

  const problems = useMemo<Problem[]>(
    () => (fullCheck.state === 'done' ? fullCheck.problems : (check?.problems ?? [])),
    [fullCheck, check],
  );

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

  const text = texts[file] ?? '';
  const unsaved = text !== disk[file];

  const edit = (next: string) => {
    setTexts((current) => ({ ...current, [file]: next }));
    studioDrafts.write(file, next === disk[file] ? undefined : next);
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

  return (
    <>
      {funnel && (
        <FunnelDiagramSection registry={registry} funnel={funnel} selectedPageId={pageId} />
      )}
      <section aria-labelledby="studio-edit-heading">
        <h2 id="studio-edit-heading">{studioText('editor.heading')}</h2>
        <div className="studio-workbench">
          <div className="studio-workbench__editor">
            <SelectField
              id="studio-file"
              label={studioText('editor.file')}
              value={file}
              onChange={(event) => {
                setFile(event.target.value);
                setSave({ state: 'idle' });
              }}
            >
              {files.map((path) => (
                <option key={path} value={path}>
                  {texts[path] !== disk[path]
                    ? studioText('editor.fileEdited', { file: path })
                    : path}
                </option>
              ))}
            </SelectField>
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
            <div className="button-group studio-editor__actions">
              <button
                type="button"
                className="button"
                onClick={saveFile}
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
            <CheckerMessages
              check={check}
              fullCheck={fullCheck}
              problems={problems.map(formatProblem)}
            />
          </div>
          <div className="studio-workbench__preview studio-preview">
            <h2 id="preview" tabIndex={-1}>
              {studioText('studio.preview')}
            </h2>
            {funnel ? (
              <>
                {!checked && check && (
                  <p className="notice notice--warning">{studioText('editor.problemsAsEdited')}</p>
                )}
                <PagePicker funnel={funnel} selectedPageId={pageId} />
                <PagePreview registry={registry} funnel={funnel} pageId={pageId} headingLevel={3} />
              </>
            ) : (
              <p className="notice notice--warning">{studioText('editor.brokenFunnel')}</p>
            )}
          </div>
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
