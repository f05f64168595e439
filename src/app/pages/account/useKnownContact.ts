import { claimContactOf } from '../../../runtime/claim';
import { useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { selectProfile } from '../../../store/slices/profileSlice';
import { funnelRegistry } from '../../funnelRegistry';

/**
 * The email and phone the claimant already gave, to offer (never to force) on "Save and come
 * back later" and "Create an account": the profile's, else the answers their funnel's roles
 * name in this browser's claims (`funnelId`'s first), whatever the fields are called and on
 * whichever page they were asked.
 */
export function useKnownContact(funnelId?: string): { email: string; phoneNumber: string } {
  const uid = useAppSelector(selectAuthUser)?.uid;
  const profile = useAppSelector(selectProfile);
  const drafts = useAppSelector((state) => state.claim.byFunnel);
  const own = profile?.userId === uid ? profile : null;
  const ordered = Object.values(drafts)
    .filter((draft) => draft.ownerUid === uid)
    .sort((a, b) => Number(b.funnelId === funnelId) - Number(a.funnelId === funnelId));
  const fromAnswers = ordered.map((draft) =>
    claimContactOf(funnelRegistry().getFunnel(draft.funnelId)?.roles, draft.answers),
  );
  return {
    email: own?.email || (fromAnswers.find((contact) => contact.email)?.email ?? ''),
    phoneNumber: own?.phoneNumber || (fromAnswers.find((contact) => contact.phone)?.phone ?? ''),
  };
}
