import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorsText } from './errorsText';
import { usePageTitle } from '../usePageTitle';
import { paths } from '../paths';
import { MessageSentence } from './MessageSentence';

/**
 * The generic error page; its default message is `errorPage.title` ("Internal Server Error",
 * as the gateway's). Its words are errors.en-GB.json's, which every first page loads: the
 * layout's error boundary draws it on any page.
 */
export function GenericErrorPage({ message }: { message?: string }) {
  const title = message ?? errorsText('errorPage.title');
  usePageTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p>{errorsText('errorPage.sorry')}</p>
      <p>
        <MessageSentence
          say={errorsText}
          message="errorPage.tryAgain"
          slots={{ homeLink: <Link to={paths.home()}>{errorsText('errorPage.homeLink')}</Link> }}
        />
      </p>
    </>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: a new one clears the error, so the claimant can navigate away. */
  locationKey: string;
  children: ReactNode;
}

/** What the boundary caught, and at which location (a new one clears it). */
interface RouteErrorBoundaryState {
  error: unknown;
  locationKey: string | null;
}

/**
 * The page outlet's error boundary: a screen that throws while rendering (or whose chunk
 * cannot load) shows the generic error page inside the layout, and the next navigation
 * tries again.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, locationKey: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: { error: unknown; locationKey: string | null },
  ) {
    if (state.locationKey === props.locationKey) return null;
    return { error: null, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <GenericErrorPage /> : this.props.children;
  }
}
