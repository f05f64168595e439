import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { resolveNextPage } from '../../../runtime/funnel';
import type { PageAnswers } from '../../../runtime/funnel';
import { funnelRegistry } from '../../funnelRegistry';
import { StepForm } from '../../form/StepForm';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';

/**
 * For product owners: every funnel and page, each openable in a preview that validates
 * like the real form but saves nothing, so a JSON change can be seen at once.
 */
export function ExamplesPage() {
  const [params] = useSearchParams();
  const funnelId = params.get('funnel');
  const pageId = params.get('page');
  if (funnelId && pageId) return <PagePreview funnelId={funnelId} pageId={pageId} />;
  return <FunnelIndex />;
}

function FunnelIndex() {
  usePageTitle('Funnel examples');
  const funnels = funnelRegistry().listFunnels();
  return (
    <>
      <h1>Funnel examples</h1>
      <p className="lead">
        Every funnel in <code>funnels/</code>. Open a page to preview it: nothing you enter in a
        preview is saved.
      </p>
      {funnels.map((funnel) => (
        <section key={funnel.funnelId} aria-labelledby={`funnel-${funnel.funnelId}`}>
          <h2 id={`funnel-${funnel.funnelId}`}>
            {funnel.title} <span className="tag">version {funnel.version}</span>
          </h2>
          <p>
            Funnel id <code>{funnel.funnelId}</code>, {funnel.pages.length} pages.
          </p>
          <ol className="list list--number">
            {funnel.pages.map((page) => (
              <li key={page.pageId}>
                <Link to={paths.previewPage(funnel.funnelId, page.pageId)}>{page.title}</Link>{' '}
                <span className="caption" style={{ display: 'inline' }}>
                  ({page.pageId}, schema {page.schema}
                  {page.kind && page.kind !== 'form' ? `, ${page.kind}` : ''})
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function PagePreview({ funnelId, pageId }: { funnelId: string; pageId: string }) {
  const registry = funnelRegistry();
  const funnel = registry.getFunnel(funnelId);
  const page = registry.getPage(funnelId, pageId);
  const [answers, setAnswers] = useState<Record<string, PageAnswers>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  usePageTitle(page ? `Preview: ${page.title}` : 'Preview');
  if (!funnel || !page) {
    return (
      <>
        <h1>Page Not Found</h1>
        <p>
          There is no page {pageId} in funnel {funnelId}.{' '}
          <Link to={paths.examples()}>See all funnels</Link>.
        </p>
      </>
    );
  }
  return (
    <div className="narrow">
      <Link className="back-link" to={paths.examples()}>
        All funnels
      </Link>
      <div className="notice">
        <strong>Preview</strong> of page <code>{page.pageId}</code> in{' '}
        <code>{funnel.funnelId}</code>: nothing is saved.
      </div>
      {outcome && (
        <div className="notice notice--success" role="status">
          {outcome}
        </div>
      )}
      {page.kind === 'exit' ? (
        <>
          <h1>{page.title}</h1>
          {page.description && <p className="lead">{page.description}</p>}
        </>
      ) : (
        <StepForm
          key={`${funnelId}/${pageId}`}
          schema={registry.bundlePageSchema(page.schema) as RJSFSchema}
          uiSchema={page.uiSchema as UiSchema | undefined}
          initialAnswers={answers[pageId]}
          validate={(data) => registry.validatePage(funnelId, pageId, data)}
          submitLabel="Check this page"
          onValid={(data) => {
            const next = { ...answers, [pageId]: data };
            setAnswers(next);
            const following = resolveNextPage(funnel, pageId, next, registry.evaluateCondition);
            setOutcome(
              following
                ? `These answers are valid. A claimant would go on to "${following.title}" (${following.pageId}).`
                : 'These answers are valid. This is the last page on this path.',
            );
          }}
        >
          <h1>
            <span className="caption">{funnel.title}</span>
            {page.title}
          </h1>
          {page.description && <p className="lead">{page.description}</p>}
        </StepForm>
      )}
    </div>
  );
}
