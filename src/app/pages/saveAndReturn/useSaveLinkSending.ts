import { useCallback, useEffect, useRef, useState } from 'react';
import { requestSaveAndReturnLink } from '../../../store/account/account';
import type { useAppDispatch } from '../../../store/hooks';
import type { selectAuthStatus } from '../../../store/slices/authSlice';
import type { SummaryError } from '../../ui/ErrorSummary';
import { describeSaveAndReturnError } from './saveAndReturnErrors';

/**
 * Sending the save-and-return link: "Sending…" while it goes, the address once it has gone,
 * the error beside the field if it could not. The page passes its dispatch and session
 * status in, so its hooks (and their effects) keep their order.
 */
export function useSaveLinkSending({
  funnelId,
  dispatch,
  authStatus,
  setErrors,
}: {
  funnelId: string;
  dispatch: ReturnType<typeof useAppDispatch>;
  authStatus: ReturnType<typeof selectAuthStatus>;
  setErrors: (errors: SummaryError[]) => void;
}) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useCallback(
    async (address: string) => {
      setSending(true);
      try {
        await dispatch(requestSaveAndReturnLink(funnelId, address));
        setSentTo(address);
      } catch (error) {
        setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
      } finally {
        setSending(false);
      }
    },
    [dispatch, funnelId, setErrors, setSending, setSentTo],
  );
  // An address asked for before the session has started (it starts just after the page is
  // drawn, once the app's files answer): sent as soon as it has, "Sending…" meanwhile, so a
  // quick click is never one that did nothing.
  const waitingToSend = useRef<string | null>(null);
  useEffect(() => {
    const address = waitingToSend.current;
    if (address === null || authStatus !== 'initialised') return;
    waitingToSend.current = null;
    void send(address);
  }, [authStatus, send]);
  return {
    sending,
    sentTo,
    /** Asked for again: the form is shown again. */
    sendAgain: () => setSentTo(null),
    /** Sends now, or once the session has started. */
    sendWhenReady: async (address: string) => {
      if (authStatus === 'initialised') return send(address);
      waitingToSend.current = address;
      setSending(true);
    },
  };
}
