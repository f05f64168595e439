import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import type { SaveAndReturnFrom } from '../pages/saveAndReturn/SaveAndReturnPage';
import { paths } from '../paths';

/**
 * GOV.UK "save and come back later", on every page of a claim, for a claimant without an
 * account (a registered one signs in on any device). The page they leave is the way back.
 */
export function SaveAndComeBackLink({ funnelId }: { funnelId: string }) {
  const user = useAppSelector(selectAuthUser);
  const location = useLocation();
  if (!user?.isAnonymous) return null;
  const from: SaveAndReturnFrom = { from: location.pathname + location.search };
  return (
    <p className="save-and-return">
      <Link to={paths.saveAndReturn(funnelId)} state={from}>
        Save and come back later
      </Link>
    </p>
  );
}
