import {
  AreaUnavailable,
  PageSkeleton,
  type TRemoteModule,
  useDocumentTitle,
  useOptionalCurrentOrganization,
  useT,
} from '@dash/shared';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useParams } from 'react-router';
import { ensureOrganizationBuild, loadRemoteComponent, remoteOf } from '../federation';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Area: ComponentType }
  | { status: 'failed'; error: unknown };

const loaded = new Map<TRemoteModule, ComponentType>();

/**
 * Loads an area's module before the first render, so that render shows the area instead of its
 * skeleton (the server's first render, and the browser's when it takes over from it).
 */
export async function preloadRemoteArea(module: TRemoteModule): Promise<ComponentType> {
  const Area = loaded.get(module) ?? (await loadRemoteComponent(module));
  loaded.set(module, Area);
  return Area;
}

/** The areas' names in the shell's messages (areas.*). */
export type TAreaKey =
  | 'changeEmail'
  | 'invitations'
  | 'settings'
  | 'messages'
  | 'wallet'
  | 'documents'
  | 'kyb'
  | 'rails'
  | 'deposit'
  | 'explore'
  | 'openStable'
  | 'complianceReview';

/**
 * One remote area of the dashboard. A remote that is slow or down only affects this box: it shows
 * a skeleton (each load attempt bounded in time, retried with backoff), then a contained error with
 * Retry, while the sidebar and other areas keep working.
 */
export function RemoteArea({ module, area: areaKey }: { module: TRemoteModule; area: TAreaKey }) {
  const { t } = useT('shell');
  const area = t(`areas.${areaKey}`);
  const cached = loaded.get(module);
  const [state, setState] = useState<LoadState>(
    cached ? { status: 'ready', Area: cached } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const { org: organization } = useParams();
  // "Wallet · Acme Treasury · Dash" (the area's own pages may name themselves more precisely).
  useDocumentTitle(area, useOptionalCurrentOrganization()?.name);

  useEffect(() => {
    if (loaded.has(module) && attempt === 0) {
      // Already running: another organization may need another build (a canary), then the page reloads.
      void ensureOrganizationBuild(remoteOf(module), organization);
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    ensureOrganizationBuild(remoteOf(module), organization)
      .then(() => loadRemoteComponent(module, attempt > 0))
      .then(
        (Area) => {
          loaded.set(module, Area);
          if (!cancelled) setState({ status: 'ready', Area });
        },
        (error: unknown) => {
          if (!cancelled) setState({ status: 'failed', error });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [module, attempt, organization]);

  const retry = useCallback(() => {
    loaded.delete(module);
    setAttempt((value) => value + 1);
  }, [module]);

  // The area as one element for as long as it is the same: this component renders again on every
  // navigation (useParams follows the route context, search params included), and a new <Area />
  // element would render the remote's whole area again with it (its routes matched anew), where
  // only the parts that read the location need to.
  const Area = state.status === 'ready' ? state.Area : null;
  const content = useMemo(
    () =>
      Area ? (
        <AreaErrorBoundary area={area} onRetry={retry} key={attempt}>
          <Area />
        </AreaErrorBoundary>
      ) : null,
    [Area, area, retry, attempt],
  );

  if (state.status === 'loading') return <PageSkeleton label={t('areas.loading', { area })} />;
  if (state.status === 'failed') return <AreaUnavailable area={area} onRetry={retry} />;
  return content;
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote's render errors so they stay inside its area. */
class AreaErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.area}] area crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error !== undefined) {
      return <AreaUnavailable area={this.props.area} onRetry={this.props.onRetry} error={this.state.error} />;
    }
    return this.props.children;
  }
}
