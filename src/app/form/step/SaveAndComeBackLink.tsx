import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import type { SaveAndReturnFrom } from '../../pages/saveAndReturn/SaveAndReturnPage';
import { paths } from '../../paths';
import { formText } from '../formText';

/**
 * GOV.UK "save and come back later", on every page of a claim, for a claimant without an
 * account (a registered one signs in on any device). The page they leave is the way back.
 * Its line is kept while the session is not known yet (a prerendered page, before
 * hydration), so the link arriving with the session moves nothing below it.
 */
export function SaveAndComeBackLink({ funnelId }: { funnelId: string }) {
  const user = useAppSelector(selectAuthUser);
  const location = useLocation();
  const from: SaveAndReturnFrom = { from: location.pathname + location.search };
  return (
    <p className="save-and-return">
      {user?.isAnonymous && (
        <Link to={paths.saveAndReturn(funnelId)} state={from}>
          {formText('saveAndReturn.link')}
        </Link>
      )}
    </p>
  );
}
