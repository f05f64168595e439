import { useEffect, useRef, useState } from 'react';
import type { GatewayResponse } from '../../../runtime/contract';
import { errorCodeOf } from '../../../runtime/contract';
import { retryUntilDone } from '../../../runtime/web';
import {
  checkLink,
  redeemLink,
  type LinkAnswers,
  type LinkOutcome,
} from '../../../store/account/account';
import { isUnanswered } from '../../../store/gatewayQueryError';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { describeSaveAndReturnError } from '../saveAndReturn/saveAndReturnErrors';

/**
 * The steps of opening a single-use link and the stage they reached, apart from how each
 * stage is drawn (LinkOpening.tsx): asking the gateway about the link once this browser has a
 * session, taking again a step that found no connection, and using the link.
 */

type Question = NonNullable<GatewayResponse<'checkEmailLink'>['question']>;

/** An address the gateway refused, kept with what was typed so nothing needs typing again. */
export interface AddressRefusal {
  email: string;
  message: string;
}

export type LinkOpeningStage =
  | { kind: 'working' }
  | { kind: 'address'; stay: string; refusal?: AddressRefusal }
  | { kind: 'asking'; question: Question; purpose: string; email?: string }
  | { kind: 'unreachable' }
  | { kind: 'used'; message?: string }
  | { kind: 'failed'; message: string };

function codeOf(error: unknown): string | undefined {
  return errorCodeOf(error);
}

/**
 * Takes a step of opening the link, saying it is under way. One that found no connection
 * says so and is taken again (at once when the browser is back online, else after a growing
 * wait), the page saying so until it is through; one the gateway refused ends in words.
 * Retrying stops when the page goes.
 */
function useRetryingStep(setStage: (stage: LinkOpeningStage) => void) {
  const stopRetrying = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRetrying.current(), []);

  return function take(step: () => Promise<void>): Promise<void> {
    const failed = (error: unknown) =>
      setStage({ kind: 'failed', message: describeAuthError(error) });
    setStage({ kind: 'working' });
    return step().catch((error: unknown) => {
      if (!isUnanswered(error)) return failed(error);
      setStage({ kind: 'unreachable' });
      stopRetrying.current();
      stopRetrying.current = retryUntilDone(
        () =>
          step().catch((again: unknown) => {
            if (isUnanswered(again)) throw again;
            failed(again);
          }),
        window,
      );
    });
  };
}

/**
 * Opens the link `token` as LinkOpening describes, starting once auth has initialised.
 * Returns the stage reached, with what the address form and the question answer with.
 */
export function useLinkOpening(
  token: string,
  onRedeemed: (outcome: LinkOutcome) => void,
  onEnded?: (stage: Extract<LinkOpeningStage, { kind: 'used' | 'failed' }>) => void,
) {
  const dispatch = useAppDispatch();
  const authStatus = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [stage, setStage] = useState<LinkOpeningStage>({ kind: 'working' });
  const started = useRef(false);
  const take = useRetryingStep(setStage);

  async function redeem(answers: LinkAnswers) {
    try {
      onRedeemed(await dispatch(redeemLink(token, answers)));
    } catch (error) {
      if (codeOf(error) !== 'failed-precondition') throw error;
      setStage({ kind: 'used', message: describeSaveAndReturnError(error) });
    }
  }

  /** Asks the gateway what the link needs here; with `email`, the address typed. */
  async function check(email?: string) {
    const result = await dispatch(checkLink(token, email));
    if (!result.live) return setStage({ kind: 'used' });
    if (result.needsAddress && email === undefined) {
      const stay = result.stay?.pageId
        ? pageUrl(result.stay.funnelId, result.stay.pageId, user?.uid ?? '')
        : paths.home();
      return setStage({ kind: 'address', stay });
    }
    if (result.question) {
      return setStage({
        kind: 'asking',
        question: result.question,
        purpose: result.purpose!,
        email,
      });
    }
    return redeem({ email });
  }

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    started.current = true;
    void take(() => check());
    // check() is the same whenever it is first possible to run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus, token]);

  useEffect(() => {
    if (stage.kind === 'used' || stage.kind === 'failed') onEnded?.(stage);
    // Told once per stage reached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage]);

  /** The address typed on the form; one the gateway refuses shows the form again, saying why. */
  const answerAddress = (email: string, stay: string) =>
    take(() =>
      check(email).catch((error: unknown) => {
        if (codeOf(error) !== 'invalid-argument') throw error;
        const message = describeSaveAndReturnError(error);
        setStage({ kind: 'address', stay, refusal: { email, message } });
      }),
    );
  /** "Yes" to the question: the link is used, as the address typed before it. */
  const answerYes = (email: string | undefined) =>
    void take(() => redeem({ email, confirmed: true }));

  return { stage, uid: user?.uid ?? '', answerAddress, answerYes };
}
