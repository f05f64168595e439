import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../usePageTitle';
import { paths } from '../paths';

/** The generic error page; its default message is 'Internal Server Error', as the gateway's. */
export function GenericErrorPage({ message = 'Internal Server Error' }: { message?: string }) {
  usePageTitle(message);
  return (
    <>
      <h1>{message}</h1>
      <p>Sorry, there is a problem with the service. Your answers so far have been kept.</p>
      <p>
        Try again later, or <Link to={paths.home()}>go to the home page</Link>.
      </p>
    </>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: a new one clears the error, so the claimant can navigate away. */
  locationKey: string;
  children: ReactNode;
}

/**
 * The page outlet's error boundary: a screen that throws while rendering (or whose chunk
 * cannot load) shows the generic error page inside the layout, and the next navigation
 * tries again.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  { error: unknown; locationKey: string | null }
> {
  override state = { error: null as unknown, locationKey: null as string | null };

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
