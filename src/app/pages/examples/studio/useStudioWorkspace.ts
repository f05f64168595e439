/**
 * The studio editor's files and their checks: the registry's files as the dev server has them
 * and as edited in this tab, the editor's own check and then funnels:check's as the edits pause,
 * and the registry the diagram and preview draw from. Apart from the editor's markup, which
 * only shows them.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FunnelRegistry, Problem } from '../../../../runtime/funnel';
import type { PublishedVersion } from '../../../../runtime/versions';
import { funnelRegistry } from '../../../funnelRegistry';
import { loadPublishedVersions } from '../../../versions/publishedVersions';
import { checkStudioFiles, type StudioCheck } from './checkStudioFiles';
import { checkOnDevServer, fetchStudioFiles, studioDrafts } from './studioFiles';

/** How long typing pauses before the checker runs (it compiles every schema). */
const CHECK_DELAY_MS = 300;

/** funnels:check's own run on the files as edited (the dev server's), after the editor's check. */
export type FullCheck =
  | { state: 'running' }
  | { state: 'done'; problems: Problem[] }
  | { state: 'failed'; message: string };

/** Loads the files once, then checks them again each time the edits pause. */
export function useStudioWorkspace(funnelId: string) {
  const [disk, setDisk] = useState<Record<string, string> | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [check, setCheck] = useState<StudioCheck | null>(null);
  const [fullCheck, setFullCheck] = useState<FullCheck>({ state: 'running' });
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

  return { disk, setDisk, texts, setTexts, loadError, check, fullCheck, registry, problems };
}
