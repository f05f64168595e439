import { claimLocale } from '../../funnelRegistry';
import type { FunnelPage, Funnel, PageAnswers } from '../../../runtime/funnel';
import { useAppDispatch } from '../../../store/hooks';
import { claimSubmitRequested, pageSubmitted } from '../../../store/slices/claimSlice';

/**
 * What "Accept and send" does with the sign page's valid answers: keeps them as the page's
 * answers (the last page: nothing follows), then asks for the claim to be sent with the
 * version of the letter the claimant agreed to.
 */
export function useSendClaim(funnel: Funnel, page: FunnelPage, uid: string) {
  const dispatch = useAppDispatch();
  return (data: PageAnswers) => {
    dispatch(
      pageSubmitted({
        funnelId: funnel.funnelId,
        ownerUid: uid,
        pageId: page.pageId,
        answers: data,
        nextPageId: null,
        locale: claimLocale(funnel),
      }),
    );
    dispatch(
      claimSubmitRequested({
        funnelId: funnel.funnelId,
        ...(page.letterOfAuthority
          ? { letterOfAuthorityVersion: page.letterOfAuthority.version }
          : {}),
      }),
    );
  };
}
