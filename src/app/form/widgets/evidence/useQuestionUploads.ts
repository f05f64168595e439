import { useEffect, useEffectEvent, useMemo, useRef, useSyncExternalStore } from 'react';
import type { EvidenceFile } from '../../../../runtime/contract';
import {
  questionUploads,
  type FileUploading,
  type UploadOutcomes,
} from '../../../../store/claimActions/evidenceUploads';
import { useAppDispatch } from '../../../../store/hooks';

const noUploads: readonly FileUploading[] = [];
const subscribeToNothing = () => () => {};
const nothingUploading = () => noUploads;

/** Where a question's uploads belong: the session and the question. */
interface QuestionPlace {
  uid: string | null;
  funnelId: string;
  pageId: string;
  field: string;
}

/** What the field does with an upload's outcome, as of its latest render. */
interface QuestionOutcomes {
  finished: (file: EvidenceFile) => void;
  refused: (message: string) => void;
}

/**
 * A file question's uploads (store/evidenceUploads), once the session is known: started with
 * the field and stopped with it, the files still waiting as a store the field draws, and a
 * way to add chosen files, which wait for the session when chosen before it.
 */
export function useQuestionUploads(
  { uid, funnelId, pageId, field }: QuestionPlace,
  outcomes: QuestionOutcomes,
) {
  const dispatch = useAppDispatch();
  const finished = useEffectEvent((file: EvidenceFile) => outcomes.finished(file));
  const refused = useEffectEvent((message: string) => outcomes.refused(message));

  const uploads = useMemo(
    () =>
      uid && funnelId && pageId
        ? questionUploads(dispatch, { uid, funnelId, pageId, field })
        : null,
    [dispatch, uid, funnelId, pageId, field],
  );
  const chosenBeforeSession = useRef<File[]>([]);
  useEffect(() => {
    if (!uploads) return;
    const started: UploadOutcomes = {
      finished: (file) => finished(file),
      refused: (_name, message) => refused(message),
    };
    void uploads.start(started).then(() => {
      const chosen = chosenBeforeSession.current.splice(0);
      if (chosen.length > 0) return uploads.add(chosen);
    });
    return () => uploads.stop();
  }, [uploads]);
  const waiting = useSyncExternalStore(
    uploads?.subscribe ?? subscribeToNothing,
    uploads?.snapshot ?? nothingUploading,
    nothingUploading,
  );

  const add = (accepted: File[]) => {
    if (uploads) void uploads.add(accepted);
    else chosenBeforeSession.current.push(...accepted);
  };
  return { uploads, waiting, add };
}
