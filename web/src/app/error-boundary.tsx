import { Button, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { postQuietly } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';

/** A lazy page whose code could not be fetched: mostly a release replaced the files the tab knew. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed/i.test(message);
}

/** Logged in the browser and, with the user's session, in the API's log (POST /client-errors). */
function report(error: Error, info: ErrorInfo) {
  console.error('[zelo] screen failed', error, info.componentStack);
  postQuietly('/client-errors', {
    kind: isChunkLoadError(error) ? 'chunk' : 'render',
    message: String(error?.message ?? error).slice(0, 2000),
    stack: `${error?.stack ?? ''}\n${info.componentStack ?? ''}`.slice(0, 8000),
    route: window.location.pathname.slice(0, 300),
  });
}

interface BoundaryProps {
  /** A new key (the user went elsewhere) clears the error and renders the children again. */
  resetKey: string;
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    report(error, info);
  }

  override componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}

function ErrorScreen({ error, retry, whole }: { error: Error; retry: () => void; whole?: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const stale = isChunkLoadError(error);
  return (
    <div className={whole ? 'full-screen-center' : 'error-screen'} data-testid="error-screen">
      <NonIdealState
        icon={stale ? 'updated' : 'error'}
        title={t('errorScreen.title')}
        description={stale ? t('errorScreen.newVersion') : t('errorScreen.description')}
        action={
          <div className="error-screen-actions">
            {!stale && <Button text={t('errorScreen.retry')} onClick={retry} data-testid="error-retry" />}
            <Button
              intent="primary"
              icon="refresh"
              text={t('errorScreen.reload')}
              onClick={() => window.location.reload()}
              data-testid="error-reload"
            />
            <Button
              icon="home"
              text={t('errorScreen.home')}
              onClick={() => navigate('/')}
              data-testid="error-home"
            />
          </div>
        }
      />
    </div>
  );
}

/**
 * Around each page, inside the shell: a page that fails shows what happened and the ways back, while the
 * top bar and the menu stay usable; going to another page clears it. With `whole`, around the app for
 * what fails outside a page (the shell, the login): the screen alone.
 */
export function ErrorBoundary({ children, whole = false }: { children: ReactNode; whole?: boolean }) {
  const [location] = useLocation();
  return (
    <Boundary
      resetKey={location}
      fallback={(error, retry) => <ErrorScreen error={error} retry={retry} whole={whole} />}
    >
      {children}
    </Boundary>
  );
}
