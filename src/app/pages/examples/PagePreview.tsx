import { useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  resolveNextPage,
  type Funnel,
  type FunnelRegistry,
  type PageAnswers,
} from '../../../runtime/funnel';
import { StepForm } from '../../form/renderers/StepForm';
import { MessageSentence } from '../../ui/MessageSentence';
import { examplesText } from './examplesText';

interface PagePreviewProps {
  registry: FunnelRegistry;
  funnel: Funnel;
  pageId: string;
  /** The page's heading level: 1 on a page of its own, lower inside the studio. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * One funnel page as a claimant sees it, validating like the real form but saving nothing.
 * It draws from the registry it is given, so the studio's editor can pass one built from
 * the JSON being edited and see the page change as it types.
 */
export function PagePreview({ registry, funnel, pageId, headingLevel = 1 }: PagePreviewProps) {
  const page = funnel.pages.find((candidate) => candidate.pageId === pageId);
  const [answers, setAnswers] = useState<Record<string, PageAnswers>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1]!;
  if (!page)
    return <p>{examplesText('preview.noSuchPage', { pageId, funnelId: funnel.funnelId })}</p>;
  const schema = registry.bundlePageSchema(page.schema);
  return (
    <>
      <div className="notice">
        <MessageSentence
          say={examplesText}
          message="preview.notice"
          slots={{
            preview: <strong>{examplesText('preview.noticePreview')}</strong>,
            pageId: <code>{page.pageId}</code>,
            funnelId: <code>{funnel.funnelId}</code>,
          }}
        />
      </div>
      {outcome && (
        <div className="notice notice--success" role="status">
          {outcome}
        </div>
      )}
      {page.kind === 'exit' || !schema ? (
        <>
          <Heading>{page.title}</Heading>
          {page.description && <p className="lead">{page.description}</p>}
        </>
      ) : (
        <StepForm
          key={`${funnel.funnelId}/${pageId}`}
          // RJSF has a JSON Schema type of its own; a bundled page schema is one.
          schema={schema as RJSFSchema}
          // A funnel page's ui schema is loose JSON; it is written for RJSF.
          uiSchema={page.uiSchema as UiSchema | undefined}
          initialAnswers={answers[pageId]}
          validate={(data) => registry.validatePage(funnel.funnelId, pageId, data)}
          submitLabel={examplesText('preview.submit')}
          onValid={(data) => {
            const next = { ...answers, [pageId]: data };
            setAnswers(next);
            const following = resolveNextPage(funnel, pageId, next, registry.evaluateCondition);
            setOutcome(
              following
                ? examplesText('preview.validNext', {
                    pageTitle: following.title,
                    pageId: following.pageId,
                  })
                : examplesText('preview.validLast'),
            );
          }}
        >
          <Heading>
            <span className="caption">{funnel.title}</span>
            {page.title}
          </Heading>
          {page.description && <p className="lead">{page.description}</p>}
        </StepForm>
      )}
    </>
  );
}
