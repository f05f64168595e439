import { useEffect, useMemo, useState } from 'react';
import type { Funnel, FunnelRegistry, JsonSchemaObject } from '../../../../runtime/funnel';
import type { PublishedVersion } from '../../../../runtime/versions';
import { loadPublishedVersions } from '../../../publishedVersions';
import { versionDiff, type DiffLine, type VersionContent } from './versionDiff';
import { SelectField } from '../../../ui/SelectField';

interface VersionChoice {
  key: string;
  label: string;
  content: VersionContent;
}

/** The funnel as the registry has it now, with its page schemas bundled as a snapshot holds them. */
function currentContent(registry: FunnelRegistry, funnel: Funnel): VersionContent {
  const schemas: Record<string, JsonSchemaObject> = {};
  for (const page of funnel.pages) {
    const schema = registry.bundlePageSchema(page.schema);
    if (schema) schemas[page.schema] = schema;
  }
  return { funnel, schemas };
}

/** The published versions of the funnel, then the current file unless it is one of them. */
function choicesOf(
  published: readonly PublishedVersion[],
  registry: FunnelRegistry,
  funnel: Funnel,
  currentLabel: string,
): VersionChoice[] {
  const current = currentContent(registry, funnel);
  const snapshot = published.find(
    (version) => version.funnelId === funnel.funnelId && version.version === funnel.version,
  );
  // A file whose version is published is that version (funnels:check refuses any difference),
  // unless it is being edited in the studio: then it is listed on its own.
  const same =
    snapshot !== undefined &&
    versionDiff(current, { funnel: snapshot.funnel, schemas: snapshot.schemas }).length === 0;
  const choices: VersionChoice[] = published
    .filter((version) => version.funnelId === funnel.funnelId)
    .map((version) => ({
      key: `published-${version.version}`,
      label: `Version ${version.version}, published${same && version === snapshot ? ' (current)' : ''}`,
      content: { funnel: version.funnel, schemas: version.schemas },
    }));
  if (!same) {
    choices.push({
      key: 'current',
      label: `Version ${funnel.version}, ${currentLabel}`,
      content: current,
    });
  }
  return choices;
}

const MARKS: Record<Exclude<DiffLine['kind'], 'skipped'>, { sign: string; words: string }> = {
  added: { sign: '+', words: 'added: ' },
  removed: { sign: '−', words: 'removed: ' },
  same: { sign: ' ', words: '' },
};

/**
 * The funnel's versions (published snapshots and the current file) and a line diff of any two:
 * the funnel's JSON and each page schema that differs. Added and removed lines carry a sign
 * and words for screen readers, not only a colour.
 */
export function VersionHistory({
  registry,
  funnel,
  currentLabel = 'current, not published',
}: {
  registry: FunnelRegistry;
  funnel: Funnel;
  /** How the current file is named when it is no published version. */
  currentLabel?: string;
}) {
  const [published, setPublished] = useState<readonly PublishedVersion[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [fromKey, setFromKey] = useState<string | undefined>();
  const [toKey, setToKey] = useState<string | undefined>();

  useEffect(() => {
    loadPublishedVersions().then(setPublished, (error: Error) => setFailed(error.message));
  }, []);

  const choices = useMemo(
    () => (published ? choicesOf(published, registry, funnel, currentLabel) : []),
    [published, registry, funnel, currentLabel],
  );
  const from = choices.find((choice) => choice.key === fromKey) ?? choices.at(-2) ?? choices[0];
  const to = choices.find((choice) => choice.key === toKey) ?? choices.at(-1);
  const sections = useMemo(
    () => (from && to ? versionDiff(from.content, to.content) : []),
    [from, to],
  );

  return (
    <section aria-labelledby="studio-versions-heading" className="studio-versions">
      <h2 id="studio-versions-heading">Versions</h2>
      {failed && (
        <p className="notice notice--warning" role="alert">
          The published versions could not be loaded: {failed}
        </p>
      )}
      {!published && !failed && <p aria-live="polite">Loading the versions…</p>}
      {published && (
        <>
          <ul className="list">
            {choices.map((choice) => (
              <li key={choice.key}>{choice.label}</li>
            ))}
          </ul>
          {choices.length < 2 ? (
            <p>There is only one version, so nothing to compare yet.</p>
          ) : (
            <>
              <div className="studio-versions__pick">
                {(
                  [
                    ['studio-diff-from', 'Compare', from, setFromKey],
                    ['studio-diff-to', 'with', to, setToKey],
                  ] as const
                ).map(([id, label, chosen, choose]) => (
                  <SelectField
                    key={id}
                    id={id}
                    label={label}
                    value={chosen?.key}
                    onChange={(event) => choose(event.target.value)}
                  >
                    {choices.map((choice) => (
                      <option key={choice.key} value={choice.key}>
                        {choice.label}
                      </option>
                    ))}
                  </SelectField>
                ))}
              </div>
              <div aria-live="polite">
                {sections.length === 0 ? (
                  <p>
                    No differences between {from?.label} and {to?.label}.
                  </p>
                ) : (
                  <p>
                    {sections.length} {sections.length === 1 ? 'part differs' : 'parts differ'} from{' '}
                    {from?.label} to {to?.label}: lines marked + are added, − removed.
                  </p>
                )}
              </div>
              {sections.map((section) => (
                <div key={section.title}>
                  <h3>Changes to {section.title}</h3>
                  {/* Long lines scroll sideways on a phone: the list takes focus so keys scroll it. */}
                  <ol
                    className="studio-diff"
                    tabIndex={0}
                    aria-label={`Changed lines of ${section.title}`}
                  >
                    {section.lines.map((line, index) =>
                      line.kind === 'skipped' ? (
                        <li key={index} className="studio-diff__skipped">
                          … {line.count} unchanged lines
                        </li>
                      ) : (
                        <li key={index} className={`studio-diff__${line.kind}`}>
                          <span aria-hidden="true">{MARKS[line.kind].sign} </span>
                          <span className="visually-hidden">{MARKS[line.kind].words}</span>
                          {line.text}
                        </li>
                      ),
                    )}
                  </ol>
                </div>
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
