import { useEffect, useMemo, useState } from 'react';
import {
  schemaInWords,
  type Funnel,
  type FunnelRegistry,
  type JsonSchemaObject,
} from '../../../../runtime/funnel';
import type { PublishedVersion } from '../../../../runtime/versions';
import { loadPublishedVersions } from '../../../versions/publishedVersions';
import { versionDiff, type DiffLine, type DiffSection, type VersionContent } from './versionDiff';
import { SelectField } from '../../../ui/fields/SelectField';
import { studioText, type StudioTextKey } from './studioText';
import { schemaWordsOf } from '../../../form/funnelSchemaWordsText';

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

/**
 * A version as its claimants read it: each shared schema's `{claimNoun}` said in the funnel's
 * word, as funnels:check compares a file with its published version (a schema that came to say
 * `{claimNoun}` where it said "claim" changes no version).
 */
function asRead(content: VersionContent): VersionContent {
  const words = schemaWordsOf(content.funnel);
  const schemas = Object.fromEntries(
    Object.entries(content.schemas).map(([id, schema]) => [id, schemaInWords(schema, words)]),
  );
  return { funnel: content.funnel, schemas };
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
    versionDiff(asRead(current), asRead({ funnel: snapshot.funnel, schemas: snapshot.schemas }))
      .length === 0;
  const choices: VersionChoice[] = published
    .filter((version) => version.funnelId === funnel.funnelId)
    .map((version) => ({
      key: `published-${version.version}`,
      label: studioText(
        same && version === snapshot ? 'versions.publishedCurrent' : 'versions.published',
        { version: version.version },
      ),
      content: { funnel: version.funnel, schemas: version.schemas },
    }));
  if (!same) {
    choices.push({
      key: 'current',
      label: studioText('versions.current', { version: funnel.version, state: currentLabel }),
      content: current,
    });
  }
  return choices;
}

const MARKS: Record<
  Exclude<DiffLine['kind'], 'skipped'>,
  { sign: string; words: StudioTextKey | undefined }
> = {
  added: { sign: '+', words: 'versions.added' },
  removed: { sign: '−', words: 'versions.removed' },
  same: { sign: ' ', words: undefined },
};

/** What a screen reader hears before a changed line ("added: "), and nothing for the same. */
const markWords = (kind: keyof typeof MARKS) => {
  const key = MARKS[kind].words;
  return key ? `${studioText(key)} ` : '';
};

/**
 * The funnel's versions (published snapshots and the current file) and a line diff of any two:
 * the funnel's JSON and each page schema that differs. Added and removed lines carry a sign
 * and words for screen readers, not only a colour.
 */
export function VersionHistory({
  registry,
  funnel,
  currentLabel = studioText('versions.currentNotPublished'),
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
      <h2 id="studio-versions-heading">{studioText('versions.heading')}</h2>
      {failed && (
        <p className="notice notice--warning" role="alert">
          {studioText('versions.loadFailed', { reason: failed })}
        </p>
      )}
      {!published && !failed && <p aria-live="polite">{studioText('versions.loading')}</p>}
      {published && (
        <>
          <ul className="list">
            {choices.map((choice) => (
              <li key={choice.key}>{choice.label}</li>
            ))}
          </ul>
          {choices.length < 2 ? (
            <p>{studioText('versions.onlyOne')}</p>
          ) : (
            <>
              <VersionPicker
                choices={choices}
                from={from}
                to={to}
                onFrom={setFromKey}
                onTo={setToKey}
              />
              <DiffSummary count={sections.length} from={from} to={to} />
              {sections.map((section) => (
                <DiffSectionLines key={section.schemaId ?? ''} section={section} />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The two versions compared, each picked from every version listed. */
function VersionPicker({
  choices,
  from,
  to,
  onFrom,
  onTo,
}: {
  choices: readonly VersionChoice[];
  from: VersionChoice | undefined;
  to: VersionChoice | undefined;
  onFrom: (key: string) => void;
  onTo: (key: string) => void;
}) {
  return (
    <div className="studio-versions__pick">
      {(
        [
          ['studio-diff-from', studioText('versions.compare'), from, onFrom],
          ['studio-diff-to', studioText('versions.with'), to, onTo],
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
  );
}

/** How many parts differ between the two versions, announced as the choice changes. */
function DiffSummary({
  count,
  from,
  to,
}: {
  count: number;
  from: VersionChoice | undefined;
  to: VersionChoice | undefined;
}) {
  return (
    <div aria-live="polite">
      {count === 0 ? (
        <p>
          {studioText('versions.noDifferences', {
            from: from?.label ?? '',
            to: to?.label ?? '',
          })}
        </p>
      ) : (
        <p>
          {studioText('versions.differences', {
            count,
            from: from?.label ?? '',
            to: to?.label ?? '',
          })}
        </p>
      )}
    </div>
  );
}

/** The changed lines of the funnel's JSON or of one page schema, unchanged runs folded. */
function DiffSectionLines({ section }: { section: DiffSection }) {
  return (
    <div>
      <h3>
        {section.schemaId === undefined
          ? studioText('versions.changesToFunnel')
          : studioText('versions.changesToSchema', { schemaId: section.schemaId })}
      </h3>
      {/* Long lines scroll sideways on a phone: the list takes focus so keys scroll it. */}
      <ol
        className="studio-diff"
        tabIndex={0}
        aria-label={
          section.schemaId === undefined
            ? studioText('versions.linesOfFunnel')
            : studioText('versions.linesOfSchema', { schemaId: section.schemaId })
        }
      >
        {section.lines.map((line, index) =>
          line.kind === 'skipped' ? (
            <li key={index} className="studio-diff__skipped">
              {studioText('versions.unchanged', { count: line.count })}
            </li>
          ) : (
            <li key={index} className={`studio-diff__${line.kind}`}>
              <span aria-hidden="true">{MARKS[line.kind].sign} </span>
              <span className="visually-hidden">{markWords(line.kind)}</span>
              {line.text}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
