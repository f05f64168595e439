import { useState } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { ClaimSummary } from '../../../../runtime/contract';

/** Another claim for the vehicle just entered, shown before the claimant moves on. */
interface DuplicateFound {
  registration: string;
  claims: ClaimSummary[];
  nextUrl: string | null;
}

/**
 * The notice of another claim for the same vehicle: shown at the top of the page in place of
 * moving on, then left by going on to the next page or by staying.
 */
export function useDuplicateNotice(navigate: NavigateFunction) {
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);
  return {
    duplicate,
    showDuplicate: (found: DuplicateFound) => {
      setDuplicate(found);
      window.scrollTo(0, 0);
    },
    leaveDuplicate: (andContinue: boolean) => {
      setDuplicate(null);
      if (andContinue && duplicate?.nextUrl) navigate(duplicate.nextUrl);
    },
  };
}
